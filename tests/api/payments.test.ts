// Checkout (docs/product.md §2/§4/§7, §10) on the local test-mode provider: server-side amounts, one
// intent per visit, manual capture, Stripe's test-card outcomes, the order and the reserved puppy, the
// confirmation mails, the re-check of the return pages, and a puppy sold once.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CARE_PACKAGE_CENTS } from '../../commerce-api/src/contracts/plans.ts';
import { registeredAgent } from '../support/test-app.ts';
import { signedInAgent } from '../support/api-login.ts';
import {
  addPuppy,
  allOrders,
  CARDS,
  localPayment,
  localPaymentCount,
  marketplace,
  payWithCard,
} from '../support/payments.ts';

async function checkout(
  agent: Awaited<ReturnType<typeof registeredAgent>>['agent'],
  puppyId: number,
  visitId = 'visit-0001',
) {
  const response = await agent.post('/api/create-payment-intent').send({ puppyId, visitId });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { clientSecret: string; intentId: string; amountCents: number };
}

describe('POST /api/create-payment-intent', () => {
  it('charges the stored price plus the care package, whatever amount the client sends', async () => {
    const { t, puppy } = await marketplace({ price: 1500 });
    const { agent } = await signedInAgent(t);
    const response = await agent
      .post('/api/create-payment-intent')
      .send({ puppyId: puppy.id, amount: 1, puppyName: 'Cheap', visitId: 'visit-aaaa' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      amountCents: 150_000 + CARE_PACKAGE_CENTS,
      puppyPriceCents: 150_000,
      carePackageCents: 4999,
    });
    const stored = await localPayment(t, response.body.intentId);
    expect(stored).toMatchObject({
      amountCents: 154_999,
      currency: 'usd',
      captureMethod: 'manual',
      status: 'requires_payment_method',
    });
    expect(stored.metadata).toMatchObject({ purpose: 'puppy_purchase', puppyId: String(puppy.id) });
    expect(response.body.clientSecret).toMatch(/^pi_local_\w+_secret_\w+$/);
  });

  it('makes one intent per visit, and a new one for a new visit', async () => {
    const { t, puppy } = await marketplace();
    const { agent } = await signedInAgent(t);
    const first = await checkout(agent, puppy.id, 'visit-1111');
    const again = await checkout(agent, puppy.id, 'visit-1111');
    const other = await checkout(agent, puppy.id, 'visit-2222');
    expect(again.intentId).toBe(first.intentId);
    expect(other.intentId).not.toBe(first.intentId);
    expect(await localPaymentCount(t, 'payment_intent')).toBe(2);
  });

  it("needs a login, a public available puppy, and refuses the seller's own puppy", async () => {
    const { t, seller, puppy } = await marketplace();
    expect((await request(t.app).post('/api/create-payment-intent').send({ puppyId: puppy.id })).status).toBe(401);
    const { agent } = await signedInAgent(t);
    expect((await agent.post('/api/create-payment-intent').send({ puppyId: 999 })).status).toBe(404);
    expect((await agent.post('/api/create-payment-intent').send({ puppyId: 'x' })).status).toBe(400);
    const draft = await addPuppy(t, seller.user.id, { expiresAt: null });
    expect((await agent.post('/api/create-payment-intent').send({ puppyId: draft.id })).status).toBe(404);
    expect((await seller.agent.post('/api/create-payment-intent').send({ puppyId: puppy.id })).body.error.code).toBe(
      'own_puppy',
    );
    await t.store.puppies.update(puppy.id, { status: 'adopted' });
    const gone = await agent.post('/api/create-payment-intent').send({ puppyId: puppy.id });
    expect(gone.status).toBe(409);
    expect(gone.body.error.message).toMatch(/no longer available/);
    expect(await localPaymentCount(t)).toBe(0);
  });
});

describe('paying at checkout with the local provider', () => {
  it('4242: the card is authorised and captured, the order is paid, the puppy reserved, buyer and seller mailed', async () => {
    const { t, seller, puppy } = await marketplace({ price: 2400 });
    const buyer = await signedInAgent(t);
    const intent = await checkout(buyer.agent, puppy.id);
    const result = await payWithCard(buyer.agent, intent.clientSecret, CARDS.visa);
    expect(result.lastError).toBeNull();

    const stored = await localPayment(t, intent.intentId);
    expect(stored.status).toBe('succeeded');
    const [order] = await allOrders(t);
    expect(order).toMatchObject({
      puppyId: puppy.id,
      buyerId: buyer.user.id,
      sellerId: seller.user.id,
      puppyPriceCents: 240_000,
      carePackageCents: 4999,
      totalCents: 244_999,
      status: 'paid',
      paymentIntentId: intent.intentId,
    });
    expect(order!.reference).toMatch(/^PN-\d{8}-[0-9A-F]{8}$/);
    expect((await t.store.puppies.get(puppy.id))!.status).toBe('reserved');

    const mails = t.outbox.entries.filter((m) => m.subject.includes(order!.reference));
    expect(mails.map((m) => m.to).sort()).toEqual(
      [`${buyer.user.username}@example.com`, `${seller.user.username}@example.com`].sort(),
    );
    expect(mails.find((m) => m.to.startsWith(buyer.user.username))!.text).toContain('Total: $2,449.99');

    const status = await buyer.agent.post(`/api/payments/${intent.intentId}/refresh`).send({});
    expect(status.body).toMatchObject({
      outcome: 'succeeded',
      status: 'succeeded',
      order: { reference: order!.reference, totalCents: 244_999, puppy: { name: puppy.name, status: 'reserved' } },
    });
    const mine = await buyer.agent.get(`/api/my-orders?puppyId=${puppy.id}`);
    expect(mine.body.orders).toEqual([expect.objectContaining({ reference: order!.reference, status: 'paid' })]);
  });

  it("4000 0000 0000 0002 is declined with Stripe's message; nothing is recorded and the same intent can be paid again", async () => {
    const { t, puppy } = await marketplace();
    const buyer = await signedInAgent(t);
    const intent = await checkout(buyer.agent, puppy.id);
    const declined = await payWithCard(buyer.agent, intent.clientSecret, CARDS.declined);
    expect(declined).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'card_declined', message: 'Your card was declined.' },
    });
    expect((await allOrders(t)).length).toBe(0);
    expect((await t.store.puppies.get(puppy.id))!.status).toBe('available');
    const status = await buyer.agent.post(`/api/payments/${intent.intentId}/refresh`).send({});
    expect(status.body).toMatchObject({ outcome: 'failed', message: 'Your card was declined.' });

    const retried = await payWithCard(buyer.agent, intent.clientSecret, CARDS.visa);
    expect(retried.lastError).toBeNull();
    expect(await allOrders(t)).toEqual([expect.objectContaining({ status: 'paid' })]);
  });

  it('4000 0000 0000 9995 is declined for insufficient funds', async () => {
    const { t, puppy } = await marketplace();
    const buyer = await signedInAgent(t);
    const intent = await checkout(buyer.agent, puppy.id);
    const result = await payWithCard(buyer.agent, intent.clientSecret, CARDS.insufficient);
    expect(result.lastError).toEqual({ code: 'card_declined', message: 'Your card has insufficient funds.' });
    expect((await allOrders(t)).length).toBe(0);
  });

  it('4000 0025 0000 3155 asks for authentication: approving pays, failing declines', async () => {
    const { t, seller, puppy } = await marketplace();
    const buyer = await signedInAgent(t);
    const intent = await checkout(buyer.agent, puppy.id);
    const pending = await payWithCard(buyer.agent, intent.clientSecret, CARDS.authenticate);
    expect(pending).toMatchObject({ status: 'requires_action', nextAction: 'authenticate' });
    expect((await allOrders(t)).length).toBe(0);

    const failed = await buyer.agent
      .post('/api/local-payments/authenticate')
      .send({ clientSecret: intent.clientSecret, approve: false });
    expect(failed.body).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'payment_intent_authentication_failure' },
    });
    expect((await allOrders(t)).length).toBe(0);

    await payWithCard(buyer.agent, intent.clientSecret, CARDS.authenticate);
    const approved = await buyer.agent
      .post('/api/local-payments/authenticate')
      .send({ clientSecret: intent.clientSecret, approve: true });
    expect(approved.body).toMatchObject({ status: 'requires_capture', nextAction: null });
    expect(await allOrders(t)).toEqual([expect.objectContaining({ status: 'paid' })]);

    const other = await addPuppy(t, seller.user.id, { name: 'Max' });
    const second = await checkout(buyer.agent, other.id, 'visit-3333');
    await payWithCard(buyer.agent, second.clientSecret, CARDS.authenticate);
    expect(
      (
        await buyer.agent
          .post('/api/local-payments/authenticate')
          .send({ clientSecret: 'pi_local_nope_secret_x', approve: true })
      ).status,
    ).toBe(404);
  });

  it('checks card fields like Stripe Elements and refuses a real card in test mode', async () => {
    const { t } = await marketplace();
    const buyer = await signedInAgent(t);
    const card = (fields: Record<string, string>) =>
      buyer.agent
        .post('/api/local-payments/payment-methods')
        .send({ number: CARDS.visa, exp: '12 / 34', cvc: '123', zip: '94107', ...fields });
    expect((await card({ number: '4242 4242 4242 4241' })).body.error).toEqual({
      code: 'invalid_number',
      message: 'Your card number is invalid.',
    });
    expect((await card({ number: '4242' })).body.error.message).toBe('Your card number is incomplete.');
    expect((await card({ exp: '01 / 20' })).body.error.message).toBe("Your card's expiration year is in the past.");
    expect((await card({ cvc: '1' })).body.error.message).toBe("Your card's security code is incomplete.");
    expect((await card({ zip: '12' })).body.error.message).toBe('Your ZIP is incomplete.');
    const live = await card({ number: '4111 1111 1111 1111' });
    expect(live.status).toBe(402);
    expect(live.body.error.message).toMatch(/test mode, but used a non test \(live\) card/);
    expect(await localPaymentCount(t)).toBe(0);
  });

  it('refuses to confirm an intent twice', async () => {
    const { t, puppy } = await marketplace();
    const buyer = await signedInAgent(t);
    const intent = await checkout(buyer.agent, puppy.id);
    await payWithCard(buyer.agent, intent.clientSecret, CARDS.visa);
    const method = await buyer.agent
      .post('/api/local-payments/payment-methods')
      .send({ number: CARDS.visa, exp: '12/34', cvc: '123', zip: '94107' });
    const again = await buyer.agent
      .post('/api/local-payments/confirm')
      .send({ clientSecret: intent.clientSecret, paymentMethodId: method.body.id });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toMatch(/status of succeeded/);
    expect((await allOrders(t)).length).toBe(1);
  });
});

describe('a puppy is sold once', () => {
  it('two buyers paying at the same time: one order completes, the other payment is released, never captured, and that buyer is told', async () => {
    const { t, puppy } = await marketplace();
    const [a, b] = await Promise.all([signedInAgent(t), signedInAgent(t)]);
    const [intentA, intentB] = await Promise.all([checkout(a.agent, puppy.id), checkout(b.agent, puppy.id)]);
    await Promise.all([
      payWithCard(a.agent, intentA.clientSecret, CARDS.visa),
      payWithCard(b.agent, intentB.clientSecret, CARDS.visa),
    ]);

    const paid = (await allOrders(t)).filter((o) => o.status === 'paid');
    expect(paid).toHaveLength(1);
    const winner =
      paid[0]!.paymentIntentId === intentA.intentId ? { agent: a, intent: intentA } : { agent: b, intent: intentB };
    const loser = winner.agent === a ? { agent: b, intent: intentB } : { agent: a, intent: intentA };
    const loserPayment = await localPayment(t, loser.intent.intentId);
    expect(loserPayment.status).toBe('canceled');
    expect((await localPayment(t, winner.intent.intentId)).status).toBe('succeeded');
    expect((await t.store.puppies.get(puppy.id))!.status).toBe('reserved');

    const told = await loser.agent.agent.post(`/api/payments/${loser.intent.intentId}/refresh`).send({});
    expect(told.body.outcome).toBe('sold_out');
    expect(told.body.message).toMatch(/reserved by another family.*not charged/);
    // Only the winner's purchase was mailed.
    expect(t.outbox.entries.filter((m) => m.subject.includes('reserved for you'))).toHaveLength(1);
  });

  it('a buyer who paid after the puppy was reserved is never charged', async () => {
    const { t, puppy } = await marketplace();
    const late = await signedInAgent(t);
    const intent = await checkout(late.agent, puppy.id);
    await t.store.puppies.update(puppy.id, { status: 'reserved' });
    await payWithCard(late.agent, intent.clientSecret, CARDS.visa);
    expect((await localPayment(t, intent.intentId)).status).toBe('canceled');
    expect(await allOrders(t)).toEqual([expect.objectContaining({ status: 'canceled', buyerId: late.user.id })]);
    expect((await late.agent.post(`/api/payments/${intent.intentId}/refresh`).send({})).body.outcome).toBe('sold_out');
  });
});

describe('POST /api/payments/:intentId/refresh', () => {
  it('fulfils a paid checkout whose event never arrived (a lost webhook)', async () => {
    const { t, puppy } = await marketplace({ payments: { localEvents: 'drop' } });
    const buyer = await signedInAgent(t);
    const intent = await checkout(buyer.agent, puppy.id);
    await payWithCard(buyer.agent, intent.clientSecret, CARDS.visa);
    expect((await allOrders(t)).length).toBe(0);
    expect((await localPayment(t, intent.intentId)).status).toBe('requires_capture');

    const status = await buyer.agent.post(`/api/payments/${intent.intentId}/refresh`).send({});
    expect(status.body).toMatchObject({ outcome: 'succeeded', status: 'succeeded' });
    expect(await allOrders(t)).toEqual([expect.objectContaining({ status: 'paid' })]);
    expect((await t.store.puppies.get(puppy.id))!.status).toBe('reserved');
    // Asking again changes nothing.
    await buyer.agent.post(`/api/payments/${intent.intentId}/refresh`).send({});
    expect((await allOrders(t)).length).toBe(1);
    expect(t.outbox.entries.filter((m) => m.subject.includes('reserved for you'))).toHaveLength(1);
  });

  it('shows a payment only to its owner or to whoever holds its client secret', async () => {
    const { t, puppy } = await marketplace();
    const buyer = await signedInAgent(t);
    const stranger = await signedInAgent(t);
    const intent = await checkout(buyer.agent, puppy.id);
    expect((await stranger.agent.post(`/api/payments/${intent.intentId}/refresh`).send({})).status).toBe(404);
    expect(
      (await request(t.app).post(`/api/payments/${intent.intentId}/refresh`).send({ clientSecret: 'pi_wrong' })).status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .post(`/api/payments/${intent.intentId}/refresh`)
          .send({ clientSecret: intent.clientSecret })
      ).body.outcome,
    ).toBe('requires_payment');
    expect((await request(t.app).post('/api/payments/not-an-id/refresh').send({})).status).toBe(404);
  });
});

describe('GET /api/stripe-public-key', () => {
  it("gives the local provider's key in test mode without Stripe keys, and the Stripe test key when set", async () => {
    const { t } = await marketplace();
    expect((await request(t.app).get('/api/stripe-public-key')).body).toEqual({
      publicKey: 'pk_local_puppynest_test_mode',
      isLive: false,
    });
    const withStripe = await marketplace({
      env: { STRIPE_TEST_SECRET_KEY: 'sk_test_abc', STRIPE_TEST_PUBLISHABLE_KEY: 'pk_test_abc' },
    });
    expect((await request(withStripe.t.app).get('/api/stripe-public-key')).body).toEqual({
      publicKey: 'pk_test_abc',
      isLive: false,
    });
    expect((await request(withStripe.t.app).post('/api/local-payments/payment-methods').send({})).status).toBe(404);
  });
});
