// Seller payouts in API tests (decisions 0101, 0107): a seller connects a payout account through the
// local onboarding page, a buyer pays with a test card, the seller hands the puppy over.
import { expect } from 'vitest';
import { TEST_ACCOUNT_NUMBER, TEST_ROUTING_NUMBER } from '#contracts/payouts.ts';
import type { OrderView } from '#contracts/orders.ts';
import type { LocalProvider } from '../../commerce-api/src/payments/local-provider.ts';
import { signedInAgent } from './api-login.ts';
import { CARDS, payWithCard, type Client } from './payments.ts';
import type { TestApp } from './test-app.ts';

type Agent = Awaited<ReturnType<typeof signedInAgent>>['agent'];

export async function local(t: TestApp): Promise<LocalProvider> {
  return (await t.deps.payments.local())!;
}

/** the seller onboards through the local onboarding page with the test bank account and `ssn` */
export async function connect(seller: Agent, ssn = '0000') {
  const started = await seller.post('/api/earnings/connect');
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const link = new URL(started.body.url as string).searchParams.get('link')!;
  const done = await seller.post(`/api/local-connect/${link}`).send({
    legalName: 'Dana Breeder',
    routingNumber: TEST_ROUTING_NUMBER,
    accountNumber: TEST_ACCOUNT_NUMBER,
    ssnLast4: ssn,
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body as { returnUrl: string; status: string };
}

/** a buyer pays for `puppyId` with the test card; answers the paid order's reference */
export async function buy(
  t: TestApp,
  puppyId: number,
  buyer?: Awaited<ReturnType<typeof signedInAgent>>,
  card: string = CARDS.visa as string,
) {
  const who = buyer ?? (await signedInAgent(t));
  const intent = await who.agent
    .post('/api/create-payment-intent')
    .send({ puppyId, visitId: `visit-payouts-${puppyId}` });
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  await payWithCard(who.agent, intent.body.clientSecret, card);
  const order = (await t.store.orders.findByIntent(intent.body.intentId))!;
  expect(order.status).toBe('paid');
  return { buyer: who, order, intentId: intent.body.intentId as string };
}

export async function handOver(seller: Client, reference: string) {
  const response = await seller.post(`/api/orders/${reference}/handed-over`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.order as OrderView;
}

export async function adminAgent(t: TestApp) {
  const admin = await signedInAgent(t);
  await t.store.users.update(admin.user.id, { role: 'admin' });
  return admin.agent;
}

export async function payoutOf(t: TestApp, reference: string) {
  const order = (await t.store.orders.findByReference(reference))!;
  return (await t.store.payouts.findByOrder(order.id))!;
}
