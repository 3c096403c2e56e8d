// Payment steps the end-to-end tests share: Stripe's test cards typed into the local card form, and
// a public listing of the demo seller whose listing fee was paid through the API.
import { expect, type APIRequest, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, registerViaUi, uniqueName } from './e2e.ts';

export const CARDS = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  authenticate: '4000 0025 0000 3155',
  /** succeeds, then the holder disputes the charge (a dispute opens at once) */
  disputed: '4000 0000 0000 0259',
} as const;

export interface Listing {
  id: number;
  name: string;
  price: number;
  gender: string;
  age: number;
  location: string;
}

export async function fillCard(scope: Page | Locator, number: string) {
  await scope.getByLabel('Card number').fill(number);
  await scope.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
  await scope.getByLabel('CVC').fill('123');
  await scope.getByLabel('ZIP').fill('94107');
}

/** the demo seller's API session (its own cookie jar) */
export async function sellerApi(requests: APIRequest, baseURL: string): Promise<APIRequestContext> {
  const api = await requests.newContext({ baseURL });
  expect((await api.post('/api/login', { data: DEMO.seller })).ok()).toBe(true);
  return api;
}

/** a new draft listing of the demo seller, made through the API as the Post Puppy form would */
export async function draftListing(api: APIRequestContext, price = 1200): Promise<Listing> {
  const sample = (await (await api.get('/api/puppies?limit=1')).json()) as { items: { imageUrl: string }[] };
  const response = await api.post('/api/puppies', {
    data: {
      name: uniqueName('Maple'),
      breedId: 1,
      gender: 'Female',
      age: 10,
      weight: 6.5,
      price,
      description: 'A gentle, playful girl who loves cuddles and long naps.',
      location: 'Portland, OR',
      zip: '97201',
      imageUrl: sample.items[0]!.imageUrl,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const puppy = (await response.json()) as Listing & { needsListingFee: boolean; listingStatus: string };
  expect(puppy.listingStatus).toBe('draft');
  return puppy;
}

/** the seller (`api`) pays a draft's listing fee with a test card through the API: the listing goes public */
export async function payListingFee(api: APIRequestContext, puppyId: number): Promise<void> {
  const intent = (await (await api.post('/api/create-listing-fee-intent', { data: { puppyId } })).json()) as {
    clientSecret: string;
  };
  const method = (await (
    await api.post('/api/local-payments/payment-methods', {
      data: { number: CARDS.visa, exp: '12/34', cvc: '123', zip: '97201' },
    })
  ).json()) as { id: string };
  expect(
    (
      await api.post('/api/local-payments/confirm', {
        data: { clientSecret: intent.clientSecret, paymentMethodId: method.id },
      })
    ).ok(),
  ).toBe(true);
}

/** a public listing: a draft whose fee the seller paid with a test card through the API */
export async function publicListing(requests: APIRequest, baseURL: string, price = 1200): Promise<Listing> {
  const api = await sellerApi(requests, baseURL);
  const puppy = await draftListing(api, price);
  await payListingFee(api, puppy.id);
  await api.dispose();
  return puppy;
}

/** registers a buyer through /auth and waits for the page to land on / (where /auth sends them) */
export async function newBuyer(page: Page): Promise<string> {
  const username = await registerViaUi(page);
  await expect(page).toHaveURL(/\/$/);
  return username;
}

export const money = (dollars: number) =>
  `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
