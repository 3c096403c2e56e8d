// The listing fee and seller plans (docs/product.md §2 Listing payment, §4, §7, §9, §10): $19.99 makes a
// draft public for 30 days, renews an expired listing, answers alreadyPaid for an active one; a plan
// with room covers a listing; activate-listing-plan activates only what a verified payment paid for.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { LISTING_FEE_CENTS } from '../../commerce-api/src/contracts/plans.ts';
import { signedInAgent } from '../support/api-login.ts';
import { addPuppy, CARDS, inDays, marketplace, NOW, payWithCard } from '../support/payments.ts';

const DAY_MS = 86_400_000;

async function draftListing(options: Parameters<typeof marketplace>[0] = {}) {
  return marketplace({ expiresAt: null, ...options });
}

describe('POST /api/create-listing-fee-intent', () => {
  it('a draft: $19.99 whatever the client says; paying it makes the listing public for 30 days and mails the seller', async () => {
    const { t, seller, puppy } = await draftListing();
    const created = await seller.agent
      .post('/api/create-listing-fee-intent')
      .send({ puppyId: puppy.id, amount: 1, visitId: 'visit-fee-0001' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      alreadyPaid: false,
      message: '',
      amountCents: LISTING_FEE_CENTS,
      puppy: { id: puppy.id, name: puppy.name, listingStatus: 'draft' },
    });
    expect(await t.store.localPayments.find(created.body.intentId, 'payment_intent')).toMatchObject({
      amountCents: 1999,
      captureMethod: 'automatic',
    });
    expect(await t.store.listingFees.pendingOfUser(seller.user.id, undefined, 10)).toEqual([
      expect.objectContaining({
        puppyId: puppy.id,
        userId: seller.user.id,
        amountCents: 1999,
        status: 'pending',
        paymentIntentId: created.body.intentId,
      }),
    ]);
    expect((await request(t.app).get(`/api/puppies/${puppy.id}`)).status).toBe(404);

    await payWithCard(seller.agent, created.body.clientSecret, CARDS.visa);
    expect(await t.store.listingFees.findByIntent(created.body.intentId)).toMatchObject({
      status: 'succeeded',
      paidAt: NOW.toISOString(),
    });
    expect((await t.store.puppies.get(puppy.id))!.expiresAt).toBe(new Date(NOW.getTime() + 30 * DAY_MS).toISOString());
    expect((await request(t.app).get(`/api/puppies/${puppy.id}`)).body.listingStatus).toBe('active');
    expect(t.outbox.entries.filter((m) => m.subject === `${puppy.name} is live on PuppyNest`)).toHaveLength(1);
  });

  it('an active listing answers alreadyPaid with its end date, and makes no intent', async () => {
    const { t, seller, puppy } = await marketplace({ expiresAt: inDays(12) });
    const response = await seller.agent.post('/api/create-listing-fee-intent').send({ puppyId: puppy.id });
    expect(response.body).toMatchObject({
      alreadyPaid: true,
      clientSecret: null,
      message: 'This listing is already active until June 13, 2026.',
    });
    expect(await t.store.localPayments.count()).toBe(0);
  });

  it('paying again on an expired listing renews it for 30 days from now', async () => {
    const { t, seller, puppy } = await marketplace({ expiresAt: inDays(-3) });
    const created = await seller.agent.post('/api/create-listing-fee-intent').send({ puppyId: puppy.id });
    expect(created.body.puppy.listingStatus).toBe('expired');
    await payWithCard(seller.agent, created.body.clientSecret, CARDS.visa);
    expect((await t.store.puppies.get(puppy.id))!.expiresAt).toBe(inDays(30));
  });

  it('reuses the unpaid intent of an earlier visit instead of making another', async () => {
    const { t, seller, puppy } = await draftListing();
    const first = await seller.agent
      .post('/api/create-listing-fee-intent')
      .send({ puppyId: puppy.id, visitId: 'visit-fee-0001' });
    const second = await seller.agent
      .post('/api/create-listing-fee-intent')
      .send({ puppyId: puppy.id, visitId: 'visit-fee-0002' });
    expect(second.body.intentId).toBe(first.body.intentId);
    expect(await t.store.listingFees.pendingOfUser(seller.user.id, puppy.id, 10)).toHaveLength(1);
  });

  it('only the owner pays for a listing; strangers get 403, unknown ids 404, visitors 401', async () => {
    const { t, puppy } = await draftListing();
    const stranger = await signedInAgent(t, { accountType: 'seller' });
    const denied = await stranger.agent.post('/api/create-listing-fee-intent').send({ puppyId: puppy.id });
    expect(denied.status).toBe(403);
    expect((await stranger.agent.post('/api/create-listing-fee-intent').send({ puppyId: 9999 })).status).toBe(404);
    const anonymous = await request(t.app).post('/api/create-listing-fee-intent').send({ puppyId: puppy.id });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.message).toMatch(/logged in/);
    expect(await t.store.localPayments.count()).toBe(0);
  });

  it('a declined card leaves the listing a draft', async () => {
    const { t, seller, puppy } = await draftListing();
    const created = await seller.agent.post('/api/create-listing-fee-intent').send({ puppyId: puppy.id });
    const result = await payWithCard(seller.agent, created.body.clientSecret, CARDS.insufficient);
    expect(result.lastError!.message).toBe('Your card has insufficient funds.');
    expect((await t.store.puppies.get(puppy.id))!.expiresAt).toBeNull();
  });
});

describe('POST /api/user/activate-listing-plan', () => {
  it('leaves an unpaid listing a draft, whatever the client asks', async () => {
    const { t, seller, puppy } = await draftListing();
    await seller.agent.post('/api/create-listing-fee-intent').send({ puppyId: puppy.id });
    const response = await seller.agent
      .post('/api/user/activate-listing-plan')
      .send({ expiryDays: 30, puppyId: puppy.id });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      activated: false,
      puppy: { listingStatus: 'draft', expiresAt: null },
      hasActiveListingPlan: false,
    });
    expect((await t.store.puppies.get(puppy.id))!.expiresAt).toBeNull();
    expect((await t.store.users.get(seller.user.id))!.hasActiveListingPlan).toBe(false);
  });

  it('activates a listing whose fee was paid but whose event never arrived (checked with the provider)', async () => {
    const { t, seller, puppy } = await draftListing({ payments: { localEvents: 'drop' } });
    const created = await seller.agent.post('/api/create-listing-fee-intent').send({ puppyId: puppy.id });
    await payWithCard(seller.agent, created.body.clientSecret, CARDS.visa);
    expect((await t.store.puppies.get(puppy.id))!.expiresAt).toBeNull();
    const response = await seller.agent
      .post('/api/user/activate-listing-plan')
      .send({ expiryDays: 30, puppyId: puppy.id });
    expect(response.body).toMatchObject({ activated: true, puppy: { listingStatus: 'active', expiresAt: inDays(30) } });
    // Asked again, it does not extend the listing a second time.
    await seller.agent.post('/api/user/activate-listing-plan').send({ expiryDays: 30, puppyId: puppy.id });
    expect((await t.store.puppies.get(puppy.id))!.expiresAt).toBe(inDays(30));
  });

  it("refuses someone else's listing", async () => {
    const { t, puppy } = await draftListing();
    const stranger = await signedInAgent(t);
    expect((await stranger.agent.post('/api/user/activate-listing-plan').send({ puppyId: puppy.id })).status).toBe(403);
  });
});

describe('seller plans (POST /api/create-subscription)', () => {
  it('starts a 7-day trial; the plan then covers listings up to its limit without a fee', async () => {
    const { t, seller, puppy } = await draftListing();
    const response = await seller.agent
      .post('/api/create-subscription')
      .send({ paymentMethodId: 'pm_card_visa', priceId: 'price_monthly', email: 'kennel@example.com' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      clientSecret: null,
      requiresAction: false,
      status: 'trialing',
      plan: 'monthly',
      trialEnd: inDays(7),
    });
    expect(await t.store.sellerSubscriptions.listByUser(seller.user.id)).toEqual([
      expect.objectContaining({ plan: 'monthly', priceId: 'price_monthly', status: 'trialing', trialEnd: inDays(7) }),
    ]);
    expect(await t.store.users.get(seller.user.id)).toMatchObject({
      hasActiveListingPlan: true,
      listingPlanExpiresAt: inDays(7),
    });

    const covered = await seller.agent.post('/api/create-listing-fee-intent').send({ puppyId: puppy.id });
    expect(covered.body).toMatchObject({ alreadyPaid: true, clientSecret: null, puppy: { listingStatus: 'active' } });
    expect(covered.body.message).toMatch(/seller plan covers this listing/);

    // The monthly plan keeps 10 listings live: the 11th needs the fee.
    for (let i = 0; i < 9; i++) await addPuppy(t, seller.user.id, { name: `Pup${i}` });
    const eleventh = await addPuppy(t, seller.user.id, { name: 'Eleven', expiresAt: null });
    const fee = await seller.agent.post('/api/create-listing-fee-intent').send({ puppyId: eleventh.id });
    expect(fee.body).toMatchObject({ alreadyPaid: false, amountCents: 1999 });
    expect(fee.body.clientSecret).toBeTruthy();

    expect(
      (
        await seller.agent
          .post('/api/create-subscription')
          .send({ paymentMethodId: 'pm_card_visa', priceId: 'price_annual', email: 'kennel@example.com' })
      ).status,
    ).toBe(409);
  });

  it('a card that asks for authentication: requiresAction with the SetupIntent secret; the plan counts once approved', async () => {
    const { t, seller } = await draftListing();
    const response = await seller.agent.post('/api/create-subscription').send({
      paymentMethodId: 'pm_card_authenticationRequiredOnSetup',
      priceId: 'price_biannual',
      email: 'kennel@example.com',
    });
    expect(response.body).toMatchObject({ requiresAction: true, status: 'requires_action', plan: 'biannual' });
    expect(response.body.clientSecret).toMatch(/^seti_local_\w+_secret_\w+$/);
    expect((await t.store.sellerSubscriptions.listByUser(seller.user.id))[0]!.status).toBe('incomplete');
    expect((await t.store.users.get(seller.user.id))!.hasActiveListingPlan).toBe(false);

    await seller.agent
      .post('/api/local-payments/authenticate')
      .send({ clientSecret: response.body.clientSecret, approve: true })
      .expect(200);
    expect((await t.store.sellerSubscriptions.listByUser(seller.user.id))[0]!.status).toBe('trialing');
    expect((await t.store.users.get(seller.user.id))!.hasActiveListingPlan).toBe(true);
  });

  it("a declined card is a 402 with Stripe's message and starts nothing; bad input is a 400", async () => {
    const { t, seller } = await draftListing();
    const declined = await seller.agent
      .post('/api/create-subscription')
      .send({ paymentMethodId: 'pm_card_chargeDeclined', priceId: 'price_monthly', email: 'kennel@example.com' });
    expect(declined.status).toBe(402);
    expect(declined.body.error.message).toBe('Your card was declined.');
    const badPlan = await seller.agent
      .post('/api/create-subscription')
      .send({ paymentMethodId: 'pm_card_visa', priceId: 'price_gold', email: 'kennel@example.com' });
    expect(badPlan.status).toBe(400);
    expect(
      (
        await request(t.app)
          .post('/api/create-subscription')
          .send({ paymentMethodId: 'pm_card_visa', priceId: 'price_monthly', email: 'a@b.co' })
      ).status,
    ).toBe(401);
    expect(await t.store.sellerSubscriptions.listByUser(seller.user.id)).toEqual([]);
  });

  it("a card made by the local card form works like Stripe's test payment methods", async () => {
    const { t, seller } = await draftListing();
    const card = await seller.agent
      .post('/api/local-payments/payment-methods')
      .send({ number: CARDS.visa, exp: '04/30', cvc: '314', zip: '97201' });
    expect(card.body).toMatchObject({ card: { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2030 } });
    const response = await seller.agent
      .post('/api/create-subscription')
      .send({ paymentMethodId: card.body.id, priceId: 'price_annual', email: 'kennel@example.com' });
    expect(response.body.status).toBe('trialing');
    expect((await t.store.sellerSubscriptions.listByUser(seller.user.id))[0]!.plan).toBe('annual');
  });
});
