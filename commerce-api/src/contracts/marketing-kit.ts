// The marketing kit of an annual-plan seller's live listing (decision 0136, docs/product.md §24): its
// addresses, the share links and what the kit page is handed. The server decides who sees a kit; the page
// only draws what it is given.
import type { BadgeView } from './breeders.ts';
import type { PlanId } from './plans.ts';

/** the plan whose sellers get the kit (docs/product.md §9: the annual plan's "marketing toolkit") */
export const KIT_PLAN: PlanId = 'annual';

/** the kit page of one of the seller's listings: the one address My Listings links to */
export function kitPath(puppyId: number): string {
  return `/my-listings/${puppyId}/kit`;
}

/** the listing's share image (PNG, KIT_IMAGE_SIZE), served beside its kit */
export function kitImagePath(puppyId: number): string {
  return `${kitPath(puppyId)}/share.png`;
}

/** the size social networks show a link's picture at (Open Graph's 1.91:1) */
export const KIT_IMAGE_SIZE = { width: 1200, height: 630 } as const;

/** a listing's public page, as a path on the site */
export function puppyPath(puppyId: number): string {
  return `/puppies/${puppyId}`;
}

export const SHARE_TARGETS = ['facebook', 'x', 'pinterest', 'email', 'link'] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];

export interface ShareLink {
  target: ShareTarget;
  /** the button's name: "Facebook" */
  label: string;
  /** the address to open (or, for `link`, the listing's own) */
  href: string;
}

/**
 * The kit's share links: each network's own "share this address" URL with the listing's address, a mail
 * with it, and the address itself. Pinterest also takes the picture it pins.
 */
export function shareLinks(listingUrl: string, text: string, imageUrl: string): ShareLink[] {
  const u = encodeURIComponent(listingUrl);
  const t = encodeURIComponent(text);
  return [
    { target: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { target: 'x', label: 'X', href: `https://x.com/intent/post?url=${u}&text=${t}` },
    {
      target: 'pinterest',
      label: 'Pinterest',
      href: `https://www.pinterest.com/pin/create/button/?url=${u}&media=${encodeURIComponent(imageUrl)}&description=${t}`,
    },
    {
      target: 'email',
      label: 'Email',
      href: `mailto:?subject=${t}&body=${encodeURIComponent(`${text}\n${listingUrl}`)}`,
    },
    { target: 'link', label: 'Plain link', href: listingUrl },
  ];
}

/** the kit as its page shows it (Astro.locals.kit on /my-listings/{id}/kit) */
export type MarketingKitView =
  | {
      state: 'ready';
      puppy: {
        id: number;
        name: string;
        breed: string;
        /** whole dollars */
        price: number;
        imageUrl: string;
        location: string;
      };
      /** the seller's kennel name, or their username without a breeder page */
      sellerName: string;
      badges: BadgeView[];
      /** the listing's public address, absolute: what the QR code and the share links carry */
      listingUrl: string;
      /** the QR code of listingUrl, an <svg> drawn on the server */
      qrSvg: string;
      imagePath: string;
      shareLinks: ShareLink[];
    }
  /** the seller's plan is not the annual one (null: no plan at all) */
  | { state: 'upgrade'; plan: PlanId | null; puppyName: string }
  /** the listing is a draft, expired, hidden by a moderator or adopted */
  | { state: 'not-live'; puppyName: string; reason: string }
  /** no such listing among the viewer's own */
  | { state: 'not-found' };
