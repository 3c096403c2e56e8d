// The marketing kit (decision 0136, docs/product.md §24): a seller on the annual plan opens the kit of a
// live listing; printing it gives the flyer alone on one sheet with the QR code (Chromium's PDF); the Copy
// button puts the listing's address on the clipboard; the share image is a PNG. A monthly seller is told
// the kit comes with the Annual plan. The admin's Contact messages card lists the annual seller's message
// first. Screenshots and the PDF go to SHOTS_DIR when set (to look at), else to the test's output folder.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { kitImagePath, kitPath } from '#contracts/marketing-kit.ts';
import { DEMO, expectAccessible, loginViaApi, uniqueName } from '../support/e2e.ts';
import { expectAccessibleWithoutScripts } from '../support/no-script-axe.ts';
import { planListing, sellerOnPlan } from '../support/e2e-plans.ts';

function shot(info: TestInfo, name: string): string {
  const dir = process.env.SHOTS_DIR ?? info.outputPath();
  mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

/** a new seller with `plan` (a trial through the local test provider) and one live listing; logged in on `page` */
async function sellerWithListing(page: Page, plan: 'annual' | 'monthly') {
  const { username } = await sellerOnPlan(page.request, plan);
  const { id, name } = await planListing(page.request, uniqueName('Clover').slice(0, 12));
  return { username, id, name };
}

test('an annual seller opens the kit, prints the flyer to PDF and copies the address', async ({
  page,
  context,
  baseURL,
}, info) => {
  const { id, name } = await sellerWithListing(page, 'annual');
  const listingUrl = `${baseURL}/puppies/${id}`;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });

  await page.setViewportSize({ width: 1280, height: 900 });
  // the kit is one click from the listing's row on My Listings
  await page.goto('/my-listings');
  await page.getByRole('link', { name: `Marketing kit for ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`${kitPath(id)}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Marketing kit: ${name}` })).toBeVisible();
  const flyer = page.getByRole('article', { name: `Flyer for ${name}` });
  await expect(flyer.getByText('$1,400')).toBeVisible();
  await expect(flyer.getByRole('img', { name: `QR code: ${listingUrl}` }).locator('svg')).toBeVisible();
  await expect(flyer.getByText(listingUrl)).toBeVisible();
  // the share image loaded at its full size
  const image = page.getByRole('img', { name: `${name}'s share image: the photo, name, breed and price` });
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  await expect(page.getByRole('link', { name: 'Download the share image (PNG)' })).toHaveAttribute(
    'href',
    kitImagePath(id),
  );
  const png = await page.request.get(kitImagePath(id));
  expect(png.headers()['content-type']).toBe('image/png');
  await expectAccessible(page, 'the kit at 1280 px');
  await page.screenshot({ path: shot(info, 'kit-1280.png'), fullPage: true });

  // Copy puts the plain link on the clipboard, and says so
  const plain = page.getByRole('listitem').filter({ has: page.getByLabel('Plain link') });
  await expect(page.getByLabel('Plain link')).toHaveValue(listingUrl);
  await plain.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Plain link copied to your clipboard.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(listingUrl);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'the kit at 390 px');
  await page.screenshot({ path: shot(info, 'kit-390.png'), fullPage: true });

  // printed: the flyer alone, without the site's header or the kit's other tools, on one sheet
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('body > header, header.site-header').first()).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Share links' })).toBeHidden();
  await expect(flyer).toBeVisible();
  await expect(flyer.locator('svg')).toBeVisible();
  await page.screenshot({ path: shot(info, 'kit-print-1280.png'), fullPage: true });
  const pdfPath = shot(info, 'flyer.pdf');
  await page.pdf({ path: pdfPath, format: 'Letter', printBackground: true });
  const pdf = readFileSync(pdfPath).toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  expect(pdf.match(/\/Type\s*\/Page\b/g)?.length, 'the flyer prints on one page').toBe(1);
  await page.emulateMedia({ media: 'screen' });
});

test('without scripts the kit shows the flyer, the image and every address, selectable, and no dead buttons', async ({
  page,
  browser,
  baseURL,
}) => {
  const { id, name } = await sellerWithListing(page, 'annual');
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await context.newPage();
  await plain.goto(`${baseURL}${kitPath(id)}`);
  await expect(plain.getByRole('heading', { level: 1, name: `Marketing kit: ${name}` })).toBeVisible();
  await expect(plain.locator('.flyer-qr svg')).toBeVisible();
  for (const label of ['Facebook', 'X', 'Pinterest', 'Email', 'Plain link'])
    await expect(plain.getByLabel(label, { exact: true })).toBeVisible();
  await expect(plain.getByLabel('Plain link', { exact: true })).toHaveValue(`${baseURL}/puppies/${id}`);
  await expect(plain.getByRole('button', { name: 'Copy' })).toHaveCount(0);
  await expect(plain.getByRole('button', { name: 'Print the flyer' })).toHaveCount(0);
  await expect(plain.getByRole('link', { name: 'Download the share image (PNG)' })).toBeVisible();
  await expectAccessibleWithoutScripts(plain, 'the kit without scripts');
  await context.close();
});

test('a monthly seller is told the kit comes with the Annual plan', async ({ page }, info) => {
  const { id, name } = await sellerWithListing(page, 'monthly');
  await page.setViewportSize({ width: 1280, height: 900 });
  const response = await page.goto(kitPath(id));
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'The marketing kit comes with the Annual plan' })).toBeVisible();
  await expect(page.getByText(/You are on the Monthly plan\./)).toBeVisible();
  await expect(page.getByText(new RegExp(`${name}'s included`))).toBeVisible();
  await expect(page.getByRole('link', { name: 'See the Annual plan' })).toHaveAttribute('href', '/sellers');
  await expectAccessible(page, 'the kit refused to a monthly seller');
  await page.screenshot({ path: shot(info, 'kit-upgrade-1280.png'), fullPage: true });
});

test("the admin's contact messages list an annual seller's message first, with the plan", async ({
  page,
  browser,
}, info) => {
  // a visitor writes first, then an annual seller: the seller's is still listed first
  const visitor = await browser.newContext({ baseURL: info.project.use.baseURL });
  const from = uniqueName('Visitor');
  const visitorMessage = { name: from, email: 'visitor@example.com', phone: '555-010-2000', message: 'Hello there.' };
  expect((await visitor.request.post('/api/contacts', { data: visitorMessage })).status()).toBe(201);
  await visitor.close();
  const { username } = await sellerWithListing(page, 'annual');
  const sent = await page.request.post('/api/contacts', {
    data: { name: `Kennel ${username}`, email: `${username}@example.com`, phone: '555-010-3000', message: 'Help!' },
  });
  expect(sent.status()).toBe(201);

  await page.context().clearCookies();
  await loginViaApi(page, DEMO.admin, '/admin');
  const card = page.getByRole('region', { name: 'Contact messages' });
  const first = card.getByRole('listitem').first();
  await expect(first).toContainText(`Kennel ${username}`);
  await expect(first).toContainText('Plan: Annual (priority)');
  await expect(card.getByRole('listitem').filter({ hasText: from })).toContainText('Plan: No plan');
  await expectAccessible(page, 'the admin contact messages', '.contact-messages');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: shot(info, `admin-contacts-${width}.png`) });
  }
});
