// The Stripe implementation with the real `stripe` SDK and a capturing HTTP client (no network): the
// requests it sends for each flow (amount in cents, currency, capture method, idempotency key, metadata,
// trial days, price id, pinned API version, mode's key) and how Stripe's answers and errors come back.
// Seller payouts (decision 0101): the Connect calls (Express accounts, onboarding links, transfers and their
// reversals) and the Connect webhook events, the same way.
import Stripe from 'stripe';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  InsufficientBalanceError,
  PaymentObjectMissingError,
  PaymentProviderError,
} from '../../commerce-api/src/payments/provider.ts';
import { createStripeProvider, STRIPE_API_VERSION } from '../../commerce-api/src/payments/stripe-provider.ts';
import {
  verifyStripeConnectEvent,
  verifyStripeEvent,
  WebhookSignatureError,
} from '../../commerce-api/src/payments/webhook-events.ts';
import { signedInAgent } from '../support/api-login.ts';
import { allOrders, marketplace, NOW } from '../support/payments.ts';

interface Captured {
  method: string;
  path: string;
  headers: Record<string, string>;
  form: URLSearchParams;
}

class CannedResponse extends Stripe.HttpClientResponse {
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    super(status, { 'request-id': 'req_test' });
    this.body = body;
  }
  override getRawResponse() {
    return this.body;
  }
  override toStream(done: () => void) {
    done();
    return this.body;
  }
  override toJSON() {
    return Promise.resolve(this.body);
  }
}

type Reply = { status: number; body: unknown } | 'network-error';

/** answers like Stripe would, and keeps every request the SDK made */
class CapturingClient extends Stripe.HttpClient {
  readonly requests: Captured[] = [];
  readonly reply: (request: Captured) => Reply;
  constructor(reply: (request: Captured) => Reply) {
    super();
    this.reply = reply;
  }
  override getClientName() {
    return 'capturing';
  }
  override makeRequest(
    _host: string,
    _port: string,
    path: string,
    method: string,
    headers: Record<string, string | number | string[]>,
    requestData: string,
  ) {
    const captured: Captured = {
      method,
      path,
      headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v)])),
      form: new URLSearchParams(requestData ?? ''),
    };
    this.requests.push(captured);
    const reply = this.reply(captured);
    if (reply === 'network-error')
      return Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    return Promise.resolve(new CannedResponse(reply.status, reply.body));
  }
}

const epoch = (days: number) => Math.floor(NOW.getTime() / 1000) + days * 86_400;

function stripeLike(options: { setupStatus?: string; declineSetup?: boolean } = {}) {
  return (request: Captured): Reply => {
    const form = Object.fromEntries(request.form.entries());
    const metadata = Object.fromEntries(
      [...request.form.entries()].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]),
    );
    if (request.path === '/v1/payment_intents' && request.method === 'POST') {
      return {
        status: 200,
        body: {
          id: 'pi_3Test',
          object: 'payment_intent',
          amount: Number(form['amount']),
          amount_capturable: 0,
          amount_received: 0,
          currency: form['currency'],
          capture_method: form['capture_method'],
          status: 'requires_payment_method',
          client_secret: 'pi_3Test_secret_abc',
          metadata,
          livemode: false,
          last_payment_error: null,
        },
      };
    }
    if (request.path === '/v1/customers')
      return { status: 200, body: { id: 'cus_Test', object: 'customer', email: form['email'] } };
    if (request.path === '/v1/subscriptions' && request.method === 'POST') {
      return {
        status: 200,
        body: {
          id: 'sub_Test',
          object: 'subscription',
          status: 'trialing',
          trial_end: epoch(7),
          metadata,
          livemode: false,
          items: {
            object: 'list',
            data: [{ id: 'si_1', price: { id: form['items[0][price]'] }, current_period_end: epoch(7) }],
          },
        },
      };
    }
    if (request.path === '/v1/setup_intents') {
      if (options.declineSetup)
        return {
          status: 402,
          body: {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
            },
          },
        };
      return {
        status: 200,
        body: {
          id: 'seti_Test',
          object: 'setup_intent',
          status: options.setupStatus ?? 'succeeded',
          client_secret: 'seti_Test_secret_xyz',
          metadata,
          payment_method: form['payment_method'],
          livemode: false,
          last_setup_error: null,
        },
      };
    }
    if (request.path === '/v1/subscriptions/sub_Test' && request.method === 'DELETE') {
      return {
        status: 200,
        body: {
          id: 'sub_Test',
          object: 'subscription',
          status: 'canceled',
          trial_end: null,
          metadata: {},
          livemode: false,
          items: { object: 'list', data: [] },
        },
      };
    }
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such path ${request.path}` },
      },
    };
  };
}

const STRIPE_ENV = { STRIPE_TEST_SECRET_KEY: 'sk_test_puppynest', STRIPE_TEST_PUBLISHABLE_KEY: 'pk_test_puppynest' };

async function withStripe(reply: (request: Captured) => Reply, env: Record<string, string> = {}, price = 1500) {
  const client = new CapturingClient(reply);
  const world = await marketplace({ env: { ...STRIPE_ENV, ...env }, payments: { stripeHttpClient: client }, price });
  return { ...world, client };
}

describe('the Stripe provider (real SDK, captured requests)', () => {
  it('checkout: a manual-capture PaymentIntent for price + care package in USD cents, with an idempotency key, metadata and the order reference as transfer group', async () => {
    const { t, puppy, seller, client } = await withStripe(stripeLike(), {}, 1500);
    const buyer = await signedInAgent(t);
    const response = await buyer.agent
      .post('/api/create-payment-intent')
      .send({ puppyId: puppy.id, amount: 5, visitId: 'visit-stripe-1' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      clientSecret: 'pi_3Test_secret_abc',
      intentId: 'pi_3Test',
      amountCents: 154_999,
    });

    expect(client.requests).toHaveLength(1);
    const [sent] = client.requests;
    expect(sent!.method).toBe('POST');
    expect(sent!.path).toBe('/v1/payment_intents');
    expect(sent!.form.get('amount')).toBe('154999');
    expect(sent!.form.get('currency')).toBe('usd');
    expect(sent!.form.get('capture_method')).toBe('manual');
    expect(sent!.form.get('allowed_payment_method_types[0]')).toBe('card');
    expect(sent!.form.get('metadata[purpose]')).toBe('puppy_purchase');
    expect(sent!.form.get('metadata[puppyId]')).toBe(String(puppy.id));
    expect(sent!.form.get('metadata[buyerId]')).toBe(String(buyer.user.id));
    expect(sent!.form.get('metadata[sellerId]')).toBe(String(seller.user.id));
    expect(sent!.form.get('receipt_email')).toBe(`${buyer.user.username}@example.com`);
    // the day the order reference is dated by is part of the key; the reference is the transfer group
    // (decision 0101)
    expect(sent!.headers['idempotency-key']).toBe(
      `checkout:${buyer.user.id}:${puppy.id}:visit-stripe-1:154999:20260601`,
    );
    expect(sent!.form.get('transfer_group')).toMatch(/^PN-20260601-[0-9A-F]{8}$/);
    expect(sent!.form.get('metadata[orderReference]')).toBe(sent!.form.get('transfer_group'));
    expect(sent!.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(sent!.headers['authorization']).toBe('Bearer sk_test_puppynest');
  });

  it("listing fee: $19.99 with automatic capture; donation: the donor's amount with a receipt email", async () => {
    const { t, seller, client } = await withStripe(stripeLike());
    const draft = await t.store.puppies.update(1, { expiresAt: null });
    const fee = await seller.agent
      .post('/api/create-listing-fee-intent')
      .send({ puppyId: draft!.id, amount: 1, visitId: 'visit-fee-1' });
    expect(fee.status, JSON.stringify(fee.body)).toBe(200);
    const [feeRequest] = client.requests;
    expect(feeRequest!.form.get('amount')).toBe('1999');
    expect(feeRequest!.form.get('capture_method')).toBe('automatic');
    expect(feeRequest!.form.get('metadata[purpose]')).toBe('listing_fee');
    expect(feeRequest!.headers['idempotency-key']).toBe(`listing-fee:${seller.user.id}:${draft!.id}:visit-fee-1`);

    const donation = await seller.agent.post('/api/create-donation-intent').send({
      donorName: 'Alex',
      donorEmail: 'alex@example.com',
      amount: 50,
      message: '',
      isAnonymous: false,
      visitId: 'visit-don-1',
    });
    expect(donation.status).toBe(200);
    const donationRequest = client.requests.at(-1)!;
    expect(donationRequest.form.get('amount')).toBe('5000');
    expect(donationRequest.form.get('currency')).toBe('usd');
    expect(donationRequest.form.get('receipt_email')).toBe('alex@example.com');
    expect(donationRequest.headers['idempotency-key']).toMatch(/^donation:visit-don-1:5000:/);
  });

  it("subscription: customer with the card, a 7-day trial on the plan's price id, and a SetupIntent for the card", async () => {
    const { t, seller, client } = await withStripe(stripeLike());
    const response = await seller.agent
      .post('/api/create-subscription')
      .send({ paymentMethodId: 'pm_1Card', priceId: 'price_monthly', email: 'kennel@example.com' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      clientSecret: null,
      requiresAction: false,
      status: 'trialing',
      plan: 'monthly',
      trialEnd: new Date(epoch(7) * 1000).toISOString(),
    });

    expect(client.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/subscriptions',
      'POST /v1/setup_intents',
    ]);
    const [customer, subscription, setup] = client.requests;
    expect(customer!.form.get('email')).toBe('kennel@example.com');
    expect(customer!.form.get('payment_method')).toBe('pm_1Card');
    expect(subscription!.form.get('items[0][price]')).toBe('price_monthly');
    expect(subscription!.form.get('trial_period_days')).toBe('7');
    expect(subscription!.form.get('customer')).toBe('cus_Test');
    expect(subscription!.form.get('default_payment_method')).toBe('pm_1Card');
    expect(subscription!.form.get('metadata[userId]')).toBe(String(seller.user.id));
    expect(setup!.form.get('confirm')).toBe('true');
    expect(setup!.form.get('usage')).toBe('off_session');
    expect(setup!.form.get('metadata[subscription]')).toBe('sub_Test');
    const keys = client.requests.map((r) => r.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(3);
    expect(keys.every((k) => k!.startsWith(`subscription:${seller.user.id}:price_monthly:pm_1Card`))).toBe(true);

    expect(await t.store.sellerSubscriptions.listByUser(seller.user.id)).toEqual([
      expect.objectContaining({
        userId: seller.user.id,
        plan: 'monthly',
        priceId: 'price_monthly',
        providerSubscriptionId: 'sub_Test',
        status: 'trialing',
      }),
    ]);
    expect((await t.store.users.get(seller.user.id))!.hasActiveListingPlan).toBe(true);
  });

  it('subscription with a card that asks for authentication returns the SetupIntent secret and requiresAction', async () => {
    const { t, seller } = await withStripe(stripeLike({ setupStatus: 'requires_action' }));
    const response = await seller.agent
      .post('/api/create-subscription')
      .send({ paymentMethodId: 'pm_1Card', priceId: 'price_annual', email: 'kennel@example.com' });
    expect(response.body).toMatchObject({
      clientSecret: 'seti_Test_secret_xyz',
      requiresAction: true,
      status: 'requires_action',
      plan: 'annual',
    });
    expect((await t.store.sellerSubscriptions.listByUser(seller.user.id))[0]!.status).toBe('incomplete');
    expect((await t.store.users.get(seller.user.id))!.hasActiveListingPlan).toBe(false);
  });

  it("a declined card comes back as 402 with Stripe's message, and the trial it started is canceled", async () => {
    const { t, seller, client } = await withStripe(stripeLike({ declineSetup: true }));
    const response = await seller.agent
      .post('/api/create-subscription')
      .send({ paymentMethodId: 'pm_1Card', priceId: 'price_monthly', email: 'kennel@example.com' });
    expect(response.status).toBe(402);
    expect(response.body.error).toEqual({ code: 'card_declined', message: 'Your card was declined.' });
    expect(client.requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/v1/subscriptions/sub_Test' });
    expect(await t.store.sellerSubscriptions.listByUser(seller.user.id)).toEqual([]);
  });

  it('an unreachable Stripe is a 502 that names no internals, and nothing is recorded', async () => {
    const { t, puppy } = await withStripe(() => 'network-error');
    const buyer = await signedInAgent(t);
    const response = await buyer.agent.post('/api/create-payment-intent').send({ puppyId: puppy.id });
    expect(response.status).toBe(502);
    expect(response.body.error.code).toBe('payment_provider_unavailable');
    expect(JSON.stringify(response.body)).not.toMatch(/ECONNREFUSED|sk_test/);
    expect((await allOrders(t)).length).toBe(0);
  });

  it('live mode uses the live keys, and the public key endpoint says so', async () => {
    const { t, puppy, client } = await withStripe(stripeLike(), {
      STRIPE_LIVE_SECRET_KEY: 'sk_live_puppynest',
      STRIPE_LIVE_PUBLISHABLE_KEY: 'pk_live_puppynest',
    });
    await t.store.settings.set({ paymentMode: 'live' });
    const buyer = await signedInAgent(t);
    expect((await buyer.agent.get('/api/stripe-public-key')).body).toEqual({
      publicKey: 'pk_live_puppynest',
      isLive: true,
    });
    await buyer.agent.post('/api/create-payment-intent').send({ puppyId: puppy.id }).expect(200);
    expect(client.requests[0]!.headers['authorization']).toBe('Bearer sk_live_puppynest');
  });
});

describe('an admin cancels a Stripe order', () => {
  const paidIntent = {
    id: 'pi_3Paid',
    object: 'payment_intent',
    amount: 154_999,
    amount_capturable: 0,
    amount_received: 154_999,
    currency: 'usd',
    capture_method: 'manual',
    status: 'succeeded',
    client_secret: 'pi_3Paid_secret_x',
    metadata: { purpose: 'puppy_purchase' },
    livemode: false,
    last_payment_error: null,
  };

  async function stripeOrder(refund: Reply) {
    const world = await withStripe((request) => {
      if (request.method === 'GET' && request.path === '/v1/payment_intents/pi_3Paid')
        return { status: 200, body: paidIntent };
      if (request.method === 'POST' && request.path === '/v1/refunds') return refund;
      return {
        status: 404,
        body: {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such path ${request.path}` },
        },
      };
    });
    const buyer = await signedInAgent(world.t);
    await world.t.store.puppies.update(world.puppy.id, { status: 'reserved' });
    const order = await world.t.store.orders.create({
      reference: 'PN-20260601-5791A0B2',
      puppyId: world.puppy.id,
      buyerId: buyer.user.id,
      sellerId: world.seller.user.id,
      puppyPriceCents: 150_000,
      carePackageCents: 4999,
      totalCents: 154_999,
      paymentIntentId: 'pi_3Paid',
      status: 'paid',
      createdAt: NOW.toISOString(),
      paidAt: NOW.toISOString(),
    });
    const admin = await signedInAgent(world.t);
    await world.t.store.users.update(admin.user.id, { role: 'admin' });
    return { ...world, order, admin: admin.agent };
  }

  it('refunds the whole payment through Stripe with an idempotency key, and the puppy is available again', async () => {
    const { t, client, order, admin, puppy } = await stripeOrder({
      status: 200,
      body: { id: 're_1', object: 'refund', amount: 154_999, payment_intent: 'pi_3Paid', status: 'succeeded' },
    });
    const response = await admin
      .post(`/api/admin/orders/${order.reference}/cancel`)
      .send({ reason: 'The family asked us to cancel.' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const refund = client.requests.find((r) => r.path === '/v1/refunds')!;
    expect(refund.form.get('payment_intent')).toBe('pi_3Paid');
    expect(refund.form.get('amount')).toBeNull();
    expect(refund.headers['idempotency-key']).toBe('refund:pi_3Paid');
    expect((await t.store.orders.get(order.id))!.status).toBe('refunded');
    expect((await t.store.puppies.get(puppy.id))!.status).toBe('available');
  });

  it("a refund Stripe refuses: the order says plainly that its refund is pending, with Stripe's reason, for an admin to retry or settle", async () => {
    const refused: Reply = {
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'charge_disputed',
          message: 'Charge ch_3Paid has been charged back; cannot issue a refund.',
        },
      },
    };
    const { t, client, order, admin, puppy } = await stripeOrder(refused);
    const response = await admin
      .post(`/api/admin/orders/${order.reference}/cancel`)
      .send({ reason: 'The family asked us to cancel.' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.message).toMatch(
      /is cancelled, and its refund is pending: .*Charge ch_3Paid has been charged back; cannot issue a refund\./,
    );
    expect(response.body.order).toMatchObject({
      status: 'refunding',
      refundError: expect.stringMatching(/charged back/),
    });
    // a refusal is asked once: the same no is not asked for again
    expect(client.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
    expect((await t.store.puppies.get(puppy.id))!.status).toBe('reserved');
    // the admin refunds the buyer by other means: the order ends refunded, the puppy is on sale again
    const elsewhere = await admin
      .post(`/api/admin/orders/${order.reference}/refunded-elsewhere`)
      .send({ note: 'Refunded by bank transfer, ref 4411.' });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
    expect((await t.store.orders.get(order.id))!.status).toBe('refunded');
    expect((await t.store.puppies.get(puppy.id))!.status).toBe('available');
  });

  it('a Stripe outage is not a refusal: the refund is asked again with the same idempotency key, and stays pending for the job', async () => {
    const outage: Reply = {
      status: 500,
      body: { error: { type: 'api_error', message: 'An unknown error occurred.' } },
    };
    const { t, client, order, admin } = await stripeOrder(outage);
    const response = await admin
      .post(`/api/admin/orders/${order.reference}/cancel`)
      .send({ reason: 'The family asked us to cancel.' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.order).toMatchObject({ status: 'refunding', refundError: null });
    const refunds = client.requests.filter((r) => r.path === '/v1/refunds');
    expect(refunds.length).toBeGreaterThan(1);
    expect(new Set(refunds.map((r) => r.headers['idempotency-key']))).toEqual(new Set(['refund:pi_3Paid']));
    expect((await t.store.orders.get(order.id))!.status).toBe('refunding');
  });
});

// ---- Stripe Connect, separate charges and transfers (decision 0101) ----

const missing = (path: string): Reply => ({
  status: 404,
  body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such path ${path}` } },
});
const insufficient = (message: string): Reply => ({
  status: 400,
  body: { error: { type: 'invalid_request_error', code: 'balance_insufficient', message } },
});

/** an Express account as Stripe answers it, before or after onboarding */
function stripeAccount(overrides: Record<string, unknown> = {}) {
  return {
    id: 'acct_1Seller',
    object: 'account',
    type: 'express',
    country: 'US',
    email: 'kennel@example.com',
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    capabilities: { transfers: 'inactive' },
    controller: {
      type: 'application',
      is_controller: true,
      requirement_collection: 'stripe',
      fees: { payer: 'application' },
      losses: { payments: 'application' },
      stripe_dashboard: { type: 'express' },
    },
    metadata: { userId: '7' },
    requirements: {
      alternatives: [],
      current_deadline: null,
      currently_due: ['external_account', 'individual.ssn_last_4', 'tos_acceptance.date'],
      past_due: ['external_account', 'business_profile.url'],
      eventually_due: ['external_account', 'individual.ssn_last_4', 'tos_acceptance.date', 'business_profile.url'],
      pending_verification: [],
      disabled_reason: 'requirements.past_due',
      errors: [],
    },
    ...overrides,
  };
}

/** a Transfer as Stripe answers it */
function stripeTransfer(overrides: Record<string, unknown> = {}) {
  return {
    id: 'tr_1Payout',
    object: 'transfer',
    amount: 135_000,
    amount_reversed: 0,
    reversed: false,
    currency: 'usd',
    destination: 'acct_1Seller',
    transfer_group: 'PN-20260601-5791A0B2',
    metadata: { orderReference: 'PN-20260601-5791A0B2' },
    livemode: false,
    created: epoch(0),
    balance_transaction: 'txn_1',
    description: null,
    reversals: { object: 'list', data: [], has_more: false, url: '/v1/transfers/tr_1Payout/reversals' },
    source_transaction: null,
    ...overrides,
  };
}

const reversedTransfer = () =>
  stripeTransfer({
    amount_reversed: 135_000,
    reversed: true,
    reversals: {
      object: 'list',
      data: [{ id: 'trr_1', object: 'transfer_reversal', amount: 135_000, transfer: 'tr_1Payout' }],
      has_more: false,
      url: '/v1/transfers/tr_1Payout/reversals',
    },
  });

function connectProvider(reply: (request: Captured) => Reply) {
  const client = new CapturingClient(reply);
  return { client, provider: createStripeProvider({ secretKey: 'sk_test_puppynest', httpClient: client }) };
}

describe('the Stripe provider: Connect (decision 0101)', () => {
  it('createPaymentIntent passes the order reference as transfer_group when given, and no transfer_group otherwise', async () => {
    const { client, provider } = connectProvider(stripeLike());
    const intent = await provider.createPaymentIntent({
      amountCents: 154_999,
      captureMethod: 'manual',
      metadata: { purpose: 'puppy_purchase' },
      description: 'Daisy',
      idempotencyKey: 'checkout:1',
      transferGroup: 'PN-20260601-5791A0B2',
    });
    expect(intent).toMatchObject({
      object: 'payment_intent',
      id: 'pi_3Test',
      amountCents: 154_999,
      captureMethod: 'manual',
    });
    await provider.createPaymentIntent({
      amountCents: 1999,
      captureMethod: 'automatic',
      metadata: { purpose: 'listing_fee' },
      description: 'Listing fee',
      idempotencyKey: 'listing-fee:1',
    });
    const [withGroup, withoutGroup] = client.requests;
    expect(withGroup!.path).toBe('/v1/payment_intents');
    expect(withGroup!.form.get('transfer_group')).toBe('PN-20260601-5791A0B2');
    expect(withGroup!.headers['idempotency-key']).toBe('checkout:1');
    expect(withoutGroup!.form.has('transfer_group')).toBe(false);
  });

  it('createConnectedAccount: an Express account in the US (controller properties) asking for transfers, with email, metadata and the idempotency key', async () => {
    const { client, provider } = connectProvider((request) =>
      request.method === 'POST' && request.path === '/v1/accounts'
        ? { status: 200, body: stripeAccount() }
        : missing(request.path),
    );
    const account = await provider.createConnectedAccount({
      email: 'kennel@example.com',
      metadata: { userId: '7' },
      idempotencyKey: 'connect-account:7',
    });

    expect(client.requests).toHaveLength(1);
    const [sent] = client.requests;
    expect(`${sent!.method} ${sent!.path}`).toBe('POST /v1/accounts');
    expect(Object.fromEntries(sent!.form.entries())).toEqual({
      'controller[stripe_dashboard][type]': 'express',
      'controller[fees][payer]': 'application',
      'controller[losses][payments]': 'application',
      'controller[requirement_collection]': 'stripe',
      country: 'US',
      email: 'kennel@example.com',
      'capabilities[transfers][requested]': 'true',
      'metadata[userId]': '7',
    });
    expect(sent!.headers['idempotency-key']).toBe('connect-account:7');
    expect(sent!.headers['stripe-version']).toBe(STRIPE_API_VERSION);

    // requirementsDue is currently_due ∪ past_due, each field once
    expect(account).toEqual({
      object: 'account',
      id: 'acct_1Seller',
      detailsSubmitted: false,
      payoutsEnabled: false,
      requirementsDue: ['external_account', 'individual.ssn_last_4', 'tos_acceptance.date', 'business_profile.url'],
      pendingVerification: [],
      metadata: { userId: '7' },
      livemode: false,
    });
  });

  it('retrieveConnectedAccount maps an onboarded account (pending verification too); a missing one is PaymentObjectMissingError', async () => {
    const onboarded = stripeAccount({
      details_submitted: true,
      payouts_enabled: true,
      requirements: {
        alternatives: [],
        current_deadline: null,
        currently_due: [],
        past_due: null,
        eventually_due: [],
        pending_verification: ['individual.verification.document'],
        disabled_reason: null,
        errors: [],
      },
    });
    const { client, provider } = connectProvider((request) =>
      request.method === 'GET' && request.path === '/v1/accounts/acct_1Seller'
        ? { status: 200, body: onboarded }
        : missing(request.path),
    );
    expect(await provider.retrieveConnectedAccount('acct_1Seller')).toEqual({
      object: 'account',
      id: 'acct_1Seller',
      detailsSubmitted: true,
      payoutsEnabled: true,
      requirementsDue: [],
      pendingVerification: ['individual.verification.document'],
      metadata: { userId: '7' },
      livemode: false,
    });
    expect(client.requests[0]).toMatchObject({ method: 'GET', path: '/v1/accounts/acct_1Seller' });

    const error = await provider.retrieveConnectedAccount('acct_1Gone').catch((e: unknown) => e);
    expect(client.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/accounts/acct_1Gone' });
    expect(error).toBeInstanceOf(PaymentObjectMissingError);
    expect(error).toMatchObject({ status: 404, code: 'payment_not_found' });
  });

  it('createAccountLink: an account_onboarding link with the refresh and return URLs; answers the url and expiresAt as ISO', async () => {
    const expiresAt = epoch(0) + 300;
    const { client, provider } = connectProvider((request) =>
      request.method === 'POST' && request.path === '/v1/account_links'
        ? {
            status: 200,
            body: {
              object: 'account_link',
              created: epoch(0),
              expires_at: expiresAt,
              url: 'https://connect.stripe.com/setup/e/acct_1Seller/abc123',
            },
          }
        : missing(request.path),
    );
    const link = await provider.createAccountLink({
      accountId: 'acct_1Seller',
      refreshUrl: 'https://puppynest.test/seller/payouts/refresh',
      returnUrl: 'https://puppynest.test/seller/payouts?onboarded=1',
    });
    expect(link).toEqual({
      url: 'https://connect.stripe.com/setup/e/acct_1Seller/abc123',
      expiresAt: new Date(expiresAt * 1000).toISOString(),
    });
    const [sent] = client.requests;
    expect(`${sent!.method} ${sent!.path}`).toBe('POST /v1/account_links');
    expect(Object.fromEntries(sent!.form.entries())).toEqual({
      account: 'acct_1Seller',
      type: 'account_onboarding',
      refresh_url: 'https://puppynest.test/seller/payouts/refresh',
      return_url: 'https://puppynest.test/seller/payouts?onboarded=1',
    });
  });

  it("createTransfer: the seller's share in USD cents to the account, in the order's transfer group, keyed by the order reference", async () => {
    const { client, provider } = connectProvider((request) =>
      request.method === 'POST' && request.path === '/v1/transfers'
        ? { status: 200, body: stripeTransfer() }
        : missing(request.path),
    );
    const transfer = await provider.createTransfer({
      amountCents: 135_000,
      destination: 'acct_1Seller',
      transferGroup: 'PN-20260601-5791A0B2',
      metadata: { orderReference: 'PN-20260601-5791A0B2' },
      idempotencyKey: 'PN-20260601-5791A0B2',
    });
    const [sent] = client.requests;
    expect(`${sent!.method} ${sent!.path}`).toBe('POST /v1/transfers');
    expect(Object.fromEntries(sent!.form.entries())).toEqual({
      amount: '135000',
      currency: 'usd',
      destination: 'acct_1Seller',
      transfer_group: 'PN-20260601-5791A0B2',
      'metadata[orderReference]': 'PN-20260601-5791A0B2',
    });
    expect(sent!.headers['idempotency-key']).toBe('PN-20260601-5791A0B2');
    expect(transfer).toEqual({
      object: 'transfer',
      id: 'tr_1Payout',
      amountCents: 135_000,
      amountReversedCents: 0,
      reversed: false,
      destination: 'acct_1Seller',
      transferGroup: 'PN-20260601-5791A0B2',
      metadata: { orderReference: 'PN-20260601-5791A0B2' },
      livemode: false,
    });
  });

  it('retrieveTransfer maps the transfer, an expanded destination too; a missing one is PaymentObjectMissingError', async () => {
    const { client, provider } = connectProvider((request) =>
      request.method === 'GET' && request.path === '/v1/transfers/tr_1Payout'
        ? { status: 200, body: stripeTransfer({ destination: stripeAccount(), amount_reversed: 5000 }) }
        : missing(request.path),
    );
    expect(await provider.retrieveTransfer('tr_1Payout')).toMatchObject({
      id: 'tr_1Payout',
      destination: 'acct_1Seller',
      amountCents: 135_000,
      amountReversedCents: 5000,
      reversed: false,
    });
    expect(client.requests[0]).toMatchObject({ method: 'GET', path: '/v1/transfers/tr_1Payout' });
    await expect(provider.retrieveTransfer('tr_1Gone')).rejects.toBeInstanceOf(PaymentObjectMissingError);
  });

  it("findTransfer asks for the group's transfers, one at most; none is undefined", async () => {
    const { client, provider } = connectProvider((request) =>
      request.method === 'GET' && request.path.startsWith('/v1/transfers?')
        ? {
            status: 200,
            body: {
              object: 'list',
              url: '/v1/transfers',
              has_more: false,
              data: request.path.includes('PN-20260601-5791A0B2') ? [stripeTransfer()] : [],
            },
          }
        : missing(request.path),
    );
    expect(await provider.findTransfer('PN-20260601-5791A0B2')).toMatchObject({
      id: 'tr_1Payout',
      transferGroup: 'PN-20260601-5791A0B2',
    });
    const query = new URLSearchParams(client.requests[0]!.path.split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({ transfer_group: 'PN-20260601-5791A0B2', limit: '1' });
    expect(await provider.findTransfer('PN-20260601-00000000')).toBeUndefined();
  });

  it('reverseTransfer: a full reversal with the idempotency key, answered with the transfer as it is after the reversal', async () => {
    const { client, provider } = connectProvider((request) => {
      if (request.method === 'POST' && request.path === '/v1/transfers/tr_1Payout/reversals') {
        const expanded = request.form.getAll('expand[]').concat(request.form.getAll('expand[0]')).includes('transfer');
        return {
          status: 200,
          body: {
            id: 'trr_1',
            object: 'transfer_reversal',
            amount: 135_000,
            currency: 'usd',
            metadata: {},
            transfer: expanded ? reversedTransfer() : 'tr_1Payout',
          },
        };
      }
      return missing(request.path);
    });
    const transfer = await provider.reverseTransfer('tr_1Payout', 'reverse:PN-20260601-5791A0B2');
    expect(client.requests).toHaveLength(1);
    const [sent] = client.requests;
    expect(`${sent!.method} ${sent!.path}`).toBe('POST /v1/transfers/tr_1Payout/reversals');
    // no amount: Stripe reverses all of it
    expect(sent!.form.has('amount')).toBe(false);
    expect(sent!.headers['idempotency-key']).toBe('reverse:PN-20260601-5791A0B2');
    expect(transfer).toEqual({
      object: 'transfer',
      id: 'tr_1Payout',
      amountCents: 135_000,
      amountReversedCents: 135_000,
      reversed: true,
      destination: 'acct_1Seller',
      transferGroup: 'PN-20260601-5791A0B2',
      metadata: { orderReference: 'PN-20260601-5791A0B2' },
      livemode: false,
    });
  });

  it('reverseTransfer retrieves the transfer when the reversal names it only by id', async () => {
    const { client, provider } = connectProvider((request) => {
      if (request.method === 'POST' && request.path === '/v1/transfers/tr_1Payout/reversals')
        return {
          status: 200,
          body: {
            id: 'trr_1',
            object: 'transfer_reversal',
            amount: 135_000,
            currency: 'usd',
            metadata: {},
            transfer: 'tr_1Payout',
          },
        };
      if (request.method === 'GET' && request.path === '/v1/transfers/tr_1Payout')
        return { status: 200, body: reversedTransfer() };
      return missing(request.path);
    });
    expect(await provider.reverseTransfer('tr_1Payout', 'reverse:PN-1')).toMatchObject({
      id: 'tr_1Payout',
      reversed: true,
      amountReversedCents: 135_000,
    });
    expect(client.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/transfers/tr_1Payout/reversals',
      'GET /v1/transfers/tr_1Payout',
    ]);
  });

  it("balance_insufficient (a transfer the platform, or a reversal the account, cannot cover) is InsufficientBalanceError with Stripe's message; other refusals stay as they were", async () => {
    const platformShort =
      'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.';
    const accountShort = 'Insufficient funds in the connected account to reverse this transfer.';
    const { provider } = connectProvider((request) => {
      if (request.path === '/v1/transfers' && request.form.get('amount') === '135000')
        return insufficient(platformShort);
      if (request.path === '/v1/transfers')
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'transfers_not_allowed',
              message: 'Transfers are not allowed to this account.',
            },
          },
        };
      if (request.path === '/v1/transfers/tr_1Payout/reversals') return insufficient(accountShort);
      return missing(request.path);
    });
    const input = {
      amountCents: 135_000,
      destination: 'acct_1Seller',
      transferGroup: 'PN-1',
      metadata: {},
      idempotencyKey: 'PN-1',
    };

    const transferError = await provider.createTransfer(input).catch((e: unknown) => e);
    expect(transferError).toBeInstanceOf(InsufficientBalanceError);
    expect(transferError).toMatchObject({ status: 409, code: 'balance_insufficient', message: platformShort });

    const reversalError = await provider.reverseTransfer('tr_1Payout', 'reverse:PN-1').catch((e: unknown) => e);
    expect(reversalError).toBeInstanceOf(InsufficientBalanceError);
    expect(reversalError).toMatchObject({ status: 409, code: 'balance_insufficient', message: accountShort });

    const otherError = await provider.createTransfer({ ...input, amountCents: 100 }).catch((e: unknown) => e);
    expect(otherError).toBeInstanceOf(PaymentProviderError);
    expect(otherError).toMatchObject({
      status: 502,
      message: 'The payment could not be processed: Transfers are not allowed to this account.',
    });
  });
});

describe('Connect webhook events (decision 0101)', () => {
  const CONNECT_SECRET = 'whsec_connect_0123456789abcdef';
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  const signed = (event: object, secret = CONNECT_SECRET) => {
    const payload = JSON.stringify(event);
    return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: seconds(NOW) }) };
  };
  const event = (id: string, type: string, object: object, extra: Record<string, unknown> = {}) => ({
    id,
    object: 'event',
    type,
    api_version: STRIPE_API_VERSION,
    created: seconds(NOW),
    livemode: false,
    data: { object },
    ...extra,
  });

  it('turns a signed account.updated into an event carrying the mapped account', () => {
    const updated = event(
      'evt_1Account',
      'account.updated',
      stripeAccount({
        details_submitted: true,
        requirements: { currently_due: [], past_due: [], pending_verification: ['individual.id_number'] },
      }),
      { account: 'acct_1Seller' },
    );
    const { payload, header } = signed(updated);
    expect(verifyStripeConnectEvent(payload, header, CONNECT_SECRET, NOW.getTime())).toEqual({
      id: 'evt_1Account',
      type: 'account.updated',
      object: {
        object: 'account',
        id: 'acct_1Seller',
        detailsSubmitted: true,
        payoutsEnabled: false,
        requirementsDue: [],
        pendingVerification: ['individual.id_number'],
        metadata: { userId: '7' },
        livemode: false,
      },
      // Stripe's `created`, from which the webhook's lag is measured (decision 0116)
      createdAt: new Date(seconds(NOW) * 1000).toISOString(),
    });
    // the same check through verifyStripeEvent with the Connect secret
    expect(verifyStripeEvent(Buffer.from(payload), header, CONNECT_SECRET, NOW.getTime()).object).toMatchObject({
      object: 'account',
      id: 'acct_1Seller',
    });
  });

  it('turns a signed transfer.reversed (and transfer.created) into an event carrying the mapped transfer', () => {
    const reversed = event('evt_2Reversed', 'transfer.reversed', reversedTransfer());
    const { payload, header } = signed(reversed);
    expect(verifyStripeConnectEvent(payload, header, CONNECT_SECRET, NOW.getTime())).toEqual({
      id: 'evt_2Reversed',
      type: 'transfer.reversed',
      object: {
        object: 'transfer',
        id: 'tr_1Payout',
        amountCents: 135_000,
        amountReversedCents: 135_000,
        reversed: true,
        destination: 'acct_1Seller',
        transferGroup: 'PN-20260601-5791A0B2',
        metadata: { orderReference: 'PN-20260601-5791A0B2' },
        livemode: false,
      },
      createdAt: new Date(seconds(NOW) * 1000).toISOString(),
    });
    const created = signed(event('evt_3Created', 'transfer.created', stripeTransfer()));
    expect(verifyStripeEvent(created.payload, created.header, CONNECT_SECRET, NOW.getTime()).object).toMatchObject({
      object: 'transfer',
      id: 'tr_1Payout',
      reversed: false,
      amountReversedCents: 0,
    });
  });

  it('refuses a delivery signed with another secret, and names the right variable when its secret is not configured', () => {
    const updated = event('evt_4Account', 'account.updated', stripeAccount());
    const platformSigned = signed(updated, 'whsec_platform_endpoint');
    expect(() =>
      verifyStripeConnectEvent(platformSigned.payload, platformSigned.header, CONNECT_SECRET, NOW.getTime()),
    ).toThrow(WebhookSignatureError);
    expect(() =>
      verifyStripeConnectEvent(platformSigned.payload, platformSigned.header, CONNECT_SECRET, NOW.getTime()),
    ).toThrow(/signature verification failed/);

    const { payload, header } = signed(updated);
    expect(() => verifyStripeConnectEvent(payload, header, '', NOW.getTime())).toThrow(
      'Stripe webhooks are not configured on this server (STRIPE_CONNECT_WEBHOOK_SECRET).',
    );
    expect(() => verifyStripeEvent(payload, header, '', NOW.getTime())).toThrow(
      'Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET).',
    );
    expect(() => verifyStripeEvent(payload, header, '', NOW.getTime(), 'STRIPE_CONNECT_WEBHOOK_SECRET')).toThrow(
      /\(STRIPE_CONNECT_WEBHOOK_SECRET\)/,
    );
  });
});

describe('payout accounts on Stripe, through the API (decision 0101)', () => {
  const CONNECT_SECRET = 'whsec_connect_0123456789abcdef';
  const PLATFORM_SECRET = 'whsec_platform_0123456789abcdef';

  it("a seller connects: one Express account, Stripe's hosted link; account.updated at the Connect endpoint enables payouts", async () => {
    let onboarded = false;
    const { t, seller, client } = await withStripe(
      (request) => {
        if (request.method === 'POST' && request.path === '/v1/accounts') return { status: 200, body: stripeAccount() };
        if (request.method === 'POST' && request.path === '/v1/account_links') {
          return {
            status: 200,
            body: {
              object: 'account_link',
              url: 'https://connect.stripe.com/setup/e/acct_1Seller/abc',
              created: epoch(0),
              expires_at: epoch(0) + 300,
            },
          };
        }
        if (request.method === 'GET' && request.path === '/v1/accounts/acct_1Seller') {
          return {
            status: 200,
            body: onboarded
              ? stripeAccount({
                  details_submitted: true,
                  payouts_enabled: true,
                  requirements: {
                    ...stripeAccount().requirements,
                    currently_due: [],
                    past_due: [],
                    disabled_reason: null,
                  },
                })
              : stripeAccount(),
          };
        }
        return missing(request.path);
      },
      { STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET, STRIPE_WEBHOOK_SECRET: PLATFORM_SECRET },
    );
    const started = await seller.agent.post('/api/earnings/connect');
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toEqual({ url: 'https://connect.stripe.com/setup/e/acct_1Seller/abc' });
    const [create, link] = client.requests;
    expect(create!.headers['idempotency-key']).toBe(`connect:${seller.user.id}`);
    expect(create!.form.get('email')).toBe(`${seller.user.username}@example.com`);
    expect(Object.fromEntries(link!.form)).toEqual({
      account: 'acct_1Seller',
      type: 'account_onboarding',
      return_url: 'http://localhost:4321/earnings?onboarding=done',
      refresh_url: 'http://localhost:4321/earnings?onboarding=refresh',
    });
    // a second click makes a new link for the same account
    await seller.agent.post('/api/earnings/connect');
    expect(client.requests.filter((r) => r.path === '/v1/accounts')).toHaveLength(1);
    expect((await t.store.payoutAccounts.findByUser(seller.user.id))!.status).toBe('details_needed');

    onboarded = true;
    const event = {
      id: 'evt_1Connect',
      object: 'event',
      type: 'account.updated',
      api_version: STRIPE_API_VERSION,
      created: epoch(0),
      livemode: false,
      account: 'acct_1Seller',
      data: { object: stripeAccount({ payouts_enabled: true }) },
    };
    const payload = JSON.stringify(event);
    const post = (secret: string) =>
      request(t.app)
        .post('/api/webhooks/stripe-connect')
        .set('Content-Type', 'application/json')
        .set(
          'Stripe-Signature',
          Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(NOW.getTime() / 1000) }),
        )
        .send(payload);
    // signed with the platform endpoint's secret: refused, nothing changes
    expect((await post(PLATFORM_SECRET)).status).toBe(400);
    expect((await t.store.payoutAccounts.findByUser(seller.user.id))!.status).toBe('details_needed');
    const applied = await post(CONNECT_SECRET);
    expect(applied.body).toEqual({ received: true, result: 'applied' });
    // the account as Stripe has it now, not the event's copy
    expect(client.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/accounts/acct_1Seller' });
    expect(await t.store.payoutAccounts.findByUser(seller.user.id)).toMatchObject({
      status: 'payouts_enabled',
      requirements: [],
    });
    expect((await post(CONNECT_SECRET)).body).toEqual({ received: true, result: 'duplicate' });
  });
});
