// A breeder page works without JavaScript (decision 0118, docs/product.md §15 "Breeder pages"): from a
// demo seller's listing, "Sold by {kennel}" leads to the kennel's page with its earned badges and its
// puppies, and the page passes axe at desktop and phone widths.
import type { BreederSummary } from '#contracts/breeders.ts';
import { expect, test, waitForIslands } from '../support/test.ts';
import { expectAccessible } from '../support/e2e.ts';

const KENNEL = 'Rose City Puppies';

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('a listing of the demo seller leads to its breeder page, with its badges and puppies', async ({ page }) => {
    const found = (await (await page.request.get('/api/puppies?status=available&limit=100')).json()) as {
      items: Array<{ id: number; userId: number }>;
      breeders: Record<number, BreederSummary>;
    };
    const listing = found.items.find((p) => found.breeders[p.userId]?.kennelName === KENNEL);
    expect(listing, `an available listing of ${KENNEL}`).toBeDefined();

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/puppies/${listing!.id}`);
    // the first "Sold by" line is the listing's own (cards of other puppies further down may repeat it)
    await page.getByText(`Sold by ${KENNEL}`).first().getByRole('link', { name: KENNEL, exact: true }).click();
    await expect(page).toHaveURL(/\/breeders\/rose-city-puppies$/);

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(KENNEL);
    // every demo seller has been here for months with no report upheld against them
    const badges = page.getByRole('region', { name: 'Earned badges' }).getByRole('list', { name: 'Earned badges' });
    await expect(badges.getByRole('link', { name: /No upheld reports in 12 months/ })).toHaveAttribute(
      'href',
      '/trust#badge-no-upheld-reports',
    );
    const cards = page.getByRole('region', { name: 'Available puppies' }).locator('article.puppy-card');
    expect(await cards.count()).toBeGreaterThan(0);
    await expect(cards.first().getByText(`Sold by ${KENNEL}`)).toBeVisible();
  });
});

// axe runs as a script in the page, so this check needs JavaScript on; the HTML it reads is the same.
test('the breeder page is accessible at 1280 and 390 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/breeders/rose-city-puppies');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(KENNEL);
  await waitForIslands(page);
  await expectAccessible(page, 'breeder page at 1280 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'breeder page at 390 px');
});
