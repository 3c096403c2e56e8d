// "Puppies near me" (docs/decisions/0129-distance-from-the-zip-gazetteer.md): `near`, `within` and
// `sort=distance` on GET /api/puppies, /api/zips/nearest, and the ZIP code a listing needs. Both stores.
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildBreeds, buildPuppy, buildUser, createRng } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { signedInAgent } from '../support/api-login.ts';
import { distanceMiles, zipCentre } from '../../commerce-api/src/domain/zip-gazetteer.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const future = new Date(NOW.getTime() + 10 * 86_400_000).toISOString();

/** each listing's town and ZIP */
const PLACES = {
  Denver: ['Denver, CO', '80202'],
  Boulder: ['Boulder, CO', '80302'],
  Springs: ['Colorado Springs, CO', '80903'],
  Austin: ['Austin, TX', '78701'],
  SanAntonio: ['San Antonio, TX', '78205'],
  Dallas: ['Dallas, TX', '75201'],
  Portland: ['Portland, OR', '97201'],
} as const;
type Name = keyof typeof PLACES;

const miles = (from: string, to: string) => Math.round(distanceMiles(zipCentre(from)!, zipCentre(to)!));

interface Item {
  name: string;
  zip: string | null;
  distanceMiles?: number;
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  for (const breed of buildBreeds()) await t.store.breeds.insert(breed);
  const { usernameKey: _key, ...sellerRow } = buildUser({ username: 'seller-near', accountType: 'seller' }, NOW);
  const seller = await t.store.users.create(sellerRow);
  const rng = createRng(11);
  for (const name of Object.keys(PLACES) as Name[]) {
    const [location, zip] = PLACES[name];
    await t.store.puppies.insert(
      buildPuppy({ name, location, zip, userId: seller.id, expiresAt: future, status: 'available' }, rng, { now: NOW }),
    );
  }
  // a listing from before ZIP codes whose town could not be read: in no distance search
  await t.store.puppies.insert(
    buildPuppy({ name: 'Nowhere', location: 'Somewhere far', zip: null, userId: seller.id, expiresAt: future }, rng, {
      now: NOW,
    }),
  );
});

const list = async (query: string): Promise<Item[]> =>
  (await request(t.app).get(`/api/puppies?${query}`).expect(200)).body as Item[];

describe('the ZIP gazetteer', () => {
  it('places Denver 80202 about 772 miles from Austin 78701 in a straight line', () => {
    expect(miles('80202', '78701')).toBe(772);
    expect(miles('78701', '80202')).toBe(772);
    expect(miles('80202', '80202')).toBe(0);
  });
});

describe('GET /api/puppies near a ZIP', () => {
  it('gives each listing its distance in whole miles, and the ZIP on every card', async () => {
    const items = await list('near=80202&sort=distance');
    const denver = items.find((p) => p.name === 'Denver')!;
    const austin = items.find((p) => p.name === 'Austin')!;
    expect(denver).toMatchObject({ zip: '80202', distanceMiles: 0 });
    expect(austin).toMatchObject({ zip: '78701', distanceMiles: 772 });
    for (const item of items) {
      const zip = PLACES[item.name as Name][1];
      expect(item.distanceMiles).toBe(miles('80202', zip));
    }
    // without `near` there is no distance, but the ZIP is there
    const plain = await list('');
    expect(plain.every((p) => p.distanceMiles === undefined)).toBe(true);
    expect(plain.find((p) => p.name === 'Boulder')!.zip).toBe('80302');
  });

  it('sorts the nearest first, and leaves out listings with no ZIP', async () => {
    const items = await list('near=80202&sort=distance');
    const names = items.map((p) => p.name);
    expect(names).not.toContain('Nowhere');
    expect(names.slice(0, 3)).toEqual(['Denver', 'Boulder', 'Springs']);
    const distances = items.map((p) => p.distanceMiles!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(names).toHaveLength(Object.keys(PLACES).length);
  });

  it('keeps within `within` miles (the bound counted inclusive), on a page too', async () => {
    expect(miles('78701', '78205')).toBeLessThan(100);
    expect(miles('78701', '75201')).toBeGreaterThan(100);
    expect(miles('78701', '75201')).toBeLessThan(250);
    const within100 = await list('near=78701&within=100&sort=distance');
    expect(within100.map((p) => p.name)).toEqual(['Austin', 'SanAntonio']);
    const within250 = await list('near=78701&within=250&sort=distance');
    expect(within250.map((p) => p.name)).toEqual(['Austin', 'SanAntonio', 'Dallas']);
    const within25 = await list('near=80202&within=25&sort=distance');
    expect(within25.map((p) => p.name)).toEqual(miles('80202', '80302') <= 25 ? ['Denver', 'Boulder'] : ['Denver']);
    const page = (await request(t.app).get('/api/puppies?near=78701&within=250&limit=2&sort=distance').expect(200))
      .body as { items: Item[]; total: number };
    expect(page.items.map((p) => p.name)).toEqual(['Austin', 'SanAntonio']);
    expect(page.total).toBe(3);
  });

  it('never shows a listing in Denver for near=78701&within=250', async () => {
    for (const sort of ['newest', 'distance', 'price-asc']) {
      const names = (await list(`near=78701&within=250&sort=${sort}`)).map((p) => p.name);
      expect(names).not.toContain('Denver');
      expect(names).toContain('Austin');
    }
  });

  it('keeps the other filters and sorts with a distance', async () => {
    const newest = await list('near=80202&within=100');
    expect(newest.map((p) => p.name)).toEqual(['Springs', 'Boulder', 'Denver']);
    expect(newest.every((p) => typeof p.distanceMiles === 'number')).toBe(true);
    expect((await list('near=80202&within=100&search=boulder')).map((p) => p.name)).toEqual(['Boulder']);
  });

  it('refuses an unknown ZIP, a malformed one, a bad radius and a radius or distance sort without a ZIP', async () => {
    const refused = async (query: string) =>
      (await request(t.app).get(`/api/puppies?${query}`).expect(400)).body as {
        error: { code: string; message: string; fields: Record<string, string> };
      };
    const unknown = await refused('near=00000');
    expect(unknown.error).toMatchObject({
      code: 'validation_failed',
      fields: { near: 'We could not find the ZIP code 00000. Please check it.' },
    });
    expect((await refused('near=8020')).error.fields).toEqual({ near: 'Please enter a 5-digit ZIP code' });
    expect((await refused('near=80202&within=30')).error.fields).toEqual({
      within: 'within must be 25, 50, 100, 250 or 500 miles',
    });
    expect((await refused('within=100')).error.fields).toEqual({ near: 'Enter a ZIP code to search by distance' });
    expect((await refused('sort=distance')).error.fields).toEqual({ near: 'Enter a ZIP code to search by distance' });
  });
});

describe('GET /api/zips/nearest', () => {
  it('answers the ZIP nearest a position rounded to one decimal place', async () => {
    const found = await request(t.app).get('/api/zips/nearest?lat=39.7&lon=-105.0').expect(200);
    expect(found.body.zip).toMatch(/^80\d{3}$/);
    expect(miles(found.body.zip as string, '80202')).toBeLessThan(15);
  });

  it('refuses a position given more closely, and one far from any US ZIP', async () => {
    const close = await request(t.app).get('/api/zips/nearest?lat=39.7392&lon=-104.9903').expect(400);
    expect(close.body.error.fields).toMatchObject({ lat: 'lat must be rounded to 1 decimal place' });
    const sea = await request(t.app).get('/api/zips/nearest?lat=0.0&lon=0.0').expect(404);
    expect(sea.body.error.message).toBe('We could not find a US ZIP code near you. Please type your ZIP code.');
  });
});

describe('a listing needs a ZIP code', () => {
  const listing = {
    name: 'Biscuit',
    breedId: 1,
    gender: 'Male',
    age: 10,
    weight: 12.5,
    price: 1800,
    description: 'A cheerful, healthy boy who loves belly rubs.',
    location: 'Denver, CO',
    imageUrl: '/uploads/images/0123456789abcdef0123456789abcdef.webp',
  };

  it('refuses a post without one or with one the gazetteer does not know, and changes nothing', async () => {
    const { agent } = await signedInAgent(t, { accountType: 'seller', username: 'zip-poster' });
    const before = (await agent.get('/api/my-puppies').expect(200)).body.length as number;
    const missing = await agent.post('/api/puppies').send(listing).expect(400);
    expect(missing.body.error.fields).toMatchObject({ zip: 'ZIP code is required' });
    const short = await agent
      .post('/api/puppies')
      .send({ ...listing, zip: '802' })
      .expect(400);
    expect(short.body.error.fields).toMatchObject({ zip: 'Please enter a 5-digit ZIP code' });
    const unknown = await agent
      .post('/api/puppies')
      .send({ ...listing, zip: '00000' })
      .expect(400);
    expect(unknown.body.error.fields).toEqual({ zip: 'We could not find the ZIP code 00000. Please check it.' });
    expect((await agent.get('/api/my-puppies').expect(200)).body).toHaveLength(before);
  });

  it('keeps the ZIP of a post and of an edit, and never anything finer', async () => {
    const { agent } = await signedInAgent(t, { accountType: 'seller', username: 'zip-editor' });
    const created = await agent
      .post('/api/puppies')
      .send({ ...listing, zip: '80202' })
      .expect(201);
    expect(created.body.zip).toBe('80202');
    expect(created.body).not.toHaveProperty('latitude');
    expect(created.body).not.toHaveProperty('longitude');
    const edited = await agent.put(`/api/puppies/${created.body.id}`).send({ zip: '78701' }).expect(200);
    expect(edited.body.zip).toBe('78701');
    const stored = (await t.store.puppies.get(created.body.id as number))!;
    expect(stored).toMatchObject({ zip: '78701', ...zipCentre('78701') });
    const refused = await agent.put(`/api/puppies/${created.body.id}`).send({ zip: '' }).expect(400);
    expect(refused.body.error.fields).toMatchObject({ zip: 'ZIP code is required' });
  });
});
