// Featured listings and what they earn (docs/product.md §22, §23; decisions 0134, 0135), the seller plans'
// promise end to end: a seller on the annual plan features a live listing from My Listings, the month's
// allowance goes down by one, the home page's featured section leads with it labelled "Featured" (and
// /puppies shows it above its results); a visitor opens it from there; the seller reads that view on
// /insights. The seller and the listing are made through the API as the seller pages make them; the
// feature itself is the page's button, the view a person's browser on the puppy page.
import { expect, test } from '@playwright/test';
import { expectAccessible, PERSON_USER_AGENT } from '../support/e2e.ts';
import { planListing, postListing, sellerOnPlan, startPlan } from '../support/e2e-plans.ts';

test('an annual seller features a listing: it leads the home page labelled Featured, a visitor views it, the seller reads the view on /insights', async ({
  page,
  browser,
  baseURL,
}) => {
  await sellerOnPlan(page.request, 'annual');
  const { id, name } = await planListing(page.request, `Comet${Date.now().toString(36)}`);

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

  // /puppies shows it above the results
  await page.goto(`/puppies?search=${encodeURIComponent(name)}`);
  const above = page.getByRole('region', { name: 'Featured puppies' });
  await expect(above.getByRole('heading', { name })).toBeVisible();
  await expect(above.getByText('Featured', { exact: true })).toBeVisible();

  // a visitor (a person's browser, not headless Chromium, which isbot counts as a bot) finds it first on
  // the home page, labelled, and opens it
  const visitor = await browser.newContext({ userAgent: PERSON_USER_AGENT, baseURL });
  const visit = await visitor.newPage();
  await visit.goto('/');
  const featured = visit.getByRole('region', { name: 'Featured Puppies' });
  const first = featured.getByRole('listitem').first();
  await expect(first).toContainText(name);
  await expect(first.getByText('Featured', { exact: true })).toBeVisible();
  const beacon = visit.waitForRequest((r) => r.url().endsWith(`/api/puppies/${id}/views`) && r.method() === 'POST');
  await first.getByRole('link', { name, exact: true }).click();
  await expect(visit.getByRole('heading', { level: 1, name })).toBeVisible();
  await beacon;
  await visitor.close();

  // the seller reads the view, once the beacon (which the page does not wait for) has landed
  await expect
    .poll(
      async () =>
        ((await (await page.request.get('/api/insights')).json()) as { totals: { views: number } }).totals.views,
    )
    .toBe(1);
  await page.goto('/insights');
  await expect(page.getByRole('heading', { level: 1, name: 'Listing insights' })).toBeVisible();
  await expect(page.locator('[data-insights-totals] [data-metric="views"]')).toHaveText('1');
  await expect(page.getByRole('row', { name: new RegExp(name) }).locator('[data-metric="views"]')).toContainText('1');
});

test('a seller who picks a plan after writing a draft publishes it from My Listings with the plan', async ({
  page,
}) => {
  const { username } = await sellerOnPlan(page.request, null);
  const name = `Pepper${Date.now().toString(36)}`;
  expect((await postListing(page.request, name)).needsListingFee).toBe(true);
  await startPlan(page.request, username, 'biannual');

  await page.goto('/my-listings');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(row).toContainText('not visible to buyers until you publish it with your plan');
  await expect(row.getByRole('link', { name: `Pay listing fee for ${name}` })).toHaveCount(0);
  await row.getByRole('button', { name: `Publish ${name}` }).click();
  await expect(row.getByText(/^Active/)).toBeVisible();
  await expect(row.getByRole('link', { name: `View ${name}` })).toBeVisible();
});
