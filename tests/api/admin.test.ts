// Payment mode (docs/product.md §6 Admin, §7, §8): admins only; live mode refused without live keys; the public key
// endpoint follows the mode; secrets never leave the server.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { signedInAgent } from '../support/api-login.ts';

const LIVE_KEYS = {
  STRIPE_LIVE_SECRET_KEY: 'sk_live_secret_never_shown',
  STRIPE_LIVE_PUBLISHABLE_KEY: 'pk_live_puppynest_1234',
};

async function adminAgent(t: TestApp) {
  const admin = await signedInAgent(t);
  await t.store.users.update(admin.user.id, { role: 'admin' });
  return admin.agent;
}

describe('/api/admin payment mode', () => {
  it('is for admins only', async () => {
    const t = await createTestApp();
    expect((await request(t.app).get('/api/admin/payment-mode')).status).toBe(401);
    const user = await signedInAgent(t);
    for (const [method, path] of [
      ['get', '/api/admin/payment-mode'],
      ['post', '/api/admin/enable-live-keys'],
      ['post', '/api/admin/disable-live-keys'],
    ] as const) {
      const response = await user.agent[method](path);
      expect(response.status, path).toBe(403);
      expect(response.body.error.message).toBe('This page is only accessible to administrators.');
    }
    expect((await t.store.settings.get()).paymentMode).toBe('test');
  });

  it('shows test mode with the local key, and refuses live mode without live keys, with a clear message', async () => {
    const t = await createTestApp();
    const admin = await adminAgent(t);
    expect((await admin.get('/api/admin/payment-mode')).body).toEqual({
      mode: 'test',
      isLive: false,
      publicKey: 'pk_local_puppynest_test_mode',
      publicKeyPrefix: 'pk_local_pup…',
      provider: 'local',
      liveKeysConfigured: false,
      webhookConfigured: false,
    });
    const refused = await admin.post('/api/admin/enable-live-keys');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'live_keys_missing' });
    expect(refused.body.error.message).toMatch(/no live Stripe keys are configured.*STRIPE_LIVE_SECRET_KEY/);
    expect((await t.store.settings.get()).paymentMode).toBe('test');
  });

  it('switches to live and back when live keys are configured; the public key follows; the secret never shows', async () => {
    const t = await createTestApp({ env: LIVE_KEYS });
    const admin = await adminAgent(t);
    const enabled = await admin.post('/api/admin/enable-live-keys');
    expect(enabled.status).toBe(200);
    expect(enabled.body.message).toMatch(/Live payments are enabled/);
    const live = await admin.get('/api/admin/payment-mode');
    expect(live.body).toMatchObject({
      mode: 'live',
      isLive: true,
      publicKeyPrefix: 'pk_live_pupp…',
      provider: 'stripe',
      liveKeysConfigured: true,
    });
    expect((await request(t.app).get('/api/stripe-public-key')).body).toEqual({
      publicKey: 'pk_live_puppynest_1234',
      isLive: true,
    });
    expect(JSON.stringify(live.body)).not.toContain('sk_live');
    // The local card form is not offered while live.
    expect((await request(t.app).post('/api/local-payments/payment-methods').send({})).status).toBe(404);

    const disabled = await admin.post('/api/admin/disable-live-keys');
    expect(disabled.body.message).toMatch(/Test mode is on/);
    expect((await request(t.app).get('/api/stripe-public-key')).body).toEqual({
      publicKey: 'pk_local_puppynest_test_mode',
      isLive: false,
    });
  });
});
