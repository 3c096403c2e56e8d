// The Stripe implementation with the real `stripe` SDK and a capturing HTTP client (no network): the
// requests it sends for each flow (amount in cents, currency, capture method, idempotency key, metadata,
// trial days, price id, pinned API version, mode's key) and how Stripe's answers and errors come back.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { STRIPE_API_VERSION } from '../../commerce-api/src/payments/stripe-provider.ts';
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
  override makeRequest(_host: string, _port: string, path: string, method: string, headers: Record<string, string | number | string[]>, requestData: string) {
    const captured: Captured = {
      method,
      path,
      headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v)])),
      form: new URLSearchParams(requestData ?? ''),
    };
    this.requests.push(captured);
    const reply = this.reply(captured);
    if (reply === 'network-error') return Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    return Promise.resolve(new CannedResponse(reply.status, reply.body));
  }
}

const epoch = (days: number) => Math.floor(NOW.getTime() / 1000) + days * 86_400;

function stripeLike(options: { setupStatus?: string; declineSetup?: boolean } = {}) {
  return (request: Captured): Reply => {
    const form = Object.fromEntries(request.form.entries());
    const metadata = Object.fromEntries([...request.form.entries()].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v]));
    if (request.path === '/v1/payment_intents' && request.method === 'POST') {
      return { status: 200, body: { id: 'pi_3Test', object: 'payment_intent', amount: Number(form['amount']), amount_capturable: 0, amount_received: 0, currency: form['currency'], capture_method: form['capture_method'], status: 'requires_payment_method', client_secret: 'pi_3Test_secret_abc', metadata, livemode: false, last_payment_error: null } };
    }
    if (request.path === '/v1/customers') return { status: 200, body: { id: 'cus_Test', object: 'customer', email: form['email'] } };
    if (request.path === '/v1/subscriptions' && request.method === 'POST') {
      return { status: 200, body: { id: 'sub_Test', object: 'subscription', status: 'trialing', trial_end: epoch(7), metadata, livemode: false, items: { object: 'list', data: [{ id: 'si_1', price: { id: form['items[0][price]'] }, current_period_end: epoch(7) }] } } };
    }
    if (request.path === '/v1/setup_intents') {
      if (options.declineSetup) return { status: 402, body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } } };
      return { status: 200, body: { id: 'seti_Test', object: 'setup_intent', status: options.setupStatus ?? 'succeeded', client_secret: 'seti_Test_secret_xyz', metadata, payment_method: form['payment_method'], livemode: false, last_setup_error: null } };
    }
    if (request.path === '/v1/subscriptions/sub_Test' && request.method === 'DELETE') {
      return { status: 200, body: { id: 'sub_Test', object: 'subscription', status: 'canceled', trial_end: null, metadata: {}, livemode: false, items: { object: 'list', data: [] } } };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such path ${request.path}` } } };
  };
}

const STRIPE_ENV = { STRIPE_TEST_SECRET_KEY: 'sk_test_puppynest', STRIPE_TEST_PUBLISHABLE_KEY: 'pk_test_puppynest' };

async function withStripe(reply: (request: Captured) => Reply, env: Record<string, string> = {}, price = 1500) {
  const client = new CapturingClient(reply);
  const world = await marketplace({ env: { ...STRIPE_ENV, ...env }, payments: { stripeHttpClient: client }, price });
  return { ...world, client };
}

describe('the Stripe provider (real SDK, captured requests)', () => {
  it('checkout: a manual-capture PaymentIntent for price + care package in USD cents, with an idempotency key and metadata', async () => {
    const { t, puppy, seller, client } = await withStripe(stripeLike(), {}, 1500);
    const buyer = await signedInAgent(t);
    const response = await buyer.agent.post('/api/create-payment-intent').send({ puppyId: puppy.id, amount: 5, visitId: 'visit-stripe-1' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ clientSecret: 'pi_3Test_secret_abc', intentId: 'pi_3Test', amountCents: 154_999 });

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
    expect(sent!.headers['idempotency-key']).toBe(`checkout:${buyer.user.id}:${puppy.id}:visit-stripe-1:154999`);
    expect(sent!.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(sent!.headers['authorization']).toBe('Bearer sk_test_puppynest');
  });

  it('listing fee: $19.99 with automatic capture; donation: the donor\'s amount with a receipt email', async () => {
    const { t, seller, client } = await withStripe(stripeLike());
    const draft = await t.store.puppies.update(1, { expiresAt: null });
    const fee = await seller.agent.post('/api/create-listing-fee-intent').send({ puppyId: draft!.id, amount: 1, visitId: 'visit-fee-1' });
    expect(fee.status, JSON.stringify(fee.body)).toBe(200);
    const [feeRequest] = client.requests;
    expect(feeRequest!.form.get('amount')).toBe('1999');
    expect(feeRequest!.form.get('capture_method')).toBe('automatic');
    expect(feeRequest!.form.get('metadata[purpose]')).toBe('listing_fee');
    expect(feeRequest!.headers['idempotency-key']).toBe(`listing-fee:${seller.user.id}:${draft!.id}:visit-fee-1`);

    const donation = await seller.agent.post('/api/create-donation-intent').send({ donorName: 'Alex', donorEmail: 'alex@example.com', amount: 50, message: '', isAnonymous: false, visitId: 'visit-don-1' });
    expect(donation.status).toBe(200);
    const donationRequest = client.requests.at(-1)!;
    expect(donationRequest.form.get('amount')).toBe('5000');
    expect(donationRequest.form.get('currency')).toBe('usd');
    expect(donationRequest.form.get('receipt_email')).toBe('alex@example.com');
    expect(donationRequest.headers['idempotency-key']).toMatch(/^donation:visit-don-1:5000:/);
  });

  it('subscription: customer with the card, a 7-day trial on the plan\'s price id, and a SetupIntent for the card', async () => {
    const { t, seller, client } = await withStripe(stripeLike());
    const response = await seller.agent.post('/api/create-subscription').send({ paymentMethodId: 'pm_1Card', priceId: 'price_monthly', email: 'kennel@example.com' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ clientSecret: null, requiresAction: false, status: 'trialing', plan: 'monthly', trialEnd: new Date((epoch(7)) * 1000).toISOString() });

    expect(client.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/customers', 'POST /v1/subscriptions', 'POST /v1/setup_intents']);
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

    expect(await t.store.sellerSubscriptions.listByUser(seller.user.id)).toEqual([expect.objectContaining({ userId: seller.user.id, plan: 'monthly', priceId: 'price_monthly', providerSubscriptionId: 'sub_Test', status: 'trialing' })]);
    expect((await t.store.users.get(seller.user.id))!.hasActiveListingPlan).toBe(true);
  });

  it('subscription with a card that asks for authentication returns the SetupIntent secret and requiresAction', async () => {
    const { t, seller } = await withStripe(stripeLike({ setupStatus: 'requires_action' }));
    const response = await seller.agent.post('/api/create-subscription').send({ paymentMethodId: 'pm_1Card', priceId: 'price_annual', email: 'kennel@example.com' });
    expect(response.body).toMatchObject({ clientSecret: 'seti_Test_secret_xyz', requiresAction: true, status: 'requires_action', plan: 'annual' });
    expect((await t.store.sellerSubscriptions.listByUser(seller.user.id))[0]!.status).toBe('incomplete');
    expect((await t.store.users.get(seller.user.id))!.hasActiveListingPlan).toBe(false);
  });

  it('a declined card comes back as 402 with Stripe\'s message, and the trial it started is canceled', async () => {
    const { t, seller, client } = await withStripe(stripeLike({ declineSetup: true }));
    const response = await seller.agent.post('/api/create-subscription').send({ paymentMethodId: 'pm_1Card', priceId: 'price_monthly', email: 'kennel@example.com' });
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
    const { t, puppy, client } = await withStripe(stripeLike(), { STRIPE_LIVE_SECRET_KEY: 'sk_live_puppynest', STRIPE_LIVE_PUBLISHABLE_KEY: 'pk_live_puppynest' });
    await t.store.settings.set({ paymentMode: 'live' });
    const buyer = await signedInAgent(t);
    expect((await buyer.agent.get('/api/stripe-public-key')).body).toEqual({ publicKey: 'pk_live_puppynest', isLive: true });
    await buyer.agent.post('/api/create-payment-intent').send({ puppyId: puppy.id }).expect(200);
    expect(client.requests[0]!.headers['authorization']).toBe('Bearer sk_live_puppynest');
  });
});

describe('an admin cancels a Stripe order', () => {
  const paidIntent = { id: 'pi_3Paid', object: 'payment_intent', amount: 154_999, amount_capturable: 0, amount_received: 154_999, currency: 'usd', capture_method: 'manual', status: 'succeeded', client_secret: 'pi_3Paid_secret_x', metadata: { purpose: 'puppy_purchase' }, livemode: false, last_payment_error: null };

  async function stripeOrder(refund: Reply) {
    const world = await withStripe((request) => {
      if (request.method === 'GET' && request.path === '/v1/payment_intents/pi_3Paid') return { status: 200, body: paidIntent };
      if (request.method === 'POST' && request.path === '/v1/refunds') return refund;
      return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such path ${request.path}` } } };
    });
    const buyer = await signedInAgent(world.t);
    await world.t.store.puppies.update(world.puppy.id, { status: 'reserved' });
    const order = await world.t.store.orders.create({ reference: 'PN-20260601-5791A0B2', puppyId: world.puppy.id, buyerId: buyer.user.id, sellerId: world.seller.user.id, puppyPriceCents: 150_000, carePackageCents: 4999, totalCents: 154_999, paymentIntentId: 'pi_3Paid', status: 'paid', createdAt: NOW.toISOString(), paidAt: NOW.toISOString() });
    const admin = await signedInAgent(world.t);
    await world.t.store.users.update(admin.user.id, { role: 'admin' });
    return { ...world, order, admin: admin.agent };
  }

  it('refunds the whole payment through Stripe with an idempotency key, and the puppy is available again', async () => {
    const { t, client, order, admin, puppy } = await stripeOrder({ status: 200, body: { id: 're_1', object: 'refund', amount: 154_999, payment_intent: 'pi_3Paid', status: 'succeeded' } });
    const response = await admin.post(`/api/admin/orders/${order.reference}/cancel`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const refund = client.requests.find((r) => r.path === '/v1/refunds')!;
    expect(refund.form.get('payment_intent')).toBe('pi_3Paid');
    expect(refund.form.get('amount')).toBeNull();
    expect(refund.headers['idempotency-key']).toBe('refund:pi_3Paid');
    expect((await t.store.orders.get(order.id))!.status).toBe('refunded');
    expect((await t.store.puppies.get(puppy.id))!.status).toBe('available');
  });

  it('a refund Stripe refuses leaves the order as it was, with Stripe\'s reason', async () => {
    const refused: Reply = { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_disputed', message: 'Charge ch_3Paid has been charged back; cannot issue a refund.' } } };
    const { t, order, admin, puppy } = await stripeOrder(refused);
    const response = await admin.post(`/api/admin/orders/${order.reference}/cancel`);
    expect(response.status).toBe(502);
    expect(response.body.error.code).toBe('refund_refused');
    expect(response.body.error.message).toMatch(/Charge ch_3Paid has been charged back; cannot issue a refund\..*The order has not been changed\./);
    expect((await t.store.orders.get(order.id))).toEqual(order);
    expect((await t.store.puppies.get(puppy.id))!.status).toBe('reserved');
  });
});
