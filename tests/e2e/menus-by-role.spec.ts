// The chrome by the account's kind (decision 0137): a family sees what families use, a seller what sellers
// use, and a seller is never invited to become one, from the first paint (the head script reads the
// session hint) to after the header's script has asked /api/user.
import { expect, test, type Page } from '../support/test.ts';
import { DEMO, expectAccessible, loginViaApi, registerViaUi } from '../support/e2e.ts';
import { holdIslandScripts } from '../support/hydration.ts';

const accountMenu = (page: Page) => page.locator('details.account-menu');

async function menuItems(page: Page, username: string): Promise<string[]> {
  await page.getByText(`Hi, ${username}`).click();
  const items = accountMenu(page).getByRole('listitem');
  await expect(items.last()).toBeVisible();
  return (await items.allInnerTexts()).map((text) => text.trim()).slice(1);
}

test('a family sees My Orders, Saved and Messages, and no seller links', async ({ page }) => {
  const username = await registerViaUi(page);
  await page.goto('/');
  const header = page.locator('header.site-header');
  await expect(header.getByText(`Hi, ${username}`)).toBeVisible();
  expect(await menuItems(page, username)).toEqual(['My Orders', 'Saved', 'Messages', 'Logout']);
  await expect(header.getByRole('link', { name: 'Post a Puppy' })).toHaveCount(0);
  await expect(header.locator('.nav-links').getByRole('link', { name: 'My Listings' })).toBeHidden();
  // a family may still become a seller
  await expect(header.getByRole('link', { name: 'Become a Seller' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Become a Seller' })).toBeVisible();
  await expectAccessible(page, 'home, a family with the account menu open', 'header');
});

test('a seller sees Post a Puppy, My Listings, Insights, Earnings and Messages, and no Become a Seller', async ({
  page,
}) => {
  await loginViaApi(page, DEMO.seller, '/');
  const header = page.locator('header.site-header');
  await expect(header.getByRole('link', { name: 'Post a Puppy' })).toBeVisible();
  expect(await menuItems(page, DEMO.seller.username)).toEqual([
    'My Listings',
    'Insights',
    'Earnings',
    'Messages',
    'My Orders',
    'Saved',
    'Logout',
  ]);
  await expect(header.locator('.nav-links').getByRole('link', { name: 'My Listings' })).toBeVisible();
  await expectNoSellerInvitation(page);
  // nor the search panel's tab, once its island runs: its arrow keys go between the tabs that are there
  const tabs = page.getByRole('tablist', { name: 'Start Your Search' }).getByRole('tab');
  await expect(tabs).toHaveText(['Find My Puppy']);
  await tabs.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.first()).toBeFocused();
});

/** the home page's Become a Seller links (header, banner, hero, sections) are in its HTML, and all hidden */
async function expectNoSellerInvitation(page: Page): Promise<void> {
  expect(await page.getByRole('link', { name: 'Become a Seller', includeHidden: true }).count()).toBeGreaterThan(3);
  await expect(page.getByRole('link', { name: 'Become a Seller' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Become a Seller' })).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'For breeders' })).toBeHidden();
}

test('before any script has run, the page already words itself for a seller and for a family', async ({ page }) => {
  await loginViaApi(page, DEMO.seller);
  const release = await holdIslandScripts(page);
  await page.goto('/');
  // only the inline head script has run: the header's own script is still held
  await expect(accountMenu(page)).toHaveCount(0);
  await expectNoSellerInvitation(page);
  release();

  await page.request.post('/api/logout');
  await loginViaApi(page, DEMO.buyer);
  const releaseAgain = await holdIslandScripts(page);
  await page.goto('/');
  await expect(accountMenu(page)).toHaveCount(0);
  await expect(page.locator('.nav-links').getByRole('link', { name: 'My Listings' })).toBeHidden();
  await expect(page.locator('header').getByRole('link', { name: 'Become a Seller' })).toBeVisible();
  releaseAgain();
});
