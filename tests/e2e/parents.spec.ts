// A listing's parents and their health tests are in the page's HTML (decision 0121, docs/product.md §18):
// read with JavaScript off, a demo listing of Sunny Acres Kennel shows its sire and dam, their tests with
// the verified mark and OFA links, and the breed's recommended tests; the page passes axe at desktop and
// phone widths. A new seller adds a parent and a test with its proof in My Listings, and an admin
// verifies it on /admin.
import type { ListingParentsView } from '#contracts/parents.ts';
import { expect, test, waitForIslands } from '../support/test.ts';
import { DEMO, expectAccessible, loginViaApi, registerViaUi, uniqueName } from '../support/e2e.ts';

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

test('a seller adds a parent and a test with its proof, and an admin verifies it', async ({ page, browser }) => {
  await registerViaUi(page, { accountType: 'seller' });
  const name = uniqueName('Sire');
  await page.goto('/my-listings');
  await page.getByRole('button', { name: 'Add a parent' }).click();
  const parent = page.getByRole('form', { name: 'Add a parent' });
  await parent.getByLabel('Name').fill(name);
  await parent.getByLabel('Sire or dam').selectOption('sire');
  await parent.getByLabel('Breed').selectOption({ label: 'Labrador Retriever' });
  await parent.getByLabel('Registration number').fill('SR99887766');
  await parent.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: `${name} (Sire)` })).toBeVisible();

  await page.getByRole('button', { name: `Add a test for ${name}` }).click();
  const test = page.getByRole('form', { name: `Add a test for ${name}` });
  await test.getByLabel('Result').fill('Excellent');
  await test.getByLabel('Test date').fill('2025-04-01');
  await test.getByLabel('Registry or lab').fill('OFA');
  await test.getByLabel('Certificate or registry number').fill('LR-1234E24M-VPI');
  await test.getByLabel(/Proof/).setInputFiles({
    name: 'hips.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await test.getByRole('button', { name: 'Save the test' }).click();
  const card = page.getByRole('article', { name: `${name} (Sire)` });
  await expect(card.getByText('Waiting for our check')).toBeVisible();

  const admin = await browser.newPage();
  await loginViaApi(admin, DEMO.admin, '/admin');
  const item = admin.getByRole('listitem').filter({ hasText: `of ${name}` });
  await item.getByRole('button', { name: /^Verify test/ }).click();
  await expect(admin.getByRole('listitem').filter({ hasText: `of ${name}` })).toHaveCount(0);
  await admin.close();

  await page.reload();
  await expect(
    page.getByRole('article', { name: `${name} (Sire)` }).getByText(/^Verified \d{4}-\d{2}-\d{2}/),
  ).toBeVisible();
});
