// The marketing kit (decision 0136, docs/product.md §24): the annual plan's "marketing toolkit" (§9) for
// each of the seller's live listings. The server decides who gets one: the listing's owner, on the annual
// plan, for a listing that is live. The flyer's QR code is drawn here as SVG, and the share image with
// sharp, so neither needs a script in the browser.
import QRCode from 'qrcode';
import sharp from 'sharp';
import {
  KIT_IMAGE_SIZE,
  KIT_PLAN,
  kitImagePath,
  puppyPath,
  shareLinks,
  type MarketingKitView,
} from '#contracts/marketing-kit.ts';
import { formatPrice } from '#contracts/money.ts';
import { siteAddress } from '#contracts/site-url.ts';
import { MAIL_COLOURS } from '../mail/palette.ts';
import { badgesOf } from './breeders/badges.ts';
import { breederLink } from './breeders/pages.ts';
import type { Puppy } from './model.ts';
import { isPublic } from './puppy-catalogue.ts';
import type { Repositories } from './store/index.ts';

/** the listing behind a kit, once the viewer may have it; otherwise the page's refusal */
export type KitAccess =
  { ok: true; puppy: Puppy; breed: string } | { ok: false; view: Exclude<MarketingKitView, { state: 'ready' }> };

/** why a listing is not live, in the seller's words; null when it is */
function notLiveReason(puppy: Puppy, now: Date): string | null {
  if (puppy.hiddenAt) return 'A moderator hid this listing, so it cannot be shared. My Listings says why.';
  if (puppy.expiresAt === null)
    return 'This listing is a draft: publish it from My Listings first, then come back for its kit.';
  if (!isPublic(puppy, now)) return 'This listing has expired: renew it from My Listings, then come back for its kit.';
  if (puppy.status === 'adopted') return 'This puppy has been adopted, so there is nothing left to share.';
  return null;
}

/**
 * Who may have the kit of listing `puppyId`: an unknown listing and another seller's answer the same
 * (nothing tells a stranger a listing exists), then the plan, then whether the listing is live.
 */
export async function kitAccess(store: Repositories, userId: number, puppyId: number, now: Date): Promise<KitAccess> {
  const puppy = await store.puppies.get(puppyId);
  if (!puppy || puppy.userId !== userId) return { ok: false, view: { state: 'not-found' } };
  const subscription = await store.sellerSubscriptions.findActive(userId, now);
  if (subscription?.plan !== KIT_PLAN)
    return { ok: false, view: { state: 'upgrade', plan: subscription?.plan ?? null, puppyName: puppy.name } };
  const reason = notLiveReason(puppy, now);
  if (reason) return { ok: false, view: { state: 'not-live', puppyName: puppy.name, reason } };
  const breed = (await store.breeds.list()).find((b) => b.id === puppy.breedId)?.name ?? 'Puppy';
  return { ok: true, puppy, breed };
}

/** the QR code of an address as an <svg>, dark on white with the standard quiet zone */
export function qrCodeSvg(address: string): Promise<string> {
  // M: 15% of the code may be smudged on a printed flyer and it still reads
  return QRCode.toString(address, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 4,
    color: { dark: '#000000', light: '#ffffff' },
  });
}

/** the kit page's view, or its refusal */
export async function marketingKit(
  store: Repositories,
  userId: number,
  puppyId: number,
  siteUrl: string,
  now: Date,
): Promise<MarketingKitView> {
  const access = await kitAccess(store, userId, puppyId, now);
  if (!access.ok) return access.view;
  const { puppy, breed } = access;
  const [badges, link, seller] = await Promise.all([
    badgesOf(store, [userId], now),
    breederLink(store, userId),
    store.users.get(userId),
  ]);
  const listingUrl = siteAddress(siteUrl, puppyPath(puppy.id));
  const text = `Meet ${puppy.name}, a ${breed} puppy on PuppyNest`;
  return {
    state: 'ready',
    puppy: {
      id: puppy.id,
      name: puppy.name,
      breed,
      price: puppy.price,
      imageUrl: puppy.imageUrl,
      location: puppy.location,
    },
    sellerName: link?.kennelName ?? seller?.username ?? 'PuppyNest breeder',
    badges: badges.get(userId) ?? [],
    listingUrl,
    qrSvg: await qrCodeSvg(listingUrl),
    imagePath: kitImagePath(puppy.id),
    shareLinks: shareLinks(listingUrl, text, siteAddress(siteUrl, kitImagePath(puppy.id))),
  };
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** at most `max` characters, with an ellipsis: the overlay has no text wrapping */
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** the share image's text panel, right of the photo: name, breed, price, place and the site's name */
function overlaySvg(puppy: Puppy, breed: string, host: string): string {
  const { width, height } = KIT_IMAGE_SIZE;
  const x = height + 56;
  const c = MAIL_COLOURS;
  const font = `font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect x="${height}" y="0" width="${width - height}" height="${height}" fill="${c.cream}"/>
  <rect x="${height}" y="0" width="12" height="${height}" fill="${c.brand}"/>
  <text x="${x}" y="120" ${font} font-size="30" fill="${c.muted}">Meet</text>
  <text x="${x}" y="196" ${font} font-size="64" font-weight="bold" fill="${c.ink}">${xml(clip(puppy.name, 14))}</text>
  <text x="${x}" y="252" ${font} font-size="32" fill="${c.ink}">${xml(clip(breed, 26))}</text>
  <text x="${x}" y="350" ${font} font-size="60" font-weight="bold" fill="${c.brand}">${xml(formatPrice(puppy.price))}</text>
  <text x="${x}" y="404" ${font} font-size="26" fill="${c.muted}">${xml(clip(puppy.location, 32))}</text>
  <text x="${x}" y="560" ${font} font-size="40" font-weight="bold" fill="${c.ink}">Puppy<tspan fill="${c.brand}">Nest</tspan></text>
  <text x="${x}" y="596" ${font} font-size="24" fill="${c.muted}">${xml(clip(host, 36))}</text>
</svg>`;
}

/**
 * The 1200×630 PNG social networks show beside a shared link: the listing's photo as a square on the
 * left (cropped to its centre), the SVG text panel on the right. Without a readable photo the square is
 * the brand colour, so a kit never fails for want of a picture.
 */
export async function renderShareImage(
  puppy: Puppy,
  breed: string,
  photo: Buffer | null,
  siteUrl: string,
): Promise<Buffer> {
  const { width, height } = KIT_IMAGE_SIZE;
  const square = photo
    ? await sharp(photo, { limitInputPixels: 40_000_000 })
        .rotate()
        .resize(height, height, { fit: 'cover' })
        .png()
        .toBuffer()
        .catch(() => null)
    : null;
  const host = new URL(siteUrl).host;
  return sharp({ create: { width, height, channels: 3, background: MAIL_COLOURS.brand } })
    .composite([
      ...(square ? [{ input: square, left: 0, top: 0 }] : []),
      { input: Buffer.from(overlaySvg(puppy, breed, host)), left: 0, top: 0 },
    ])
    .png({ compressionLevel: 8 })
    .toBuffer();
}
