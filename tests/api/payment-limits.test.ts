// Limits on the payment calls a script can loop (decision 0108): seller plan attempts, each a customer
// and a card check at the provider (a card tester's tool), and the return pages' payment re-check.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { signedInAgent } from '../support/api-login.ts';
import { marketplace } from '../support/payments.ts';
import type { TestApp } from '../support/test-app.ts';

const declined = { paymentMethodId: 'pm_card_chargeDeclined', priceId: 'price_monthly', email: 'kennel@example.com' };

describe('POST /api/create-subscription', () => {
  it('counts every attempt of an account, declined cards included: the 6th within an hour is a 429', async () => {
    const { t, seller } = await marketplace();
    const attempt = () => seller.agent.post('/api/create-subscription').send(declined);
    for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(402);
    const sixth = await attempt();
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toEqual({
      code: 'too_many_requests',
      message: 'You have tried to start a seller plan many times in a short time. Please wait an hour and try again.',
    });
    // another account is counted on its own
    const other = await signedInAgent(t, { accountType: 'seller' });
    expect((await other.agent.post('/api/create-subscription').send(declined)).status).toBe(402);
  });

  it('counts the attempts of one client over all its accounts (SUBSCRIPTION_ATTEMPTS_PER_CLIENT)', async () => {
    const { t } = await marketplace({ env: { SUBSCRIPTION_ATTEMPTS_PER_CLIENT: '3' } });
    for (let i = 0; i < 3; i++) {
      const seller = await signedInAgent(t, { accountType: 'seller' });
      expect((await seller.agent.post('/api/create-subscription').send(declined)).status).toBe(402);
    }
    const fourth = await signedInAgent(t, { accountType: 'seller' });
    const refused = await fourth.agent.post('/api/create-subscription').send(declined);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(
      'Too many seller plan attempts from this network. Please wait an hour and try again.',
    );
  });
});

describe('POST /api/payments/:intentId/refresh', () => {
  async function checkout(env: Record<string, string>) {
    const { t, puppy } = await marketplace({ env });
    const buyer = await signedInAgent(t);
    const intent = await buyer.agent
      .post('/api/create-payment-intent')
      .send({ puppyId: puppy.id, visitId: 'visit-0001' })
      .expect(200);
    return { t, buyer, intent: intent.body as { intentId: string; clientSecret: string } };
  }
  const refresh = (agent: ReturnType<typeof request.agent> | TestApp['app'], intentId: string, body: object = {}) =>
    (typeof agent === 'function' ? request(agent) : agent).post(`/api/payments/${intentId}/refresh`).send(body);

  it('limits the re-checks of a logged-in account (PAYMENT_REFRESHES_PER_ACCOUNT)', async () => {
    const { t, buyer, intent } = await checkout({ PAYMENT_REFRESHES_PER_ACCOUNT: '3' });
    for (let i = 0; i < 3; i++) expect((await refresh(buyer.agent, intent.intentId)).status).toBe(200);
    const refused = await refresh(buyer.agent, intent.intentId);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(
      'Too many payment checks in a short time. Please wait 10 minutes and try again.',
    );
    // probing other ids counts too
    expect((await refresh(buyer.agent, 'pi_local_unknown')).status).toBe(429);
    // whoever holds the client secret, logged out, is counted per client only
    expect((await refresh(t.app, intent.intentId, { clientSecret: intent.clientSecret })).status).toBe(200);
  });

  it('limits the re-checks of a client, logged in or not (PAYMENT_REFRESHES_PER_CLIENT)', async () => {
    const { t, intent } = await checkout({ PAYMENT_REFRESHES_PER_CLIENT: '3' });
    for (let i = 0; i < 3; i++)
      expect((await refresh(t.app, intent.intentId, { clientSecret: intent.clientSecret })).status).toBe(200);
    const refused = await refresh(t.app, intent.intentId, { clientSecret: intent.clientSecret });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(
      'Too many payment checks from this network. Please wait 10 minutes and try again.',
    );
  });
});
