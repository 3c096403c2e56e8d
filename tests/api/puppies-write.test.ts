import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildBreeds, buildPuppy, createRng } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { signedInAgent } from '../support/api-login.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const DAY = 86_400_000;

const validPuppy = {
  name: 'Biscuit',
  breedId: 1,
  gender: 'Male',
  age: 10,
  weight: 12.5,
  price: 1800,
  colors: ['Golden', 'Cream'],
  description: 'A cheerful, healthy boy who loves belly rubs.',
  location: 'Portland, OR',
  zip: '97201',
  imageUrl: '/uploads/images/0123456789abcdef0123456789abcdef.webp',
  imageUrls: ['/uploads/images/fedcba9876543210fedcba9876543210.webp'],
  videoUrl: '',
  status: 'available',
};

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: NOW });
  for (const breed of buildBreeds()) await t.store.breeds.insert(breed);
});

const seller = (name?: string) => signedInAgent(t, { accountType: 'seller', ...(name ? { username: name } : {}) });

async function postPuppy(agent: request.Agent, body: Record<string, unknown> = {}) {
  return agent.post('/api/puppies').send({ ...validPuppy, ...body });
}

async function givePlan(userId: number, plan: 'monthly' | 'biannual' | 'annual' = 'monthly') {
  await t.store.sellerSubscriptions.createForProvider({
    userId,
    plan,
    priceId: `price_${plan}`,
    providerSubscriptionId: `sub_test_${userId}`,
    status: 'trialing',
    trialEnd: new Date(NOW.getTime() + 7 * DAY).toISOString(),
    currentPeriodEnd: null,
    createdAt: NOW.toISOString(),
  });
}

describe('POST /api/puppies', () => {
  it('lets a seller post a draft that needs its listing fee, with the region from the location', async () => {
    const { agent, user } = await seller();
    const response = await postPuppy(agent);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'Biscuit',
      breed: { id: 1 },
      userId: user.id,
      region: 'west',
      colors: ['Golden', 'Cream'],
      videoUrl: null,
      listingStatus: 'draft',
      expiresAt: null,
      featured: false,
      needsListingFee: true,
    });
    // a draft is not public
    expect((await request(t.app).get(`/api/puppies/${response.body.id}`)).status).toBe(404);
    expect((await request(t.app).get('/api/puppies')).body).toEqual([]);
    // but its owner sees it
    expect((await agent.get(`/api/puppies/${response.body.id}`)).body).toMatchObject({
      name: 'Biscuit',
      listingStatus: 'draft',
      seller: { username: user.username },
    });
  });

  it('activates the listing at once when the seller plan has room, and not beyond the plan limit', async () => {
    const { agent, user } = await seller();
    await givePlan(user.id, 'monthly');
    const first = await postPuppy(agent);
    expect(first.body).toMatchObject({
      listingStatus: 'active',
      needsListingFee: false,
      expiresAt: new Date(NOW.getTime() + 30 * DAY).toISOString(),
    });
    expect((await request(t.app).get(`/api/puppies/${first.body.id}`)).status).toBe(200);

    // fill the monthly plan's 10 live listings
    for (let i = 0; i < 9; i++) expect((await postPuppy(agent, { name: `Pup ${i}` })).body.needsListingFee).toBe(false);
    const eleventh = await postPuppy(agent, { name: 'One Too Many' });
    expect(eleventh.body).toMatchObject({ listingStatus: 'draft', needsListingFee: true });
  });

  it('refuses buyers with a pointer to /sellers, and visitors with 401', async () => {
    const { agent, user } = await signedInAgent(t, { accountType: 'buyer' });
    const response = await postPuppy(agent);
    expect(response.status).toBe(403);
    expect(response.body.error.message).toBe('Only seller accounts can list puppies. Become a seller at /sellers.');
    expect((await request(t.app).post('/api/puppies').send(validPuppy)).status).toBe(401);
    expect(await t.store.puppies.listBySeller(user.id)).toEqual([]);
    expect(await t.store.puppies.get(1)).toBeUndefined();
  });

  it('answers every field rule of docs/product.md §5 with its message', async () => {
    const { agent, user } = await seller();
    const cases: Array<[string, unknown, string]> = [
      ['name', '   ', 'Name is required'],
      ['breedId', '', 'Breed is required'],
      ['breedId', 99_999, 'Breed is required'],
      ['gender', 'Other', 'Gender is required'],
      ['age', 0, 'Age must be at least 1 week'],
      ['weight', 0, 'Weight must be greater than 0'],
      ['price', 0, 'Price must be greater than 0'],
      ['description', 'Too short', 'Description should be at least 10 characters'],
      ['location', '', 'Location is required'],
      ['imageUrl', '', 'Primary puppy image is required'],
      ['videoUrl', 'not a link', 'Please enter a valid URL for the video'],
      ['videoUrl', 'javascript:alert(1)', 'Please enter a valid URL for the video'],
      ['videoUrl', '/public-objects/clip.html', 'Please enter a valid URL for the video'],
      ['status', 'sold', 'Status must be available, reserved or adopted'],
      [
        'imageUrls',
        Array.from({ length: 6 }, (_, i) => `/uploads/images/${String(i).repeat(32)}.webp`),
        'You can only upload up to 5 additional images.',
      ],
    ];
    for (const [field, value, message] of cases) {
      const response = await postPuppy(agent, { [field]: value });
      expect(response.status, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect(response.body.error.fields[field], `${field}=${JSON.stringify(value)}`).toBe(message);
    }
    const missing = await agent.post('/api/puppies').send({});
    expect(missing.body.error.fields).toMatchObject({
      name: 'Name is required',
      breedId: 'Breed is required',
      gender: 'Gender is required',
      imageUrl: 'Primary puppy image is required',
    });
    expect(await t.store.puppies.listBySeller(user.id)).toEqual([]);
  });

  it('accepts a video URL of another site or an uploaded video, and drops unknown fields', async () => {
    const { agent } = await seller();
    const youtube = await postPuppy(agent, {
      videoUrl: 'https://www.youtube.com/watch?v=abc123',
      featured: true,
      userId: 999,
      expiresAt: '2099-01-01T00:00:00.000Z',
    });
    expect(youtube.body).toMatchObject({
      videoUrl: 'https://www.youtube.com/watch?v=abc123',
      featured: false,
      expiresAt: null,
    });
    expect(youtube.body.userId).not.toBe(999);
    const uploaded = await postPuppy(agent, { videoUrl: '/uploads/videos/0123456789abcdef0123456789abcdef.mp4' });
    expect(uploaded.body.videoUrl).toBe('/uploads/videos/0123456789abcdef0123456789abcdef.mp4');
  });
});

describe('editing, status and deleting: only the owner', () => {
  async function listed() {
    const owner = await seller();
    await givePlan(owner.user.id);
    const created = await postPuppy(owner.agent);
    return { owner, id: created.body.id as number };
  }

  it('lets the owner edit any field alone, recomputing the region', async () => {
    const { owner, id } = await listed();
    const response = await owner.agent.put(`/api/puppies/${id}`).send({ location: 'Austin, TX', price: '2100' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'Biscuit', location: 'Austin, TX', region: 'southwest', price: 2100 });
    const swapped = await owner.agent.put(`/api/puppies/${id}`).send({
      imageUrl: validPuppy.imageUrls[0],
      imageUrls: [validPuppy.imageUrl],
      videoUrl: null,
      status: 'reserved',
    });
    expect(swapped.body).toMatchObject({
      imageUrl: validPuppy.imageUrls[0],
      imageUrls: [validPuppy.imageUrl],
      status: 'reserved',
      videoUrl: null,
    });
  });

  it('validates edits with the same messages, including the 6th additional image', async () => {
    const { owner, id } = await listed();
    const six = Array.from({ length: 6 }, (_, i) => `/uploads/images/${String(i).repeat(32)}.webp`);
    const response = await owner.agent.put(`/api/puppies/${id}`).send({ imageUrls: six });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('You can only upload up to 5 additional images.');
    expect((await owner.agent.put(`/api/puppies/${id}`).send({ name: '' })).body.error.fields.name).toBe(
      'Name is required',
    );
    expect(
      (await owner.agent.put(`/api/puppies/${id}`).send({ description: 'short' })).body.error.fields.description,
    ).toBe('Description should be at least 10 characters');
    expect((await t.store.puppies.get(id))!.imageUrls).toHaveLength(1);
  });

  it('gives a second seller 403 on edit, delete and status, and a visitor 401', async () => {
    const { id } = await listed();
    const other = await seller();
    const edit = await other.agent.put(`/api/puppies/${id}`).send({ name: 'Stolen' });
    expect(edit.status).toBe(403);
    expect(edit.body.error.message).toBe('You can only edit your own listings.');
    expect((await other.agent.put(`/api/puppies/${id}/status`).send({ status: 'adopted' })).status).toBe(403);
    expect((await other.agent.delete(`/api/puppies/${id}`)).status).toBe(403);
    expect((await request(t.app).put(`/api/puppies/${id}`).send({ name: 'Stolen' })).status).toBe(401);
    expect((await request(t.app).delete(`/api/puppies/${id}`)).status).toBe(401);
    expect(await t.store.puppies.get(id)).toMatchObject({ name: 'Biscuit', status: 'available' });
  });

  it('changes the status for the owner and refuses unknown statuses', async () => {
    const { owner, id } = await listed();
    expect((await owner.agent.put(`/api/puppies/${id}/status`).send({ status: 'adopted' })).body.status).toBe(
      'adopted',
    );
    const bad = await owner.agent.put(`/api/puppies/${id}/status`).send({ status: 'sold' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.status).toBe('Status must be available, reserved or adopted');
    expect((await owner.agent.put('/api/puppies/424242/status').send({ status: 'adopted' })).status).toBe(404);
  });

  it('deletes for the owner, with the favourites pointing at it', async () => {
    const { owner, id } = await listed();
    const fan = await signedInAgent(t);
    await fan.agent.put(`/api/favorites/${id}`).expect(200);
    const response = await owner.agent.delete(`/api/puppies/${id}`);
    expect(response.status).toBe(200);
    expect(await t.store.puppies.get(id)).toBeUndefined();
    expect(await t.store.favorites.listByUser(fan.user.id)).toEqual([]);
    expect((await owner.agent.delete(`/api/puppies/${id}`)).status).toBe(404);
  });

  it('keeps a puppy with a paid order and says why', async () => {
    const { owner, id } = await listed();
    const buyer = await signedInAgent(t);
    await t.store.orders.create({
      reference: 'PN-1',
      puppyId: id,
      buyerId: buyer.user.id,
      sellerId: owner.user.id,
      puppyPriceCents: 180_000,
      carePackageCents: 4999,
      totalCents: 184_999,
      paymentIntentId: 'pi_1',
      status: 'paid',
      createdAt: NOW.toISOString(),
      paidAt: NOW.toISOString(),
    });
    const response = await owner.agent.delete(`/api/puppies/${id}`);
    expect(response.status).toBe(409);
    expect(response.body.error.message).toMatch(/has an order \(PN-1\), so the listing cannot be deleted/);
    expect(await t.store.puppies.get(id)).toBeDefined();
  });
});

describe('GET /api/my-puppies and visibility', () => {
  it("lists all of the owner's listings with their listing status; drafts and expired never appear publicly", async () => {
    const { agent, user } = await seller();
    const other = await seller();
    const rng = createRng(3);
    await t.store.puppies.insert(
      buildPuppy(
        { name: 'Live One', breedId: 1, userId: user.id, expiresAt: new Date(NOW.getTime() + DAY).toISOString() },
        rng,
        { now: NOW },
      ),
    );
    await t.store.puppies.insert(
      buildPuppy(
        { name: 'Old One', breedId: 1, userId: user.id, expiresAt: new Date(NOW.getTime() - DAY).toISOString() },
        rng,
        { now: NOW },
      ),
    );
    await t.store.puppies.insert(
      buildPuppy({ name: 'Draft One', breedId: 1, userId: user.id, expiresAt: null }, rng, { now: NOW }),
    );
    await t.store.puppies.insert(
      buildPuppy({ name: 'Not Mine', breedId: 1, userId: other.user.id }, rng, { now: NOW }),
    );
    const mine = await agent.get('/api/my-puppies').expect(200);
    expect(mine.body.map((p: { name: string; listingStatus: string }) => [p.name, p.listingStatus])).toEqual([
      ['Draft One', 'draft'],
      ['Old One', 'expired'],
      ['Live One', 'active'],
    ]);
    expect((await request(t.app).get('/api/my-puppies')).status).toBe(401);

    const publicNames = (body: Array<{ name: string }>) => body.map((p) => p.name).sort();
    expect(publicNames((await request(t.app).get('/api/puppies')).body)).toEqual(['Live One', 'Not Mine']);
    expect(publicNames((await request(t.app).get('/api/puppies?search=one')).body)).toEqual(['Live One']);
    expect((await request(t.app).get('/api/puppies?limit=10')).body.total).toBe(2);
    // the owner's own session does not widen the public list
    expect(publicNames((await agent.get('/api/puppies')).body)).toEqual(['Live One', 'Not Mine']);

    // a listing expires with the clock
    t.tick(2 * DAY);
    expect(publicNames((await request(t.app).get('/api/puppies')).body)).toEqual(['Not Mine']);
  });

  it('shows a non-public listing to its owner only', async () => {
    const { agent, user } = await seller();
    const stranger = await seller();
    const draft = await t.store.puppies.insert(
      buildPuppy({ breedId: 1, userId: user.id, expiresAt: null }, createRng(1), { now: NOW }),
    );
    expect((await agent.get(`/api/puppies/${draft.id}`)).status).toBe(200);
    expect((await stranger.agent.get(`/api/puppies/${draft.id}`)).status).toBe(404);
    expect((await request(t.app).get(`/api/puppies/${draft.id}`)).status).toBe(404);
  });
});
