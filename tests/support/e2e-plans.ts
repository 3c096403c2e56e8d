// A seller on a plan for the end-to-end tests: registered through the API, subscribed with a test card through
// the local payment provider's trial flow (the Payment tab's own calls, decision 0101), so the plan is
// trialing exactly as one started on /sellers.
import { expect, type APIRequestContext } from '@playwright/test';
import type { PlanId } from '#contracts/plans.ts';
import { uniqueName } from './e2e.ts';
import { CARDS } from './e2e-payments.ts';

/** registers a seller in `api`'s cookie jar and starts `plan`'s 7-day trial with a test card */
export async function sellerOnPlan(api: APIRequestContext, plan: PlanId | null): Promise<{ username: string }> {
  const username = uniqueName('kennel');
  const registered = await api.post('/api/register', {
    data: {
      username,
      password: 'a-good-long-password',
      email: `${username}@example.com`,
      accountType: 'seller',
      confirmAdult: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  if (plan) await startPlan(api, username, plan);
  return { username };
}

/** starts `plan`'s 7-day trial with a test card for the seller logged in on `api` (registered by sellerOnPlan) */
export async function startPlan(api: APIRequestContext, username: string, plan: PlanId): Promise<void> {
  const method = (await (
    await api.post('/api/local-payments/payment-methods', {
      data: { number: CARDS.visa, exp: '12/34', cvc: '123', zip: '97201' },
    })
  ).json()) as { id: string };
  const started = await api.post('/api/create-subscription', {
    data: { paymentMethodId: method.id, priceId: `price_${plan}`, email: `${username}@example.com` },
  });
  expect(started.status(), await started.text()).toBe(200);
  expect(await started.json()).toMatchObject({ status: 'trialing', plan });
}

/** posts a listing of breed 1 as the seller on `api` (a draft without a plan with room); the API's answer */
export async function postListing(
  api: APIRequestContext,
  name: string,
): Promise<{ id: number; name: string; needsListingFee: boolean }> {
  const sample = (await (await api.get('/api/puppies?limit=1')).json()) as { items: { imageUrl: string }[] };
  const response = await api.post('/api/puppies', {
    data: {
      name,
      breedId: 1,
      gender: 'Female',
      age: 10,
      weight: 6.5,
      price: 1400,
      description: 'A gentle, playful girl who loves cuddles and long naps.',
      location: 'Portland, OR',
      zip: '97201',
      imageUrl: sample.items[0]!.imageUrl,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; name: string; needsListingFee: boolean };
}

/** a listing the plan makes public at once (no listing fee), of breed 1 */
export async function planListing(api: APIRequestContext, name: string): Promise<{ id: number; name: string }> {
  const puppy = await postListing(api, name);
  expect(puppy.needsListingFee).toBe(false);
  return puppy;
}
