import { expect, test } from '../support/test.ts';
import { expectAccessible } from '../support/e2e.ts';

test('the home page is pre-rendered with the hero and the FAQ from content/', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  // Pre-rendered: the words are in the HTML before any script runs.
  expect(html).toContain('Find Your Perfect Puppy Companion');
  expect(html).toContain('How do I contact a breeder?');

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find Your Perfect Puppy Companion');
  // the hero's link (the closing call to action has one too)
  await expect(page.getByRole('link', { name: 'Browse Puppies' }).first()).toHaveAttribute('href', '/puppies');
  // axe reads the home page in content-pages.spec.ts (at 1280 and 390 px)
});

test('/puppies lists puppies in its HTML and a card leads to its detail page', async ({ page }) => {
  await page.goto('/puppies');
  const cards = page.locator('article.puppy-card');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(20);
  const name = (await cards.first().locator('h3').textContent())!;
  await cards
    .first()
    .getByRole('link', { name: /Details/ })
    .click();
  await expect(page).toHaveURL(/\/puppies\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Available Now')).toBeVisible();
  // axe reads a puppy page in listings-browse.spec.ts and, at 390 px, in html-first.spec.ts
});

test("an anonymous visitor's pages log no errors and do not ask for a session", async ({ page }) => {
  const errors: string[] = [];
  const userCalls: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/user') userCalls.push(request.url());
  });
  for (const path of ['/', '/puppies', '/auth', '/sellers', '/contact', '/donate']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(errors).toEqual([]);
  expect(userCalls).toEqual([]);
});

test('an unknown puppy id is the "Puppy Not Found" page with status 404', async ({ page, request }) => {
  const response = await request.get('/puppies/unknown');
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('Puppy Not Found');
  expect((await page.goto('/puppies/999999'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Puppy Not Found' })).toBeVisible();
});

test('an unknown path is the 404 page with status 404', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expectAccessible(page, '404');
});

test('the API and uploads are served by the same process', async ({ request }) => {
  const puppies = await (await request.get('/api/puppies')).json();
  expect(puppies.length).toBeGreaterThanOrEqual(60);
  const image = await request.get(puppies[0].imageUrl);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/webp');
  const api404 = await request.get('/api/nope');
  expect(api404.status()).toBe(404);
  expect((await api404.json()).error.code).toBe('not_found');
});
