import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildBreeds, buildPuppy, buildUser, createRng } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { signedInAgent } from '../support/api-login.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const DAY = 86_400_000;

let t: TestApp;
const ids: Record<string, number> = {};

beforeEach(async () => {
  t = await createTestApp({ now: NOW });
  const rng = createRng(11);
  for (const breed of buildBreeds().slice(0, 3)) await t.store.breeds.insert(breed);
  const { usernameKey: _key, ...row } = buildUser({ username: 'kennel', accountType: 'seller' }, NOW);
  const seller = await t.store.users.create(row);
  const add = async (key: string, expiresAt: string | null) => {
    ids[key] = (
      await t.store.puppies.insert(
        buildPuppy({ name: key, breedId: 1, userId: seller.id, expiresAt }, rng, { now: NOW }),
      )
    ).id;
  };
  await add('Daisy', new Date(NOW.getTime() + 3_600_000).toISOString());
  await add('Milo', new Date(NOW.getTime() + 20 * DAY).toISOString());
  await add('Draft', null);
});

describe('favourites', () => {
  it('saves, lists (newest first) and removes favourites, idempotently', async () => {
    const { agent, user } = await signedInAgent(t);
    expect((await agent.get('/api/favorites').expect(200)).body).toEqual([]);
    expect((await agent.put(`/api/favorites/${ids.Daisy}`).expect(200)).body).toEqual({
      puppyId: ids.Daisy,
      favorited: true,
    });
    await agent.put(`/api/favorites/${ids.Milo}`).expect(200);
    await agent.put(`/api/favorites/${ids.Milo}`).expect(200);
    expect(await t.store.favorites.listByUser(user.id)).toHaveLength(2);
    const list = await agent.get('/api/favorites').expect(200);
    expect(list.body.map((p: { name: string }) => p.name)).toEqual(['Milo', 'Daisy']);
    expect(list.body[0]).toMatchObject({ breed: { id: 1 }, listingStatus: 'active' });

    expect((await agent.delete(`/api/favorites/${ids.Milo}`).expect(200)).body).toEqual({
      puppyId: ids.Milo,
      favorited: false,
    });
    await agent.delete(`/api/favorites/${ids.Milo}`).expect(200);
    expect((await agent.get('/api/favorites')).body.map((p: { name: string }) => p.name)).toEqual(['Daisy']);
  });

  it('keeps favourites per user', async () => {
    const one = await signedInAgent(t);
    const two = await signedInAgent(t);
    await one.agent.put(`/api/favorites/${ids.Daisy}`).expect(200);
    expect((await two.agent.get('/api/favorites')).body).toEqual([]);
  });

  it('cannot favourite a draft or an unknown puppy; a lapsed favourite is hidden until renewed', async () => {
    const { agent, user } = await signedInAgent(t);
    expect((await agent.put(`/api/favorites/${ids.Draft}`)).status).toBe(404);
    expect((await agent.put('/api/favorites/999999')).status).toBe(404);
    expect((await agent.put('/api/favorites/abc')).status).toBe(404);
    await agent.put(`/api/favorites/${ids.Daisy}`).expect(200);
    t.tick(2 * 3_600_000);
    expect((await agent.get('/api/favorites')).body).toEqual([]);
    expect(await t.store.favorites.listByUser(user.id)).toHaveLength(1);
  });

  it("/saved's Remove form without a script: removes one of the family's own, answers 303 back; a visitor logs in first (decision 0132)", async () => {
    const one = await signedInAgent(t);
    const two = await signedInAgent(t);
    await one.agent.put(`/api/favorites/${ids.Daisy}`).expect(200);
    await two.agent.put(`/api/favorites/${ids.Daisy}`).expect(200);
    const removed = await one.agent.post(`/api/favorites/${ids.Daisy}/remove`).type('form').send('');
    expect(removed.status).toBe(303);
    expect(removed.headers.location).toBe('/saved?removed=1');
    expect(await t.store.favorites.listByUser(one.user.id)).toHaveLength(0);
    // another family's is theirs; a malformed id changes nothing
    expect(await t.store.favorites.listByUser(two.user.id)).toHaveLength(1);
    expect((await two.agent.post('/api/favorites/abc/remove').type('form').send('')).status).toBe(303);
    expect(await t.store.favorites.listByUser(two.user.id)).toHaveLength(1);
    const visitor = await request(t.app).post(`/api/favorites/${ids.Daisy}/remove`).type('form').send('');
    expect(visitor.status).toBe(303);
    expect(visitor.headers.location).toBe('/auth?next=%2Fsaved');
  });

  it('needs a login', async () => {
    expect((await request(t.app).get('/api/favorites')).status).toBe(401);
    expect((await request(t.app).put(`/api/favorites/${ids.Daisy}`)).status).toBe(401);
    expect((await request(t.app).delete(`/api/favorites/${ids.Daisy}`)).status).toBe(401);
  });
});
