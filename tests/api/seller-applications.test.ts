import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildBreeds, buildPuppy, createRng } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { signedInAgent } from '../support/api-login.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const application = {
  name: 'Sunny Acres Kennel',
  email: 'kennel@example.com',
  phone: '(555) 010-2000',
  location: 'Austin, TX',
  experience: 'Twelve years raising Golden Retrievers with health-tested parents.',
  breedSpecialty: 'Golden Retriever, Labrador Retriever',
  termsAgreed: true,
};

type Agent = ReturnType<typeof request.agent>;

async function verify(
  t: TestApp,
  agent: Agent,
  body: { email: string; method: 'email' } | { phone: string; method: 'phone' },
) {
  await agent.post('/api/send-verification-code').send(body).expect(200);
  const to =
    body.method === 'email'
      ? body.email
      : (body.phone.trim().startsWith('+') ? '+' : '') + body.phone.replace(/\D/g, '');
  const code = /\b(\d{6})\b/.exec(t.outbox.entries.find((e) => e.to === to)!.text)![1];
  await agent
    .post('/api/verify-code')
    .send({ ...body, code })
    .expect(200);
}

describe('POST /api/seller-applications', () => {
  it('answers each invalid field with its message of docs/product.md §5', async () => {
    const t = await createTestApp();
    const { agent, user } = await signedInAgent(t);
    const cases: [string, unknown, string][] = [
      ['name', '  ', 'Name is required'],
      ['email', 'kennel-at-example.com', 'Invalid email address'],
      ['phone', '555-0102', 'Phone number must be at least 10 digits'],
      ['location', '', 'Location is required'],
      ['experience', '', 'Please describe your breeding experience'],
      ['breedSpecialty', ' ', 'Please list your breed specialties'],
      ['termsAgreed', false, 'You must agree to the terms and conditions'],
    ];
    for (const [field, value, message] of cases) {
      const response = await agent.post('/api/seller-applications').send({ ...application, [field]: value });
      expect(response.status, field).toBe(400);
      expect(response.body.error.fields, field).toEqual({ [field]: message });
    }
    const missing = await agent.post('/api/seller-applications').send({});
    expect(missing.body.error.fields).toMatchObject({
      name: 'Name is required',
      location: 'Location is required',
      termsAgreed: 'You must agree to the terms and conditions',
    });
    expect(
      (await agent.post('/api/seller-applications').send({ ...application, plan: 'weekly' })).body.error.fields,
    ).toEqual({ plan: 'Choose a plan' });
    expect(await t.store.sellerApplications.findByUser(user.id)).toBeUndefined();
  });

  it('needs a login', async () => {
    const t = await createTestApp();
    const response = await request(t.app).post('/api/seller-applications').send(application);
    expect(response.status).toBe(401);
  });

  it("needs the application's email or phone to be verified", async () => {
    const t = await createTestApp();
    const { agent, user } = await signedInAgent(t);
    // A verified address that is not the application's does not count.
    await verify(t, agent, { email: 'elsewhere@example.com', method: 'email' });
    const response = await agent.post('/api/seller-applications').send(application);
    expect(response.status).toBe(403);
    expect(response.body.error).toMatchObject({
      code: 'verification_required',
      message: 'Please verify your email address or phone number before submitting your application.',
    });
    expect((await t.store.users.get(user.id))!.accountType).toBe('buyer');
    expect(await t.store.sellerApplications.findByUser(user.id)).toBeUndefined();
  });

  it('stores the application, approves it and makes a buyer a seller', async () => {
    const t = await createTestApp({ now: NOW });
    const { agent, user } = await signedInAgent(t, { accountType: 'buyer' });
    await verify(t, agent, { email: application.email, method: 'email' });
    const response = await agent
      .post('/api/seller-applications')
      .send({ ...application, email: 'Kennel@Example.com', unknown: 'dropped' });
    expect(response.status).toBe(201);
    const { termsAgreed: _agreed, ...shown } = application;
    expect(response.body.application).toEqual({
      ...shown,
      id: expect.any(Number),
      plan: 'monthly',
      status: 'approved',
      createdAt: NOW.toISOString(),
    });
    expect(response.body.user).toMatchObject({ id: user.id, accountType: 'seller' });
    expect((await t.store.users.get(user.id))!.accountType).toBe('seller');
    const stored = await t.store.sellerApplications.findByUser(user.id);
    expect(stored).toEqual(
      expect.objectContaining({
        id: response.body.application.id,
        email: 'kennel@example.com',
        termsAgreed: true,
        status: 'approved',
      }),
    );
    expect((await agent.get('/api/user')).body.accountType).toBe('seller');
    expect((await agent.get('/api/seller-applications/mine')).body).toMatchObject({
      name: application.name,
      plan: 'monthly',
    });

    // Applying again (another plan) replaces the application rather than adding one.
    await agent
      .post('/api/seller-applications')
      .send({ ...application, plan: 'annual' })
      .expect(201);
    expect(await t.store.sellerApplications.findByUser(user.id)).toEqual({ ...stored, plan: 'annual' });
  });

  it('accepts a phone verification instead of an email one', async () => {
    const t = await createTestApp();
    const { agent, user } = await signedInAgent(t);
    await verify(t, agent, { phone: '+1 555 010 2000', method: 'phone' });
    await agent
      .post('/api/seller-applications')
      .send({ ...application, phone: '+1 (555) 010-2000' })
      .expect(201);
    expect(await t.store.users.get(user.id)).toMatchObject({ accountType: 'seller', verifiedPhone: '+15550102000' });
  });

  it('keeps a verification made before logging in, and gives it to the account on submission', async () => {
    const t = await createTestApp();
    const visitor = request.agent(t.app);
    await verify(t, visitor, { email: application.email, method: 'email' });
    expect((await visitor.post('/api/seller-applications').send(application)).status).toBe(401);

    const registered = await visitor.post('/api/register').send({
      username: 'sunny-acres',
      password: 'correct-horse-battery',
      email: 'owner@example.com',
      accountType: 'buyer',
      confirmAdult: true,
    });
    expect(registered.status).toBe(201);
    expect((await visitor.get('/api/verification-status')).body).toEqual({ emails: [application.email], phones: [] });
    await visitor.post('/api/seller-applications').send(application).expect(201);
    expect(await t.store.users.get(registered.body.id)).toMatchObject({
      accountType: 'seller',
      verifiedEmail: application.email,
    });
  });
});

describe('GET /api/seller/plan', () => {
  it('is null without a plan and shows a trialing plan with its limit and live listings', async () => {
    const t = await createTestApp({ now: NOW });
    const { agent, user } = await signedInAgent(t, { accountType: 'seller' });
    expect((await request(t.app).get('/api/seller/plan')).status).toBe(401);
    const none = await agent.get('/api/seller/plan');
    expect(none.status).toBe(200);
    expect(none.body).toBeNull();

    const trialEnd = new Date(NOW.getTime() + 7 * 86_400_000).toISOString();
    for (const breed of buildBreeds().slice(0, 1)) await t.store.breeds.insert(breed);
    await t.store.sellerSubscriptions.createForProvider({
      userId: user.id,
      plan: 'monthly',
      priceId: 'price_monthly',
      providerSubscriptionId: 'sub_test',
      status: 'trialing',
      trialEnd,
      currentPeriodEnd: trialEnd,
      createdAt: NOW.toISOString(),
    });
    const rng = createRng(3);
    await t.store.puppies.insert(
      buildPuppy({ breedId: 1, userId: user.id, expiresAt: new Date(NOW.getTime() + 86_400_000).toISOString() }, rng, {
        now: NOW,
      }),
    );
    await t.store.puppies.insert(buildPuppy({ breedId: 1, userId: user.id, expiresAt: null }, rng, { now: NOW }));
    expect((await agent.get('/api/seller/plan')).body).toEqual({
      plan: 'monthly',
      status: 'trialing',
      trialEnd,
      currentPeriodEnd: trialEnd,
      listingLimit: 10,
      liveListings: 1,
    });
  });
});
