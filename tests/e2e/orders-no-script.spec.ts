// My Orders without scripts, and no spinner for ever (docs/decisions/0125): the buyer's orders are in the
// page's HTML, each answer is a form the browser posts itself and the page says what happened; a visitor
// is sent to log in; the checkout says plainly that its card form needs JavaScript. With the island
// scripts held back the orders are readable before hydration, and hydration keeps them.
import { expect, test, type Page } from '../support/test.ts';
import { DEMO, expectAccessible, loginViaApi } from '../support/e2e.ts';
import { CARDS, fillCard, money, newBuyer, publicListing, sellerApi } from '../support/e2e-payments.ts';
import { expectHydrated, expectNotHydrated, holdIslandScripts } from '../support/hydration.ts';

test.describe.configure({ timeout: 150_000 });

const REFERENCE = /^PN-\d{8}-[0-9A-F]{8}$/;

async function expectAccessibleAtBothWidths(page: Page, label: string) {
  await expectAccessible(page, `${label} at 1280 px`);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, `${label} at 390 px`);
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor is sent to log in; the demo buyer reads their orders in the HTML', async ({ page }) => {
    await page.goto('/my-orders');
    await expect(page).toHaveURL(/\/auth\?next=%2Fmy-orders$/);

    await loginViaApi(page, DEMO.buyer, '/my-orders');
    await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();
    await expect(page.getByText(/^\d+ orders?$/)).toBeVisible();
    const first = page.locator('.order-card').first();
    await expect(first.getByText(REFERENCE)).toBeVisible();
    await expect(first.getByText('Next steps:')).toBeVisible();
    await expect(first.getByRole('link', { name: /.+/ }).first()).toHaveAttribute('href', /^\/puppies\/\d+$/);
    await expect(
      page
        .locator('.order-card')
        .getByText(/^Breeder:/)
        .first(),
    ).toBeVisible();
    await expect(page.getByText('Loading your orders…')).toHaveCount(0);
  });

  // Playwright turns script execution off but leaves the parser's scripting flag on, so it shows no
  // <noscript> content; a browser with JavaScript off does. The note is read from the page's HTML.
  test('the checkout says in its HTML that its card form needs JavaScript', async ({ page, playwright, baseURL }) => {
    const puppy = await publicListing(playwright.request, baseURL!, 900);
    await loginViaApi(page, DEMO.buyer, `/checkout/${puppy.id}`);
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
    await expect(page.getByText('Still loading?')).toBeHidden();
    const html = await (await page.request.get(`/checkout/${puppy.id}`)).text();
    const note = /<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? '';
    expect(note).toContain('<strong>The card form needs JavaScript.</strong>');
    expect(note).toContain('Turn JavaScript on and reload the page to pay.');
  });
});

test('a buyer reports a problem and confirms nothing without scripts; the page says what happened', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  // a fresh order, paid with the card form (which needs JavaScript) and handed over by the demo seller
  const puppy = await publicListing(playwright.request, baseURL!, 1300);
  await newBuyer(page);
  await page.goto(`/checkout/${puppy.id}`);
  await fillCard(page, CARDS.visa);
  await page.getByRole('button', { name: `Pay ${money(1349.99)}` }).click();
  await expect(page).toHaveURL(/\/checkout-success\?puppyId=\d+&payment_intent=pi_/, { timeout: 10_000 });
  const reference = (await page.getByRole('region', { name: 'Order Details' }).getByText(REFERENCE).textContent())!;
  const seller = await sellerApi(playwright.request, baseURL!);
  expect((await seller.post(`/api/orders/${reference}/handed-over`)).ok()).toBe(true);
  await seller.dispose();

  // the same buyer, in a browser without JavaScript
  const context = await browser.newContext({
    baseURL: baseURL!,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noScript = await context.newPage();
  await noScript.goto('/my-orders');
  const card = noScript.locator(`#order-${reference}`);
  await expect(card.getByRole('link', { name: puppy.name })).toBeVisible();
  await expect(card.getByText('Handed over', { exact: true })).toBeVisible();

  // a report too short: refused under its field, the form open again, nothing held
  await card.getByText('Report a problem', { exact: true }).click();
  await card.getByLabel('What went wrong?').fill('Cough');
  await card.getByRole('button', { name: 'Send report' }).click();
  await expect(noScript).toHaveURL(new RegExp(`order=${reference}&error=problem_short`));
  await expect(card.getByText('Tell us what went wrong in at least 10 characters.')).toBeVisible();
  await expect(card.getByText('Handed over', { exact: true })).toBeVisible();

  await card.getByLabel('What went wrong?').fill('She has a cough the vet says she came with.');
  await card.getByRole('button', { name: 'Send report' }).click();
  await expect(noScript).toHaveURL(new RegExp(`order=${reference}&done=problem_reported`));
  await expect(card.getByRole('status').getByText(/Your report was sent/)).toBeVisible();
  await expect(card.getByText(/You reported a problem: She has a cough the vet says she came with\./)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Confirm receipt' })).toHaveCount(0);

  // the review form works the same way
  await card.getByText('Write a review', { exact: true }).click();
  await card.getByRole('radio', { name: '4 stars' }).check();
  await card.getByLabel('Your review').fill('The breeder answered every question, and the handover was calm.');
  await card.getByRole('button', { name: 'Post review' }).click();
  await expect(noScript).toHaveURL(new RegExp(`order=${reference}&done=review_posted`));
  await expect(card.getByRole('heading', { name: 'Your review' })).toBeVisible();
  // the review reads as posted; its edit form (folded away) holds the same words
  await expect(
    card.getByRole('paragraph').filter({ hasText: 'The breeder answered every question, and the handover was calm.' }),
  ).toBeVisible();
  await expect(card.getByText('Edit review', { exact: true })).toBeVisible();
  await context.close();
});

test('with the island scripts held back the orders are readable, and hydration keeps them', async ({ page }) => {
  await loginViaApi(page, DEMO.buyer);
  const release = await holdIslandScripts(page);
  await page.goto('/my-orders', { waitUntil: 'commit' });
  const first = page.locator('.order-card').first();
  const reference = (await first.getByText(REFERENCE).textContent())!;
  await expectNotHydrated(page, first);
  const count = await page.locator('.order-card').count();

  // axe on the server's HTML, as a browser without scripts has it (axe itself hangs with scripts off)
  await expectAccessibleAtBothWidths(page, 'my orders before hydration');

  release();
  await expectHydrated(page, first);
  await expect(page.locator('.order-card')).toHaveCount(count);
  await expect(page.locator('.order-card').first().getByText(reference)).toBeVisible();
});
