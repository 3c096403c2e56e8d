// GET /metrics (decision 0116): never open by default (404 without METRICS_TOKEN), refused without the
// token (401), and with it a Prometheus text that counts the requests by route template and status, the
// store's calls, orders and payouts by status from the store, and a webhook's lag.
import Stripe from 'stripe';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { signedInAgent } from '../support/api-login.ts';
import { CARDS, localPayment, marketplace, NOW, payWithCard } from '../support/payments.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';
const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';

/** the value of one sample in a Prometheus text: `name{labels} value`, labels in any order */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (
      Object.entries(labels).every(([key, value]) => found[key] === value) &&
      Object.keys(found).length === Object.keys(labels).length
    )
      return Number(match[3]);
  }
  return undefined;
}

const scrape = async (t: TestApp) =>
  (await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const t = await createTestApp();
    expect((await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`)).status).toBe(404);
    expect(t.deps.metrics).toBeUndefined();
  });

  it('is refused without the token, or with another one', async () => {
    const t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const none = await request(t.app).get('/metrics').expect(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(none.text).not.toContain('puppynest_');
    await request(t.app)
      .get('/metrics')
      .set('Authorization', `Bearer ${TOKEN.slice(0, -1)}x`)
      .expect(401);
    await request(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}${TOKEN}`).expect(401);
    await request(t.app).get('/metrics').set('Authorization', TOKEN).expect(401);
  });

  it('counts each request under its route template and status, and the store calls it made', async () => {
    const { t, puppy } = await marketplace({ env: { METRICS_TOKEN: TOKEN } });
    const route = { method: 'GET', route: '/api/puppies/:id', status: '200' };
    const count = 'puppynest_http_request_duration_seconds_count';

    const before = await scrape(t);
    expect(before).toContain('# TYPE puppynest_http_request_duration_seconds histogram');
    expect(sample(before, count, route)).toBeUndefined();

    await request(t.app).get(`/api/puppies/${puppy.id}`).expect(200);
    let text = await scrape(t);
    expect(sample(text, count, route)).toBe(1);
    await request(t.app).get(`/api/puppies/${puppy.id}`).expect(200);
    text = await scrape(t);
    expect(sample(text, count, route)).toBe(2);
    // the first scrape, counted once it was answered
    expect(sample(text, count, { method: 'GET', route: '/metrics', status: '200' })).toBe(2);
    // an error answered by the app's error handler (outside the /api router) keeps its route's full template
    await request(t.app).get('/api/puppies/not-a-number').expect(404);
    // no route at all: one label for them all, never the URL
    await request(t.app).get('/api/no-such-thing').expect(404);
    await request(t.app).get('/no-such-page').expect(404);
    text = await scrape(t);
    expect(sample(text, count, { ...route, status: '404' })).toBe(1);
    expect(sample(text, count, { method: 'GET', route: 'other', status: '404' })).toBe(2);
    expect(text).not.toContain('no-such');
    // the store's calls, by repository and method
    expect(
      sample(text, 'puppynest_store_query_duration_seconds_count', { repository: 'puppies', method: 'get' }),
    ).toBeGreaterThanOrEqual(2);
  });

  it('counts orders and payouts by status from the store, and measures a webhook’s lag', async () => {
    const { t, puppy } = await marketplace({
      env: { METRICS_TOKEN: TOKEN, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
      payments: { localEvents: 'drop' },
    });
    const before = await scrape(t);
    expect(sample(before, 'puppynest_orders', { status: 'paid' })).toBe(0);
    expect(sample(before, 'puppynest_payouts', { status: 'scheduled' })).toBe(0);

    // a card payment whose webhook arrives 90 s after Stripe made the event
    const buyer = await signedInAgent(t);
    const created = await buyer.agent
      .post('/api/create-payment-intent')
      .send({ puppyId: puppy.id, visitId: 'visit-metrics' });
    await payWithCard(buyer.agent, created.body.clientSecret, CARDS.visa);
    const row = await localPayment(t, created.body.intentId);
    const seconds = Math.floor(NOW.getTime() / 1000);
    const event = {
      id: 'evt_1Metrics',
      object: 'event',
      type: 'payment_intent.amount_capturable_updated',
      api_version: '2026-10-28.endive',
      created: seconds - 90,
      livemode: false,
      data: {
        object: {
          object: 'payment_intent',
          id: row.providerId,
          status: 'requires_capture',
          amount: row.amountCents,
          metadata: row.metadata,
          currency: 'usd',
          capture_method: 'manual',
          client_secret: null,
          livemode: false,
          last_payment_error: null,
          amount_capturable: 0,
          amount_received: 0,
        },
      },
    };
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: seconds });
    const response = await request(t.app)
      .post('/api/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', header)
      .send(payload)
      .expect(200);
    expect(response.body.result).toBe('applied');

    const text = await scrape(t);
    expect(sample(text, 'puppynest_orders', { status: 'paid' })).toBe(1);
    expect(sample(text, 'puppynest_orders', { status: 'pending' })).toBe(0);
    expect(sample(text, 'puppynest_webhook_lag_seconds_count', { endpoint: 'stripe' })).toBe(1);
    expect(sample(text, 'puppynest_webhook_lag_seconds_sum', { endpoint: 'stripe' })).toBe(90);
    expect(sample(text, 'puppynest_webhook_lag_seconds_bucket', { endpoint: 'stripe', le: '60' })).toBe(0);
    expect(sample(text, 'puppynest_webhook_lag_seconds_bucket', { endpoint: 'stripe', le: '300' })).toBe(1);

    // the event's line carries its id and the request's
    const applied = t.logLines.find(
      (line) => line.msg === 'payment event payment_intent.amount_capturable_updated: applied',
    );
    expect(applied).toMatchObject({ eventId: 'evt_1Metrics', reqId: response.headers['x-request-id'] });
  });
});
