// The marketing kit (decision 0136, docs/product.md §24): /my-listings/{id}/kit and its share image are
// the listing owner's, on the annual plan, for a live listing. Everyone else gets the page's explanation
// (the image: a refusal with its reason). The flyer's QR code is the listing's public address, and the
// share image a 1200×630 PNG. Run on both stores (projects api and api-postgres). A stand-in for Astro
// records what the page is handed; the built page is requested in tests/e2e/marketing-kit.spec.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import QRCode from 'qrcode';
import sharp from 'sharp';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { kitImagePath, kitPath, type MarketingKitView } from '#contracts/marketing-kit.ts';
import type { PageLocals } from '#contracts/pages.ts';
import type { PlanId } from '#contracts/plans.ts';
import { signedInAgent } from '../support/api-login.ts';
import { buildBreeds, buildPuppy, createRng } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const DAY = 86_400_000;
const future = new Date(NOW.getTime() + 10 * DAY).toISOString();
const past = new Date(NOW.getTime() - DAY).toISOString();

/** what the page was last handed */
const handed: { locals?: Partial<PageLocals> } = {};
const handler = (_req: IncomingMessage, res: ServerResponse, _next?: unknown, locals?: object) => {
  handed.locals = locals as Partial<PageLocals>;
  res.setHeader('Content-Type', 'text/plain');
  res.end('rendered by Astro');
};

type Agent = Awaited<ReturnType<typeof signedInAgent>>;
let t: TestApp;
const sellers = {} as Record<PlanId | 'none', Agent>;
const listings = {} as Record<'live' | 'draft' | 'expired' | 'hidden' | 'adopted' | 'monthly' | 'none', number>;

async function givePlan(userId: number, plan: PlanId) {
  await t.store.sellerSubscriptions.createForProvider({
    userId,
    plan,
    priceId: `price_${plan}`,
    providerSubscriptionId: `sub_kit_${userId}`,
    status: 'active',
    trialEnd: null,
    currentPeriodEnd: new Date(NOW.getTime() + 300 * DAY).toISOString(),
    createdAt: NOW.toISOString(),
  });
}

async function listing(userId: number, overrides: Parameters<typeof buildPuppy>[0] = {}): Promise<number> {
  const puppy = buildPuppy(
    { userId, breedId: 1, name: 'Biscuit', price: 1250, expiresAt: future, ...overrides },
    createRng(5),
    {
      now: NOW,
    },
  );
  return (await t.store.puppies.insert(puppy)).id;
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW, pages: { handler, buildId: 'stand-in' } });
  for (const breed of buildBreeds()) await t.store.breeds.insert(breed);
  for (const plan of ['annual', 'biannual', 'monthly', 'none'] as const) {
    sellers[plan] = await signedInAgent(t, { accountType: 'seller', username: `kit-${plan}` });
    if (plan !== 'none') await givePlan(sellers[plan].user.id, plan);
  }
  const annual = sellers.annual.user.id;
  listings.live = await listing(annual);
  listings.draft = await listing(annual, { expiresAt: null });
  listings.expired = await listing(annual, { expiresAt: past });
  listings.hidden = await listing(annual);
  await t.store.puppies.update(listings.hidden, { hiddenAt: NOW.toISOString(), hiddenReason: 'Stock photo' });
  listings.adopted = await listing(annual, { status: 'adopted' });
  listings.monthly = await listing(sellers.monthly.user.id);
  listings.none = await listing(sellers.none.user.id);
});

async function kitOf(agent: Agent['agent'], id: number | string): Promise<MarketingKitView | undefined> {
  handed.locals = undefined;
  const response = await agent.get(`/my-listings/${id}/kit`);
  expect(response.text).toBe('rendered by Astro');
  expect(response.headers['cache-control']).toBe('private, no-store');
  // assigned by the stand-in during the request, which TypeScript cannot see
  return (handed.locals as Partial<PageLocals> | undefined)?.kit;
}

/** the dark modules an SVG of the qrcode library draws, read back from its path (M/m moves, h runs) */
function modulesOfSvg(svg: string): { size: number; dark: Set<string> } {
  const viewBox = /viewBox="0 0 (\d+) \d+"/.exec(svg);
  const d = /<path stroke="#000000" d="([^"]+)"/.exec(svg);
  if (!viewBox || !d) throw new Error('not a QR code SVG');
  const margin = 4;
  const dark = new Set<string>();
  let x = 0;
  let y = 0;
  for (const [, cmd, a, b] of d[1]!.matchAll(/([Mmh])([\d.]+)(?: ([\d.]+))?/g)) {
    if (cmd === 'M') [x, y] = [Number(a), Number(b)];
    else if (cmd === 'm') x += Number(a);
    else {
      for (let i = 0; i < Number(a); i++) dark.add(`${Math.floor(y) - margin},${x + i - margin}`);
      x += Number(a);
    }
  }
  return { size: Number(viewBox[1]) - 2 * margin, dark };
}

describe('the kit page', () => {
  it('is served to the annual owner of a live listing: flyer, QR code of the public address, image and share links', async () => {
    const kit = await kitOf(sellers.annual.agent, listings.live);
    const listingUrl = `${t.deps.config.publicSiteUrl}/puppies/${listings.live}`;
    expect(kit).toMatchObject({
      state: 'ready',
      puppy: { id: listings.live, name: 'Biscuit', price: 1250 },
      sellerName: 'kit-annual',
      listingUrl,
      imagePath: kitImagePath(listings.live),
    });
    if (kit?.state !== 'ready') throw new Error('no kit');
    expect(kit.puppy.breed).toBe((await t.store.breeds.list()).find((b) => b.id === 1)!.name);
    // the flyer's QR code is an inline SVG whose modules are exactly the code of the listing's address
    expect(kit.qrSvg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const expected = QRCode.create(listingUrl, { errorCorrectionLevel: 'M' });
    expect(expected.segments.map((s) => Buffer.from(s.data as unknown as Uint8Array).toString('utf8'))).toEqual([
      listingUrl,
    ]);
    const drawn = modulesOfSvg(kit.qrSvg);
    expect(drawn.size).toBe(expected.modules.size);
    const wanted = new Set<string>();
    expected.modules.data.forEach((on, i) => {
      if (on) wanted.add(`${Math.floor(i / expected.modules.size)},${i % expected.modules.size}`);
    });
    expect(drawn.dark).toEqual(wanted);
    // every share link carries the address
    expect(kit.shareLinks.map((l) => l.target)).toEqual(['facebook', 'x', 'pinterest', 'email', 'link']);
    for (const link of kit.shareLinks)
      expect(link.href.includes(listingUrl) || link.href.includes(encodeURIComponent(listingUrl))).toBe(true);
    expect(kit.shareLinks.find((l) => l.target === 'facebook')!.href).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(listingUrl)}`,
    );
  });

  it.each([
    ['monthly', 'monthly'],
    ['biannual', 'biannual'],
    ['none', null],
  ] as const)('a %s seller is told the kit comes with the Annual plan', async (plan, shown) => {
    const id =
      plan === 'monthly' ? listings.monthly : plan === 'none' ? listings.none : await listing(sellers.biannual.user.id);
    expect(await kitOf(sellers[plan].agent, id)).toEqual({ state: 'upgrade', plan: shown, puppyName: 'Biscuit' });
  });

  it("another seller's listing, an unknown one and a malformed id are not found, even on the annual plan", async () => {
    expect(await kitOf(sellers.annual.agent, listings.monthly)).toEqual({ state: 'not-found' });
    expect(await kitOf(sellers.biannual.agent, listings.live)).toEqual({ state: 'not-found' });
    expect(await kitOf(sellers.annual.agent, 999_999)).toEqual({ state: 'not-found' });
    expect(await kitOf(sellers.annual.agent, 'abc')).toEqual({ state: 'not-found' });
  });

  it.each([
    ['draft', /draft/],
    ['expired', /expired/],
    ['hidden', /moderator hid/],
    ['adopted', /adopted/],
  ] as const)('a %s listing gets its reason', async (which, reason) => {
    const kit = await kitOf(sellers.annual.agent, listings[which]);
    expect(kit).toMatchObject({ state: 'not-live', puppyName: 'Biscuit' });
    expect(kit?.state === 'not-live' && kit.reason).toMatch(reason);
  });

  it('a visitor is sent to log in first, and comes back to the kit', async () => {
    const response = await request(t.app).get(kitPath(listings.live)).expect(303);
    expect(response.headers.location).toBe(`/auth?next=${encodeURIComponent(kitPath(listings.live))}`);
  });
});

describe('the share image', () => {
  it('is a 1200×630 PNG for the annual owner, kept privately and answered 304 while the listing is unchanged', async () => {
    const response = await sellers.annual.agent
      .get(kitImagePath(listings.live))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('private, max-age=3600');
    const meta = await sharp(response.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 630 });
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    await sellers.annual.agent.get(kitImagePath(listings.live)).set('If-None-Match', etag).expect(304);
    // a changed listing is a new picture
    await t.store.puppies.update(listings.live, {
      price: 1300,
      updatedAt: new Date(NOW.getTime() + 1000).toISOString(),
    });
    const changed = await sellers.annual.agent.get(kitImagePath(listings.live)).set('If-None-Match', etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('is refused to other plans, other sellers, non-live listings and visitors, with the reason', async () => {
    const refused = async (agent: { get(path: string): request.Test }, id: number, status: number, text: RegExp) => {
      const response = await agent.get(kitImagePath(id));
      expect(response.status).toBe(status);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.text).toMatch(text);
    };
    await refused(sellers.monthly.agent, listings.monthly, 403, /Annual plan/);
    await refused(sellers.none.agent, listings.none, 403, /Annual plan/);
    await refused(sellers.biannual.agent, listings.live, 404, /None of your listings/);
    await refused(sellers.annual.agent, listings.monthly, 404, /None of your listings/);
    await refused(sellers.annual.agent, listings.draft, 409, /draft/);
    await refused(sellers.annual.agent, listings.expired, 409, /expired/);
    await refused(request(t.app), listings.live, 401, /Log in/);
  });
});
