// POST /api/webhooks/stripe: raw body, signature verified with the Stripe SDK (events signed here with
// stripe.webhooks.generateTestHeaderString), each event applied once. The local provider's own events
// are dropped in these tests, so only the webhook fulfils.
import Stripe from 'stripe';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { signedInAgent } from '../support/api-login.ts';
import { allOrders, CARDS, localPayment, marketplace, NOW, payWithCard } from '../support/payments.ts';

const SECRET = 'whsec_test_0123456789abcdef';
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function signed(event: object, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? SECRET,
    timestamp: options.timestamp ?? seconds(NOW),
  });
  return { payload, header };
}

function intentEvent(
  id: string,
  type: string,
  intent: { id: string; status: string; amount: number; metadata: Record<string, string> },
) {
  return {
    id,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: seconds(NOW),
    livemode: false,
    data: {
      object: {
        object: 'payment_intent',
        currency: 'usd',
        capture_method: 'manual',
        client_secret: null,
        livemode: false,
        last_payment_error: null,
        amount_capturable: 0,
        amount_received: 0,
        ...intent,
      },
    },
  };
}

async function paidButUnfulfilled() {
  const { t, puppy, seller } = await marketplace({
    env: { STRIPE_WEBHOOK_SECRET: SECRET },
    payments: { localEvents: 'drop' },
  });
  const buyer = await signedInAgent(t);
  const created = await buyer.agent
    .post('/api/create-payment-intent')
    .send({ puppyId: puppy.id, visitId: 'visit-hook' });
  await payWithCard(buyer.agent, created.body.clientSecret, CARDS.visa);
  const row = await localPayment(t, created.body.intentId);
  expect(row.status).toBe('requires_capture');
  const event = intentEvent('evt_1Qwebhook', 'payment_intent.amount_capturable_updated', {
    id: row.providerId,
    status: 'requires_capture',
    amount: row.amountCents,
    metadata: row.metadata,
  });
  return { t, puppy, seller, buyer, intentId: row.providerId, event };
}

const post = (app: Parameters<typeof request>[0], payload: string, header?: string) => {
  const req = request(app).post('/api/webhooks/stripe').set('Content-Type', 'application/json');
  return (header === undefined ? req : req.set('Stripe-Signature', header)).send(payload);
};

describe('POST /api/webhooks/stripe', () => {
  it('applies a verified amount_capturable_updated: captures, records the paid order, reserves the puppy', async () => {
    const { t, puppy, intentId, event } = await paidButUnfulfilled();
    const { payload, header } = signed(event);
    const response = await post(t.app, payload, header);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ received: true, result: 'applied' });
    expect((await localPayment(t, intentId)).status).toBe('succeeded');
    expect(await allOrders(t)).toEqual([expect.objectContaining({ paymentIntentId: intentId, status: 'paid' })]);
    expect((await t.store.puppies.get(puppy.id))!.status).toBe('reserved');
    // the event's id is claimed: a later claim of it loses
    expect(await t.store.paymentEvents.claim('evt_1Qwebhook', event.type, NOW)).toBeUndefined();
  });

  it('answers 400 and changes nothing without a signature, with a wrong one, a stale one or a changed body', async () => {
    const { t, puppy, event } = await paidButUnfulfilled();
    const { payload, header } = signed(event);
    const cases = [
      ['no signature', payload, undefined],
      ['wrong secret', payload, signed(event, { secret: 'whsec_someone_else' }).header],
      ['stale', payload, signed(event, { timestamp: seconds(NOW) - 600 }).header],
      ['changed body', payload.replace('requires_capture', 'succeeded'), header],
      ['garbage header', payload, 't=1,v1=abc'],
    ] as const;
    for (const [name, body, sig] of cases) {
      const response = await post(t.app, body, sig);
      expect(response.status, name).toBe(400);
      expect(response.body.error.code, name).toBe('invalid_signature');
    }
    expect((await allOrders(t)).length).toBe(0);
    // the event was never claimed: claiming it now wins
    expect(await t.store.paymentEvents.claim(event.id, event.type, NOW)).toBeDefined();
    expect((await t.store.puppies.get(puppy.id))!.status).toBe('available');
  });

  it('fulfils once when the same event is delivered twice, or five times at once', async () => {
    const { t, event } = await paidButUnfulfilled();
    const { payload, header } = signed(event);
    const results = await Promise.all(Array.from({ length: 5 }, () => post(t.app, payload, header)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.body.result === 'applied')).toHaveLength(1);
    expect((await post(t.app, payload, header)).body.result).toBe('duplicate');
    expect((await allOrders(t)).length).toBe(1);
    expect(await t.store.paymentEvents.claim(event.id, event.type, NOW)).toBeUndefined();
    expect(t.outbox.entries.filter((m) => m.subject.includes('reserved for you'))).toHaveLength(1);
  });

  it('fulfils once per intent when different events for it arrive, in any order', async () => {
    const { t, intentId, event } = await paidButUnfulfilled();
    const later = intentEvent('evt_2Qsucceeded', 'payment_intent.succeeded', {
      ...event.data.object,
      status: 'succeeded',
    });
    // The "succeeded" event first (out of order): the provider still says requires_capture, so it captures.
    expect((await post(t.app, signed(later).payload, signed(later).header)).body.result).toBe('applied');
    expect((await post(t.app, signed(event).payload, signed(event).header)).body.result).toBe('applied');
    expect(await allOrders(t)).toEqual([expect.objectContaining({ paymentIntentId: intentId, status: 'paid' })]);
    expect(t.outbox.entries.filter((m) => m.subject.includes('reserved for you'))).toHaveLength(1);
  });

  it('acknowledges events it has no use for, and events about unknown objects, without changing anything', async () => {
    const { t } = await paidButUnfulfilled();
    const other = {
      id: 'evt_3Qother',
      object: 'event',
      type: 'customer.created',
      created: seconds(NOW),
      data: { object: { object: 'customer', id: 'cus_1' } },
    };
    expect((await post(t.app, signed(other).payload, signed(other).header)).body.result).toBe('ignored');
    const unknown = intentEvent('evt_4Qunknown', 'payment_intent.succeeded', {
      id: 'pi_3NotOurs',
      status: 'succeeded',
      amount: 100,
      metadata: { purpose: 'donation' },
    });
    expect((await post(t.app, signed(unknown).payload, signed(unknown).header)).body.result).toBe('ignored');
    expect((await allOrders(t)).length).toBe(0);
  });

  it('keeps seller subscriptions current from customer.subscription.* events, as the provider has them now: a late update never brings a cancelled plan back', async () => {
    const { t, seller } = await marketplace({ env: { STRIPE_WEBHOOK_SECRET: SECRET } });
    const created = await seller.agent
      .post('/api/create-subscription')
      .send({ paymentMethodId: 'pm_card_visa', priceId: 'price_biannual', email: 'kennel@example.com' });
    expect(created.body.status).toBe('trialing');
    const row = (await t.store.sellerSubscriptions.listByUser(seller.user.id))[0]!;
    // the seller cancels at the provider (Stripe's dashboard, or its customer portal)
    const atProvider = (await t.store.localPayments.find(row.providerSubscriptionId, 'subscription'))!;
    await t.store.localPayments.transition(atProvider.id, ['trialing'], { status: 'canceled' });
    const canceled = {
      id: 'evt_5Qsub',
      object: 'event',
      type: 'customer.subscription.deleted',
      created: seconds(NOW),
      data: {
        object: {
          object: 'subscription',
          id: row.providerSubscriptionId,
          status: 'canceled',
          trial_end: null,
          metadata: {},
          livemode: false,
          items: { data: [] },
        },
      },
    };
    expect((await post(t.app, signed(canceled).payload, signed(canceled).header)).body.result).toBe('applied');
    expect((await t.store.sellerSubscriptions.findByProviderId(row.providerSubscriptionId))!.status).toBe('canceled');
    expect((await t.store.users.get(seller.user.id))!.hasActiveListingPlan).toBe(false);
    // an older "updated" event arriving late says trialing in its body; the provider says canceled
    const late = {
      ...canceled,
      id: 'evt_5Qsub_late',
      type: 'customer.subscription.updated',
      data: { object: { ...canceled.data.object, status: 'trialing' } },
    };
    expect((await post(t.app, signed(late).payload, signed(late).header)).body.result).toBe('applied');
    expect((await t.store.sellerSubscriptions.findByProviderId(row.providerSubscriptionId))!.status).toBe('canceled');
    expect((await t.store.users.get(seller.user.id))!.hasActiveListingPlan).toBe(false);
  });

  it('an event claimed by a process that died before applying it is applied by the next delivery, once', async () => {
    const { t, seller } = await marketplace({ env: { STRIPE_WEBHOOK_SECRET: SECRET } });
    await seller.agent
      .post('/api/create-subscription')
      .send({ paymentMethodId: 'pm_card_visa', priceId: 'price_biannual', email: 'kennel@example.com' });
    const row = (await t.store.sellerSubscriptions.listByUser(seller.user.id))[0]!;
    const atProvider = (await t.store.localPayments.find(row.providerSubscriptionId, 'subscription'))!;
    await t.store.localPayments.transition(atProvider.id, ['trialing'], { status: 'canceled' });
    const event = {
      id: 'evt_died',
      object: 'event',
      type: 'customer.subscription.deleted',
      created: seconds(NOW),
      data: {
        object: {
          object: 'subscription',
          id: row.providerSubscriptionId,
          status: 'canceled',
          trial_end: null,
          metadata: {},
          livemode: false,
          items: { data: [] },
        },
      },
    };
    // the dead process's claim: made two minutes ago, never applied
    expect(await t.store.paymentEvents.claim('evt_died', event.type, new Date(NOW.getTime() - 120_000))).toBeDefined();
    expect((await t.store.sellerSubscriptions.findByProviderId(row.providerSubscriptionId))!.status).toBe('trialing');
    expect((await post(t.app, signed(event).payload, signed(event).header)).body.result).toBe('applied');
    expect((await t.store.sellerSubscriptions.findByProviderId(row.providerSubscriptionId))!.status).toBe('canceled');
    // applied now: a further delivery is a duplicate
    expect((await post(t.app, signed(event).payload, signed(event).header)).body.result).toBe('duplicate');
    // a claim still fresh (its process may be applying it right now) is left alone
    expect(await t.store.paymentEvents.claim('evt_fresh', event.type, NOW)).toBeDefined();
    expect(
      (await post(t.app, signed({ ...event, id: 'evt_fresh' }).payload, signed({ ...event, id: 'evt_fresh' }).header))
        .body.result,
    ).toBe('duplicate');
  });

  it('refuses every delivery when no webhook secret is configured', async () => {
    const { t } = await marketplace();
    const event = intentEvent('evt_6Q', 'payment_intent.succeeded', {
      id: 'pi_local_x',
      status: 'succeeded',
      amount: 100,
      metadata: {},
    });
    const response = await post(t.app, signed(event).payload, signed(event).header);
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/not configured/);
  });
});
