// Featured listings (docs/product.md §22, decision 0134): a seller on the annual plan features a live
// listing from My Listings, the month's allowance goes down by one, and the home page's featured section
// leads with the listing, labelled "Featured". The seller and the listing are made through the API as
// the seller pages would make them; the feature itself is the page's button.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, uniqueName } from '../support/e2e.ts';

/** a new seller with an annual plan (the local test-mode provider's card), logged in on `page` */
async function annualSeller(page: Page): Promise<string> {
  const username = uniqueName('star');
  const email = `${username}@example.com`;
  const registered = await page.request.post('/api/register', {
    data: { username, password: 'a-good-long-password', email, accountType: 'seller', confirmAdult: true },
  });
  expect(registered.status()).toBe(201);
  const card = await page.request.post('/api/local-payments/payment-methods', {
    data: { number: '4242 4242 4242 4242', exp: '12 / 34', cvc: '123', zip: '97201' },
  });
  expect(card.ok()).toBe(true);
  const { id: paymentMethodId } = (await card.json()) as { id: string };
  const plan = await page.request.post('/api/create-subscription', {
    data: { paymentMethodId, priceId: 'price_annual', email },
  });
  expect(plan.ok(), await plan.text()).toBe(true);
  return username;
}

/** a listing the plan makes public at once (no listing fee) */
async function liveListing(page: Page): Promise<{ id: number; name: string }> {
  const sample = (await (await page.request.get('/api/puppies?limit=1')).json()) as { items: { imageUrl: string }[] };
  const name = uniqueName('Comet');
  const posted = await page.request.post('/api/puppies', {
    data: {
      name,
      breedId: 1,
      gender: 'Male',
      age: 9,
      weight: 7,
      price: 1400,
      description: 'A bright, curious boy who greets everyone at the door.',
      location: 'Portland, OR',
      zip: '97201',
      imageUrl: sample.items[0]!.imageUrl,
    },
  });
  expect(posted.status()).toBe(201);
  const listing = (await posted.json()) as { id: number; needsListingFee: boolean; listingStatus: string };
  expect(listing).toMatchObject({ needsListingFee: false, listingStatus: 'active' });
  return { id: listing.id, name };
}

test('a seller on the annual plan features a listing from My Listings; the home page leads with it, labelled Featured', async ({
  page,
}) => {
  await annualSeller(page);
  const { id, name } = await liveListing(page);

  await page.goto('/my-listings');
  const allowance = page.locator('p', { hasText: /^Featured listings:/ });
  await expect(allowance).toContainText('3 of 3 features left this month');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(row).toContainText('Active until');
  await expect(row.getByRole('link', { name: `View ${name}` })).toHaveAttribute('href', `/puppies/${id}`);

  await row.getByRole('button', { name: `Feature ${name}` }).click();
  await expect(row.getByText(/^Featured until/)).toBeVisible();
  await expect(row.getByRole('button', { name: `Feature ${name}` })).toHaveCount(0);
  await expect(allowance).toContainText('2 of 3 features left this month');
  await expectAccessible(page, '/my-listings with a featured listing');

  // the home page's featured section leads with it, and says so
  await page.goto('/');
  const featured = page.getByRole('region', { name: 'Featured Puppies' });
  const first = featured.getByRole('listitem').first();
  await expect(first).toContainText(name);
  await expect(first.getByText('Featured', { exact: true })).toBeVisible();

  // and so does the card in /puppies
  await page.goto(`/puppies?search=${encodeURIComponent(name)}`);
  const above = page.getByRole('region', { name: 'Featured puppies' });
  await expect(above.getByRole('heading', { name })).toBeVisible();
  await expect(above.getByText('Featured', { exact: true })).toBeVisible();
});
