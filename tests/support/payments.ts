// Payment test helpers: a small marketplace (breeds, a seller with a public puppy), buyers, and paying
// with a card through the local test-mode provider the way the card form does.
import type { Test } from 'supertest';
import { expect } from 'vitest';
import type { LocalIntentView } from '../../commerce-api/src/contracts/payments.ts';
import type { LocalPaymentObject, Order } from '../../commerce-api/src/domain/model.ts';
import { buildBreeds, buildPuppy, createRng } from './factories.ts';
import { signedInAgent } from './api-login.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

export const NOW = new Date('2026-06-01T12:00:00.000Z');
const DAY_MS = 86_400_000;
export const inDays = (days: number) => new Date(NOW.getTime() + days * DAY_MS).toISOString();

export const CARDS = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficient: '4000 0000 0000 9995',
  authenticate: '4000 0025 0000 3155',
  disputed: '4000 0000 0000 0259',
} as const;

export async function marketplace(options: TestAppOptions & { price?: number; expiresAt?: string | null } = {}) {
  const t = await createTestApp({ now: NOW, ...options });
  for (const breed of buildBreeds().slice(0, 3)) await t.store.breeds.insert(breed);
  const seller = await signedInAgent(t, { accountType: 'seller' });
  const puppy = await addPuppy(t, seller.user.id, {
    price: options.price ?? 1500,
    expiresAt: options.expiresAt === undefined ? inDays(20) : options.expiresAt,
  });
  return { t, seller, puppy };
}

let rngSeed = 1;
export async function addPuppy(
  t: TestApp,
  userId: number,
  overrides: { price?: number; expiresAt?: string | null; name?: string } = {},
) {
  return t.store.puppies.insert(
    buildPuppy(
      {
        name: overrides.name ?? 'Daisy',
        breedId: 1,
        userId,
        price: overrides.price ?? 1500,
        expiresAt: overrides.expiresAt === undefined ? inDays(20) : overrides.expiresAt,
        createdAt: NOW.toISOString(),
      },
      createRng(rngSeed++),
      { now: NOW },
    ),
  );
}

/**
 * Every order, oldest first, read through the repositories (so the check runs on either store). Ids
 * are sequential on both, with gaps where a transaction rolled back; a test makes a few dozen at most.
 */
export async function allOrders(t: TestApp): Promise<Order[]> {
  const orders: Order[] = [];
  for (let id = 1; id <= 60; id++) {
    const order = await t.store.orders.get(id);
    if (order) orders.push(order);
  }
  return orders;
}

/** the local provider's own record of a payment intent (its refunds: more than its snapshots say) */
export const localPayment = async (t: TestApp, providerId: string) =>
  (await t.store.localPayments.find(providerId, 'payment_intent'))!;
/**
 * How many objects the local provider holds ("nothing was created"). The repository has no listing
 * (the provider never needs one), so this counts the lowdb rows: lowdb-only, until a test store lists.
 */
export const localPaymentCount = async (t: TestApp, kind?: LocalPaymentObject['kind']) =>
  t.store.localPayments.count(kind);

/** the local card form: create a payment method from the card fields, then confirm the intent with it */
/** an agent (logged in) or request(app) (anonymous) */
export type Client = { post(url: string): Test };

export async function payWithCard(
  agent: Client,
  clientSecret: string,
  number: string,
  extra: { exp?: string; cvc?: string; zip?: string } = {},
): Promise<LocalIntentView> {
  const method = await agent
    .post('/api/local-payments/payment-methods')
    .send({ number, exp: extra.exp ?? '12 / 34', cvc: extra.cvc ?? '123', zip: extra.zip ?? '94107' });
  expect(method.status, JSON.stringify(method.body)).toBe(200);
  const confirmed = await agent
    .post('/api/local-payments/confirm')
    .send({ clientSecret, paymentMethodId: method.body.id });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return confirmed.body as LocalIntentView;
}
