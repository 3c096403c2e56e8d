// Breed pages (decision 0130, docs/product.md §19): GET /api/breeds/{slug} answers the editors' profile
// and the catalogue's live figures — the available count, the middle half of the public listings'
// prices, the breed's breeders best rated first — and 404 for a slug that names no breed. Run on both
// stores (projects api and api-postgres), which must agree to the dollar.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BreedPageView } from '#contracts/breed-pages.ts';
import { buildBreeds, buildOrder, buildPuppy, buildUser, createRng } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const DAY = 86_400_000;
const future = new Date(NOW.getTime() + 10 * DAY).toISOString();
const past = new Date(NOW.getTime() - DAY).toISOString();
const longAgo = new Date(NOW.getTime() - 400 * DAY).toISOString();

let t: TestApp;
let goldenId = 0;
const sellers: Record<string, number> = {};

async function seller(username: string, kennelName: string | null): Promise<number> {
  const { usernameKey: _key, ...row } = buildUser({ username, accountType: 'seller', createdAt: longAgo }, NOW);
  const user = await t.store.users.create(row);
  if (kennelName)
    await t.store.breederProfiles.save({
      userId: user.id,
      kennelName,
      slug: kennelName.toLowerCase().replace(/\s+/g, '-'),
      about: '',
      town: 'Austin',
      state: 'TX',
      breeds: ['Golden Retriever'],
      photoUrl: null,
      createdAt: longAgo,
      updatedAt: longAgo,
    });
  sellers[username] = user.id;
  return user.id;
}

/** a handed-over sale of the seller's with a review of `stars`, counted into the seller's rating */
async function review(sellerId: number, puppyId: number, buyerId: number, stars: number): Promise<void> {
  const order = await t.store.orders.create(
    buildOrder({ puppyId, buyerId, sellerId, status: 'handed_over', handedOverAt: NOW.toISOString() }, NOW),
  );
  await t.store.reviews.create({
    orderId: order.id,
    buyerId,
    sellerId,
    puppyId,
    puppyName: 'Sunny',
    breedName: 'Golden Retriever',
    handedOverAt: NOW.toISOString(),
    rating: stars,
    body: 'A healthy, happy puppy from a caring breeder.',
    createdAt: NOW.toISOString(),
    editedAt: null,
    reply: null,
    repliedAt: null,
    hiddenAt: null,
    hiddenReason: null,
  });
  await t.store.sellerRatings.refresh(sellerId, NOW);
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  const rng = createRng(11);
  for (const breed of buildBreeds()) await t.store.breeds.insert(breed);
  const breeds = await t.store.breeds.list();
  goldenId = breeds.find((b) => b.name === 'Golden Retriever')!.id;
  const beagleId = breeds.find((b) => b.name === 'Beagle')!.id;
  const unrated = await seller('unrated', 'Quiet Meadow Goldens');
  const good = await seller('good', 'Good Dogs Kennel');
  const best = await seller('best', 'Best Friends Goldens');
  const noPage = await seller('nopage', null);
  const { usernameKey: _key, ...buyerRow } = buildUser({ username: 'family', createdAt: longAgo }, NOW);
  const buyer = await t.store.users.create(buyerRow);

  const add = (overrides: Parameters<typeof buildPuppy>[0]) =>
    t.store.puppies.insert(buildPuppy({ breedId: goldenId, expiresAt: future, ...overrides }, rng, { now: NOW }));
  // the public Golden Retrievers: prices 1000, 1101, 1500, 2000; three available
  await add({ userId: unrated, price: 1000, status: 'available' });
  await add({ userId: unrated, price: 2000, status: 'available' });
  await add({ userId: good, price: 1500, status: 'reserved' });
  await add({ userId: noPage, price: 1101, status: 'available' });
  // not public, or not this breed: left out of every figure
  await add({ userId: best, price: 9000, status: 'available', expiresAt: past });
  // a listing a moderator hid (decision 0092)
  const hidden = await add({ userId: good, price: 50, status: 'available' });
  await t.store.puppies.update(hidden.id, { hiddenAt: NOW.toISOString() });
  await add({ userId: best, price: 700, status: 'available', breedId: beagleId });
  // an adopted Golden of the best-rated seller: public, so it counts in the price range, not as available
  const sold = await add({ userId: best, price: 1200, status: 'adopted' });
  const other = await add({ userId: good, price: 1300, status: 'adopted', expiresAt: past });
  await review(best, sold.id, buyer.id, 5);
  await review(good, other.id, buyer.id, 3);
});

async function golden(): Promise<BreedPageView> {
  return (await request(t.app).get('/api/breeds/golden-retriever').expect(200)).body as BreedPageView;
}

describe('GET /api/breeds/{slug}', () => {
  it('counts the available public listings of the breed, and every public one for the prices', async () => {
    const view = await golden();
    expect(view).toMatchObject({ id: goldenId, slug: 'golden-retriever', name: 'Golden Retriever' });
    expect(view.figures.available).toBe(3);
    expect(view.figures.listings).toBe(5);
  });

  it('gives the middle half of the prices: 25th to 75th percentile, interpolated and rounded', async () => {
    // 1000, 1101, 1200, 1500, 2000: the 25th percentile is the 2nd (1101), the 75th the 4th (1500)
    expect((await golden()).figures.priceRange).toEqual({ low: 1101, high: 1500 });
    // one more listing moves both between neighbours: 1000 1101 1200 1500 2000 2400 →
    // 25th at 1.25: 1101 + 0.25 × 99 = 1125.75 → 1126; 75th at 3.75: 1500 + 0.75 × 500 = 1875
    const added = await t.store.puppies.insert(
      buildPuppy({ breedId: goldenId, userId: sellers['unrated']!, price: 2400, expiresAt: future }, createRng(3), {
        now: NOW,
      }),
    );
    try {
      expect((await golden()).figures.priceRange).toEqual({ low: 1126, high: 1875 });
    } finally {
      await t.store.puppies.remove(added.id);
    }
  });

  it('names the breeders best rated first, then those without reviews; a seller without a page is left out', async () => {
    const view = await golden();
    expect(view.breeders.map((b) => [b.kennelName, b.rating?.average ?? null, b.listings])).toEqual([
      ['Best Friends Goldens', 5, 1],
      ['Good Dogs Kennel', 3, 1],
      ['Quiet Meadow Goldens', null, 2],
    ]);
    expect(view.breeders[0]).toMatchObject({ slug: 'best-friends-goldens', rating: { average: 5, count: 1 } });
    expect(Array.isArray(view.breeders[0]!.badges)).toBe(true);
  });

  it("carries the editors' profile and the recommended tests from the content, and the list's address", async () => {
    const view = await golden();
    expect(view.profile).toMatchObject({ size: 'large', adultWeight: '55–75 lb' });
    expect(view.profile?.temperament).toMatch(/family dog/);
    expect(view.recommendedTests.map((r) => r.test)).toEqual(['hips', 'elbows', 'eyes', 'cardiac']);
    expect(view.recommendedTests[0]!.label).toBe('Hips (OFA or PennHIP)');
    expect(view.listPath).toBe(`/puppies?breed=${goldenId}&minPrice=0&maxPrice=5000`);
  });

  it('a breed with no listings has a page with zero figures', async () => {
    const view = (await request(t.app).get('/api/breeds/corgi-pembroke-welsh').expect(200)).body as BreedPageView;
    expect(view.name).toBe('Corgi (Pembroke Welsh)');
    expect(view.figures).toEqual({ available: 0, listings: 0, priceRange: null });
    expect(view.breeders).toEqual([]);
  });

  it('answers 404 for a slug that names no breed, in the one error shape', async () => {
    for (const slug of ['poodle-giant', 'Golden-Retriever', 'golden--retriever', '12']) {
      const res = await request(t.app).get(`/api/breeds/${slug}`).expect(404);
      expect(res.body).toEqual({
        error: expect.objectContaining({ code: expect.any(String), message: 'Breed not found' }),
      });
    }
  });
});
