import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildBreeds, buildPuppy, buildUser, createRng } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const inquiry = {
  name: 'Jamie Rivera',
  email: 'jamie@example.com',
  phone: '555-010-2000',
  message: 'Is Daisy still available?',
};

async function withPuppy(expiresAt: string | null) {
  const t = await createTestApp({ now: NOW });
  for (const breed of buildBreeds().slice(0, 3)) await t.store.breeds.insert(breed);
  const { usernameKey: _key, ...sellerRow } = buildUser(
    { username: 'breeder', email: 'breeder@example.com', accountType: 'seller' },
    NOW,
  );
  const seller = await t.store.users.create(sellerRow);
  const puppy = await t.store.puppies.insert(
    buildPuppy({ name: 'Daisy', breedId: 1, userId: seller.id, expiresAt }, createRng(1), { now: NOW }),
  );
  return { ...t, puppy };
}

/** how many contact messages are stored (ids are handed out from 1, none is ever removed) */
async function storedCount(t: TestApp): Promise<number> {
  let n = 0;
  while (await t.store.contacts.get(n + 1)) n++;
  return n;
}

describe('POST /api/contacts', () => {
  it('stores an inquiry and mails the seller with the buyer as reply-to', async () => {
    const t = await withPuppy(new Date(NOW.getTime() + 86_400_000).toISOString());
    const response = await request(t.app)
      .post('/api/contacts')
      .send({ ...inquiry, puppyId: t.puppy.id });
    expect(response.status).toBe(201);
    expect(await t.store.contacts.get(response.body.id)).toEqual(
      expect.objectContaining({ ...inquiry, puppyId: t.puppy.id, userId: null }),
    );
    expect(await storedCount(t)).toBe(1);
    expect(t.outbox.entries).toEqual([
      expect.objectContaining({
        channel: 'email',
        to: 'breeder@example.com',
        replyTo: 'jamie@example.com',
        subject: 'New inquiry about Daisy on PuppyNest',
      }),
    ]);
    expect(t.outbox.entries[0]!.text).toContain('555-010-2000');
  });

  it('sends a contact-page message to the team', async () => {
    const t = await createTestApp();
    await request(t.app).post('/api/contacts').send(inquiry).expect(201);
    expect(t.outbox.entries[0]).toMatchObject({ to: 'hello@puppynest.example', replyTo: 'jamie@example.com' });
  });

  it('requires every field and changes nothing when one is missing', async () => {
    const t = await createTestApp();
    for (const field of ['name', 'email', 'phone', 'message'] as const) {
      const response = await request(t.app)
        .post('/api/contacts')
        .send({ ...inquiry, [field]: '   ' });
      expect(response.status, field).toBe(400);
      expect(response.body.error.fields[field], field).toMatch(/required/);
    }
    expect(await storedCount(t)).toBe(0);
    expect(t.outbox.entries).toHaveLength(0);
  });

  it('limits messages per client (CONTACT_MESSAGES_PER_CLIENT an hour); refused ones are not stored or mailed', async () => {
    const t = await createTestApp({ env: { CONTACT_MESSAGES_PER_CLIENT: '3', TRUST_PROXY: 'loopback' } });
    const from = (client: string, body: object) =>
      request(t.app).post('/api/contacts').set('X-Forwarded-For', client).send(body);
    // A message refused for a typo does not use up the allowance.
    await from('203.0.113.7', { ...inquiry, email: 'not-an-address' }).expect(400);
    for (let i = 0; i < 3; i++) await from('203.0.113.7', { ...inquiry, message: `Message ${i}` }).expect(201);
    const fourth = await from('203.0.113.7', inquiry);
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual({
      error: {
        code: 'too_many_requests',
        message: 'You have sent a lot of messages in a short time. Please wait an hour and try again.',
      },
    });
    expect(await storedCount(t)).toBe(3);
    expect(t.outbox.entries).toHaveLength(3);
    // Another visitor is not affected.
    await from('198.51.100.20', inquiry).expect(201);
  });

  it('allows 10 messages an hour per client by default', async () => {
    const t = await createTestApp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        request(t.app)
          .post('/api/contacts')
          .send({ ...inquiry, message: `Message ${i}` }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(10).fill(201), 429, 429]);
    expect(await storedCount(t)).toBe(10);
  });

  it('refuses an inquiry about a draft or unknown puppy', async () => {
    const t = await withPuppy(null);
    expect(
      (
        await request(t.app)
          .post('/api/contacts')
          .send({ ...inquiry, puppyId: t.puppy.id })
      ).status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .post('/api/contacts')
          .send({ ...inquiry, puppyId: 424242 })
      ).status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .post('/api/contacts')
          .send({ ...inquiry, puppyId: 'abc' })
      ).status,
    ).toBe(400);
    expect(await storedCount(t)).toBe(0);
  });
});

describe('GET /api/dev/outbox', () => {
  it('lists what the mail seam wrote, outside production', async () => {
    const t = await createTestApp();
    await request(t.app).post('/api/contacts').send(inquiry).expect(201);
    const outbox = await request(t.app).get('/api/dev/outbox').expect(200);
    expect(outbox.body[0]).toMatchObject({
      to: 'hello@puppynest.example',
      subject: expect.stringContaining('Jamie Rivera'),
      text: expect.any(String),
      createdAt: expect.any(String),
    });
  });

  it('does not exist in production', async () => {
    const t = await createTestApp({
      env: {
        NODE_ENV: 'production',
        ADMIN_PASSWORD: 'x-real-admin-password',
        SEED_DEMO_DATA: 'false',
        ALLOW_LOCAL_PAYMENTS_IN_PRODUCTION: 'true',
        PUBLIC_SITE_URL: 'https://puppynest.example',
      },
    });
    expect((await request(t.app).get('/api/dev/outbox')).status).toBe(404);
  });
});
