// A listing's parents and their health tests are in the page's HTML (decision 0121, docs/product.md §18):
// read with JavaScript off, a demo listing of Sunny Acres Kennel shows its sire and dam, their tests with
// the verified mark and OFA links, and the breed's recommended tests; the page passes axe at desktop and
// phone widths.
import type { ListingParentsView } from '#contracts/parents.ts';
import { expect, test, waitForIslands } from '../support/test.ts';
import { expectAccessible } from '../support/e2e.ts';

/** a demo listing whose parents have every recommended test verified (the catalogue's own filter) */
async function testedListing(request: import('@playwright/test').APIRequestContext) {
  const found = (await (await request.get('/api/puppies?healthTested=1&limit=1')).json()) as {
    items: Array<{ id: number; name: string }>;
  };
  expect(found.items.length, 'a demo listing with health-tested parents').toBe(1);
  const listing = found.items[0]!;
  const detail = (await (await request.get(`/api/puppies/${listing.id}`)).json()) as { parents: ListingParentsView };
  return { ...listing, parents: detail.parents };
}

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('a listing shows both parents, their tests and a verified mark', async ({ page }) => {
    const listing = await testedListing(page.request);
    const { sire, dam } = listing.parents;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/puppies/${listing.id}`);

    const section = page.getByRole('region', { name: `${listing.name}'s parents` });
    await expect(section.getByText("Both parents have their breed's recommended health tests")).toBeVisible();
    for (const [role, parent] of [
      ['Sire', sire!],
      ['Dam', dam!],
    ] as const) {
      const card = section.getByRole('article', { name: `${role} ${parent.name}` });
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(`${role} ${parent.name}`);
      await expect(card.getByText(parent.registrationNumber)).toBeVisible();
      const tests = card.getByRole('list').first().getByRole('listitem');
      await expect(tests).toHaveCount(parent.tests.length);
      await expect(tests.first()).toContainText(parent.tests[0]!.label);
      await expect(tests.first()).toContainText('Verified');
      // an OFA number links to OFA's public record
      const ofa = parent.tests.find((t) => t.ofaUrl);
      if (ofa)
        await expect(card.getByRole('link', { name: new RegExp(ofa.certificateNumber) })).toHaveAttribute(
          'href',
          ofa.ofaUrl!,
        );
      await expect(card.getByRole('heading', { name: `Recommended for ${parent.breedName}` })).toBeVisible();
    }
  });
});

// axe runs as a script in the page, so this check needs JavaScript on; the HTML it reads is the same.
test('the listing page with its parents is accessible at 1280 and 390 px', async ({ page }) => {
  const listing = await testedListing(page.request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/puppies/${listing.id}`);
  await expect(page.getByRole('region', { name: `${listing.name}'s parents` })).toBeVisible();
  await waitForIslands(page);
  await expectAccessible(page, 'listing with parents at 1280 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'listing with parents at 390 px');
});
