import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { LISTING_FIELDS } from '#contracts/puppies.ts';
import { buildBreeds, buildPuppy, buildUser, createRng } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const future = new Date(NOW.getTime() + 10 * 86_400_000).toISOString();
const past = new Date(NOW.getTime() - 86_400_000).toISOString();

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  const rng = createRng(7);
  for (const breed of buildBreeds()) await t.store.breeds.insert(breed);
  const { usernameKey: _key, ...sellerRow } = buildUser({ username: 'seller-one', accountType: 'seller' }, NOW);
  const seller = await t.store.users.create(sellerRow);
  const breeds = await t.store.breeds.list();
  const lab = breeds.find((b) => b.name === 'Labrador Retriever')!;
  const frenchie = breeds.find((b) => b.name === 'French Bulldog')!;
  const add = async (key: string, overrides: Parameters<typeof buildPuppy>[0]) => {
    ids[key] = (
      await t.store.puppies.insert(
        buildPuppy({ userId: seller.id, expiresAt: future, ...overrides }, rng, { now: NOW }),
      )
    ).id;
  };
  await add('labFemale', {
    name: 'Daisy',
    breedId: lab.id,
    gender: 'Female',
    price: 1500,
    location: 'Portland, OR',
    status: 'available',
  });
  await add('labMale', {
    name: 'Cooper',
    breedId: lab.id,
    gender: 'Male',
    price: 900,
    location: 'Boston, MA',
    status: 'reserved',
  });
  await add('frenchie', {
    name: 'Bijou',
    breedId: frenchie.id,
    gender: 'Female',
    price: 4200,
    location: 'Austin, TX',
    status: 'available',
  });
  // Bijou is featured: its seller's annual plan paid for it (decision 0134)
  await t.store.sellerSubscriptions.createForProvider({
    userId: seller.id,
    plan: 'annual',
    priceId: 'price_annual',
    providerSubscriptionId: 'sub_read_1',
    status: 'active',
    trialEnd: null,
    currentPeriodEnd: future,
    createdAt: NOW.toISOString(),
  });
  await t.store.listingFeatures.claimWithinAllowance(
    {
      puppyId: ids['frenchie']!,
      userId: seller.id,
      startedAt: NOW.toISOString(),
      endsAt: future,
      removedAt: null,
      removedReason: null,
      removedBy: null,
    },
    3,
    NOW,
    NOW,
  );
  await add('draft', { name: 'Hidden Draft', breedId: lab.id, expiresAt: null });
  await add('expired', { name: 'Old Expired', breedId: lab.id, expiresAt: past });
});

const names = (body: Array<{ name: string }>) => body.map((p) => p.name).sort();

describe('GET /api/puppies', () => {
  it('lists public listings only, newest first, as a plain list without paging parameters', async () => {
    const response = await request(t.app).get('/api/puppies').expect(200);
    expect(Array.isArray(response.body)).toBe(true);
    expect(response.body.map((p: { name: string }) => p.name)).toEqual(['Bijou', 'Cooper', 'Daisy']);
    expect(response.body[0]).toMatchObject({ breed: { name: 'French Bulldog' }, listingStatus: 'active' });
  });

  it('filters by breed (id or name), price, gender, status, location and category, alone and together', async () => {
    const labId = (await t.store.breeds.list()).find((b) => b.name === 'Labrador Retriever')!.id;
    const get = async (query: string) => names((await request(t.app).get(`/api/puppies?${query}`).expect(200)).body);
    expect(await get(`breed=${labId}`)).toEqual(['Cooper', 'Daisy']);
    expect(await get('breed=french%20bulldog')).toEqual(['Bijou']);
    expect(await get('minPrice=1000&maxPrice=3000')).toEqual(['Daisy']);
    expect(await get('minPrice=4000')).toEqual(['Bijou']);
    expect(await get('gender=Male')).toEqual(['Cooper']);
    expect(await get('gender=All')).toEqual(['Bijou', 'Cooper', 'Daisy']);
    expect(await get('status=available')).toEqual(['Bijou', 'Daisy']);
    expect(await get('location=west')).toEqual(['Daisy']);
    expect(await get('location=austin')).toEqual(['Bijou']);
    expect(await get('category=apartment')).toEqual(['Bijou']);
    expect(await get(`breed=${labId}&gender=Female&status=available&maxPrice=2000`)).toEqual(['Daisy']);
    expect(await get(`breed=${labId}&gender=Female&minPrice=2000`)).toEqual([]);
  });

  it('searches name, breed, gender and location; "male" does not find females', async () => {
    const get = async (search: string) =>
      names(
        (
          await request(t.app)
            .get(`/api/puppies?search=${encodeURIComponent(search)}`)
            .expect(200)
        ).body,
      );
    expect(await get('daisy')).toEqual(['Daisy']);
    expect(await get('labrador')).toEqual(['Cooper', 'Daisy']);
    expect(await get('male')).toEqual(['Cooper']);
    expect(await get('female labrador')).toEqual(['Daisy']);
    expect(await get('boston')).toEqual(['Cooper']);
    expect(await get('unicorn')).toEqual([]);
  });

  it('pages with limit/offset and reports the total', async () => {
    const first = await request(t.app).get('/api/puppies?limit=2&sort=price-asc').expect(200);
    expect(first.body).toMatchObject({ total: 3, totalCapped: false, limit: 2, offset: 0 });
    expect(first.body.items.map((p: { price: number }) => p.price)).toEqual([900, 1500]);
    const second = await request(t.app).get('/api/puppies?limit=2&offset=2&sort=price-asc').expect(200);
    expect(second.body.items.map((p: { price: number }) => p.price)).toEqual([4200]);
  });

  it("writes each listing with exactly the view's fields, as its own page and the featured list do (decision 0110)", async () => {
    const view = [...LISTING_FIELDS, 'breed', 'listingStatus', 'sellerRating'];
    const listed = (await request(t.app).get('/api/puppies?limit=10').expect(200)).body.items as Array<
      Record<string, unknown>
    >;
    const featured = (await request(t.app).get('/api/puppies/featured').expect(200)).body as Array<
      Record<string, unknown>
    >;
    expect(listed.length).toBe(3);
    for (const item of [...listed, ...featured]) {
      // the card's fields in the list's order, then what the catalogue adds: a field left out is named
      expect(Object.keys(item), `listing ${String(item.id)}`).toEqual(view);
      // the page adds its seller and its parents (decision 0121)
      const {
        seller: _seller,
        parents: _parents,
        ...own
      } = (
        await request(t.app)
          .get(`/api/puppies/${String(item.id)}`)
          .expect(200)
      ).body;
      expect(Object.keys(own)).toEqual(view);
      for (const name of view) expect(item[name], `${name} of listing ${String(item.id)}`).toStrictEqual(own[name]);
    }
  });

  it('answers bad parameters with 400 and a message naming them', async () => {
    for (const [query, field] of [
      ['minPrice=cheap', 'minPrice'],
      ['gender=Other', 'gender'],
      ['limit=0', 'limit'],
      ['limit=1000', 'limit'],
      ['sort=random', 'sort'],
    ] as const) {
      const response = await request(t.app).get(`/api/puppies?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.error.fields[field], query).toBeTruthy();
    }
  });
});

describe('single puppies, featured and breeds', () => {
  it('returns a public puppy and 404 for drafts, expired, unknown and malformed ids', async () => {
    const found = await request(t.app).get(`/api/puppies/${ids.labFemale}`).expect(200);
    expect(found.body.name).toBe('Daisy');
    for (const id of [ids.draft, ids.expired, 999_999, 'unknown', '1e3']) {
      const response = await request(t.app).get(`/api/puppies/${id}`);
      expect(response.status, String(id)).toBe(404);
      expect(response.body.error.message).toBe('Puppy Not Found');
    }
  });

  it('lists the featured puppies first, then the newest available ones (decision 0134)', async () => {
    const response = await request(t.app).get('/api/puppies/featured').expect(200);
    expect(response.body.map((p: { name: string; featured: boolean }) => [p.name, p.featured])).toEqual([
      ['Bijou', true],
      ['Daisy', false],
    ]);
  });

  it('lists breeds by name with id and name', async () => {
    const response = await request(t.app).get('/api/breeds').expect(200);
    expect(response.body.length).toBeGreaterThanOrEqual(40);
    expect(response.body[0]).toEqual(expect.objectContaining({ id: expect.any(Number), name: expect.any(String) }));
    const sorted = [...response.body].map((b: { name: string }) => b.name).sort((a, b) => a.localeCompare(b));
    expect(response.body.map((b: { name: string }) => b.name)).toEqual(sorted);
  });

  it('answers an unknown API path with the JSON error shape', async () => {
    const response = await request(t.app).get('/api/nothing-here').expect(404);
    expect(response.body.error.code).toBe('not_found');
  });
});

describe('combinations, paging and sorting', () => {
  it('combines search with filters, and pages report the total of the whole match', async () => {
    const get = async (query: string) => (await request(t.app).get(`/api/puppies?${query}`).expect(200)).body;
    expect(names(await get('search=labrador&gender=Female'))).toEqual(['Daisy']);
    expect(names(await get('search=labrador&status=reserved&maxPrice=1000'))).toEqual(['Cooper']);
    expect(names(await get('search=labrador&location=west'))).toEqual(['Daisy']);
    expect(names(await get('search=bulldog&category=apartment&minPrice=4000&gender=Female'))).toEqual(['Bijou']);
    expect(names(await get('search=bulldog&category=family'))).toEqual(['Bijou']);
    expect(names(await get('search=labrador&category=apartment'))).toEqual([]);

    const page = await get('search=labrador&limit=1&offset=1');
    expect(page).toMatchObject({ total: 2, limit: 1, offset: 1 });
    expect(page.items).toHaveLength(1);
    const beyond = await get('limit=2&offset=10');
    expect(beyond).toMatchObject({ items: [], total: 3, offset: 10 });
  });

  it('sorts by price both ways and by age, newest first by default', async () => {
    const prices = async (sort: string) =>
      ((await request(t.app).get(`/api/puppies?sort=${sort}`).expect(200)).body as Array<{ price: number }>).map(
        (p) => p.price,
      );
    expect(await prices('price-asc')).toEqual([900, 1500, 4200]);
    expect(await prices('price-desc')).toEqual([4200, 1500, 900]);
    const ages = (
      (await request(t.app).get('/api/puppies?sort=age-asc').expect(200)).body as Array<{ age: number }>
    ).map((p) => p.age);
    expect(ages).toEqual([...ages].sort((a, b) => a - b));
  });
});

describe('a repeated query sees every change at once', () => {
  it('reflects edits, status changes, deletions, new activations and expiry on the next request', async () => {
    const app = await createTestApp({ now: NOW });
    const rng = createRng(5);
    for (const breed of buildBreeds().slice(0, 2)) await app.store.breeds.insert(breed);
    const { usernameKey: _key, ...sellerRow } = buildUser({ username: 'cache-seller', accountType: 'seller' }, NOW);
    const seller = await app.store.users.create(sellerRow);
    const one = await app.store.puppies.insert(
      buildPuppy(
        {
          name: 'One',
          breedId: 1,
          userId: seller.id,
          price: 1000,
          expiresAt: new Date(NOW.getTime() + 3_600_000).toISOString(),
        },
        rng,
        { now: NOW },
      ),
    );
    const two = await app.store.puppies.insert(
      buildPuppy({ name: 'Two', breedId: 1, userId: seller.id, price: 2000, expiresAt: future }, rng, { now: NOW }),
    );
    const list = async () =>
      (
        (await request(app.app).get('/api/puppies?limit=10').expect(200)).body as {
          items: Array<{ name: string; price: number; status: string }>;
        }
      ).items;
    expect((await list()).map((p) => p.name)).toEqual(['Two', 'One']);

    await app.store.puppies.update(two.id, { price: 2500, status: 'reserved' });
    expect(await list()).toMatchObject([{ name: 'Two', price: 2500, status: 'reserved' }, { name: 'One' }]);
    // breeds change only through the content seed, which writes the rows directly (no repository
    // method); the result cache it must not outlive exists on lowdb only
    if (app.lowdb) {
      await app.lowdb.write((db) => db.breeds.update(1, { name: 'Renamed Breed' }));
      expect((await request(app.app).get('/api/puppies?limit=10').expect(200)).body.items[0].breed.name).toBe(
        'Renamed Breed',
      );
    }

    const draft = await app.store.puppies.insert(
      buildPuppy({ name: 'Three', breedId: 2, userId: one.userId, expiresAt: null }, rng, { now: NOW }),
    );
    expect((await list()).map((p) => p.name)).toEqual(['Two', 'One']);
    await app.store.puppies.update(draft.id, { expiresAt: future });
    expect((await list()).map((p) => p.name)).toEqual(['Three', 'Two', 'One']);

    await app.store.puppies.remove(two.id);
    expect((await list()).map((p) => p.name)).toEqual(['Three', 'One']);
    app.tick(2 * 3_600_000);
    expect((await list()).map((p) => p.name)).toEqual(['Three']);
  });
});

describe('a large catalogue (decision 0086)', () => {
  it('never answers every listing: a page of at most 100, and a total capped at 1,000 that says so', async () => {
    const rng = createRng(11);
    const { usernameKey: _key, ...seller } = buildUser({ username: 'big-seller', accountType: 'seller' }, NOW);
    const big = await createTestApp({
      now: NOW,
      initial: {
        breeds: buildBreeds()
          .slice(0, 1)
          .map((b) => ({ id: 1, ...b })),
        users: [{ id: 1, ...seller, usernameKey: 'big-seller' }],
        puppies: Array.from({ length: 1_005 }, (_, i) => ({
          id: i + 1,
          ...buildPuppy({ breedId: 1, userId: 1, expiresAt: future }, rng, { now: NOW }),
        })),
      },
    });
    const plain = await request(big.app).get('/api/puppies').expect(200);
    expect(plain.body).toHaveLength(100);
    expect(plain.body[0].id).toBe(1_005);
    const page = await request(big.app).get('/api/puppies?limit=24&offset=1000').expect(200);
    expect(page.body).toMatchObject({ total: 1_000, totalCapped: true, limit: 24, offset: 1_000 });
    expect(page.body.items).toHaveLength(5);
  });
});
