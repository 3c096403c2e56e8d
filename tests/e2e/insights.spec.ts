// Listing insights (docs/product.md §23, decision 0135): a visitor opens a puppy page, its beacon counts the
// view, and the seller (annual plan: premium) reads it on /insights, with the chart, the table and the
// sources; the same page with JavaScript off shows the totals, the chart and the table; axe finds nothing
// either way. A seller without a plan reads why, with a link to pick one.
import { expect, test } from '@playwright/test';
import { expectAccessible, PERSON_USER_AGENT as PERSON } from '../support/e2e.ts';
import { planListing, sellerOnPlan } from '../support/e2e-plans.ts';
import { expectAccessibleWithoutScripts } from '../support/no-script-axe.ts';

test('a visitor’s view of a puppy page shows on the annual seller’s /insights, with and without JavaScript', async ({
  page,
  browser,
  baseURL,
}) => {
  await sellerOnPlan(page.request, 'annual');
  const puppy = await planListing(page.request, 'Juniper');

  const visitor = await browser.newContext({ userAgent: PERSON, baseURL });
  const visit = await visitor.newPage();
  const beacon = visit.waitForRequest(
    (r) => r.url().endsWith(`/api/puppies/${puppy.id}/views`) && r.method() === 'POST',
  );
  await visit.goto(`/puppies/${puppy.id}?from=alert`);
  await expect(visit.getByRole('heading', { level: 1, name: 'Juniper' })).toBeVisible();
  await beacon;
  await visitor.close();

  // the beacon is not waited for by the page: the seller's figures show it once it has landed
  await expect(async () => {
    const insights = (await (await page.request.get('/api/insights')).json()) as { totals: { views: number } };
    expect(insights.totals.views).toBe(1);
  }).toPass({ timeout: 10_000 });

  await page.goto('/insights');
  await expect(page.getByRole('heading', { level: 1, name: 'Listing insights' })).toBeVisible();
  await expect(page.getByText('Premium analytics')).toBeVisible();
  const totals = page.locator('[data-insights-totals]');
  await expect(totals.locator('[data-metric="views"]')).toHaveText('1');
  await expect(page.getByRole('img', { name: 'Views and saves per day, last 30 days' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Views by where they came from, last 30 days' })).toBeVisible();
  await expect(page.locator('[data-insights-table="sources"] [data-source="alert"]')).toHaveText('1');
  const row = page.getByRole('row', { name: /Juniper/ });
  await expect(row.locator('[data-metric="views"]')).toContainText('1');
  await expect(page.getByRole('link', { name: 'Download the figures (CSV)' })).toHaveAttribute(
    'href',
    '/api/insights.csv',
  );
  await expectAccessible(page, '/insights (annual)');

  // without JavaScript: the same figures, the chart drawn by the server, and the day-by-day table
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    baseURL,
  });
  const plain = await noScript.newPage();
  await plain.goto('/insights');
  await expect(plain.locator('[data-insights-totals] [data-metric="views"]')).toHaveText('1');
  // one drawing shows at this width (the other is the phone's), with the views' line
  await expect(
    plain.getByRole('img', { name: 'Views and saves per day, last 30 days' }).locator('path.chart-line-views'),
  ).toHaveCount(1);
  await plain.getByText('The numbers, day by day').click();
  const daily = plain.getByRole('table', { name: 'Your listings’ numbers per day, last 30 days' });
  await expect(daily).toBeVisible();
  await expect(daily.locator('tbody tr')).toHaveCount(30);
  await expect(daily.locator('tbody tr').last().locator('td').first()).toHaveText('1');
  await expectAccessibleWithoutScripts(plain, '/insights (annual)');
  await noScript.close();
});

test('a seller without a plan reads why there are no insights, with a link to choose a plan', async ({ page }) => {
  await sellerOnPlan(page.request, null);
  await page.goto('/insights');
  await expect(page.getByRole('heading', { name: 'Insights come with a seller plan' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choose a seller plan' })).toHaveAttribute('href', '/sellers');
  await expectAccessible(page, '/insights (no plan)');
});
