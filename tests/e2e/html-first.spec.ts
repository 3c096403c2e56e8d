// The listing pages work before and without their scripts (docs/product.md §2, decision 0065): with
// JavaScript off a visitor searches, uses Find My Puppy and the filter sidebar and opens a puppy; with the
// scripts held back, what they choose before the islands wake up is still there after.
import { expect, test, type Page, waitForIslands } from '../support/test.ts';
import { DEMO, expectAccessible, loginViaApi } from '../support/e2e.ts';
import { expectEnhanced, expectNotEnhanced, holdIslandScripts } from '../support/hydration.ts';
import { expectAccessibleWithoutScripts } from '../support/no-script-axe.ts';

interface ApiPuppy {
  id: number;
  name: string;
  gender: 'Male' | 'Female';
  breed: { id: number; name: string } | null;
}

/** what /puppies shows for a query: the page's defaults (available, $500–$3,000) unless the query says otherwise */
async function expectedPuppies(page: Page, query: Record<string, string>): Promise<ApiPuppy[]> {
  const params = new URLSearchParams({ status: 'available', minPrice: '500', maxPrice: '3000', ...query });
  return (await (await page.request.get(`/api/puppies?${params}`)).json()) as ApiPuppy[];
}

const countHeading = (count: number) => `${count} ${count === 1 ? 'puppy' : 'puppies'} available`;

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  // /my-orders is rendered for its logged-in buyer (decision 0125): a visitor is sent to log in
  // (orders-no-script.spec.ts)
  test('the pages behind a login carry their heading in their HTML', async ({ page }) => {
    for (const [path, heading] of [
      ['/checkout/12', 'Checkout'],
      ['/listing-payment/12', 'Listing Payment'],
      ['/my-listings', 'My Listings'],
      // a heading that depends on who is looking starts as the island's first state (ProtectedRoute's pending)
      ['/post-puppy', 'Post a Puppy'],
      ['/edit-puppy/12', 'Edit Puppy'],
      ['/admin', 'Admin'],
      ['/checkout-success?puppyId=12', 'Confirming your order…'],
      ['/earnings', 'Earnings'],
      ['/earnings/onboarding?link=acctlink_local_x', 'Set Up Payouts (Test Mode)'],
    ]) {
      await page.goto(path!);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading!);
    }
  });

  test('the hero search box finds puppies', async ({ page }) => {
    const expected = await expectedPuppies(page, { search: 'retriever' });
    expect(expected.length).toBeGreaterThan(0);
    await page.goto('/');
    await page.getByPlaceholder('Search by breed, size, or temperament...').fill('retriever');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/puppies\?search=retriever$/);
    await expect(
      page.getByText(
        `Search results for "retriever": Found ${expected.length} ${expected.length === 1 ? 'puppy' : 'puppies'}`,
      ),
    ).toBeVisible();
    await expect(page.locator('[data-cards] article.puppy-card')).toHaveCount(Math.min(expected.length, 24));
  });

  test('Find My Puppy sends the breed, price band and location, and the list shows their puppies', async ({ page }) => {
    const expected = await expectedPuppies(page, {
      breed: 'Labrador Retriever',
      minPrice: '1000',
      maxPrice: '2000',
      location: 'northeast',
    });
    expect(expected.length).toBeGreaterThan(0);
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Find My Puppy' });
    await form.getByLabel('Breed').selectOption({ label: 'Labrador Retriever' });
    await form.getByLabel('Price range').selectOption({ label: '$1,000 – $2,000' });
    await form.getByLabel('Location').selectOption({ label: 'Northeast' });
    await form.getByRole('button', { name: 'Search Puppies' }).click();
    await expect(page).toHaveURL(
      /\/puppies\?breed=Labrador\+Retriever&location=northeast&minPrice=1000&maxPrice=2000$/,
    );
    await expect(page.getByRole('heading', { name: countHeading(expected.length) })).toBeVisible();
    await expect(page.getByLabel('Breed', { exact: true })).toHaveValue(String(expected[0]?.breed?.id ?? ''));
    await expect(page.getByLabel('Min price ($)')).toHaveValue('1000');
    await expect(page.getByLabel('Max price ($)')).toHaveValue('2000');
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Location: northeast');
    for (const line of await page.locator('.puppy-card-breed').allTextContents())
      expect(line).toMatch(/^Labrador Retriever · /);
  });

  test('the filter sidebar is a form: a filtered list, and a Details link that opens the puppy', async ({ page }) => {
    await page.goto('/puppies');
    const sidebar = page.getByRole('form', { name: 'Filter puppies' });
    await sidebar.getByLabel('Breed', { exact: true }).selectOption({ label: 'Labrador Retriever' });
    await sidebar.getByRole('radio', { name: 'Female' }).check();
    await sidebar.getByLabel('Max price ($)').fill('5000');
    await sidebar.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/gender=Female/);
    const labId = new URL(page.url()).searchParams.get('breed')!;
    const expected = await expectedPuppies(page, { breed: labId, gender: 'Female', maxPrice: '5000' });
    expect(expected.length).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { name: countHeading(expected.length) })).toBeVisible();
    for (const line of await page.locator('.puppy-card-breed').allTextContents())
      expect(line).toBe('Labrador Retriever · Female');

    const first = expected[0]!;
    await page.getByRole('link', { name: `Details about ${first.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/puppies/${first.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
    await expect(page.getByText('Labrador Retriever · Female').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Details', exact: true })).toContainText('Labrador Retriever');
  });

  test('the pager reaches every puppy, page by page to the last, and Grid/List are links (decision 0122)', async ({
    page,
  }) => {
    test.slow();
    // every status, in the default price band
    const all = (await (await page.request.get('/api/puppies?minPrice=500&maxPrice=3000')).json()) as ApiPuppy[];
    const pages = Math.ceil(all.length / 24);
    expect(pages).toBeGreaterThan(1);
    await page.goto('/puppies?status=all');
    await expect(page.getByText(`Showing 1–24 of ${all.length}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load more puppies' })).toBeHidden();
    const pager = page.getByRole('navigation', { name: 'Pages of puppies' });
    const seen = new Set<string>();
    for (let n = 1; n <= pages; n++) {
      await expect(pager.getByRole('link', { name: `Page ${n}` })).toHaveAttribute('aria-current', 'page');
      for (const name of await page.locator('[data-cards] article.puppy-card h3').allTextContents()) seen.add(name);
      if (n < pages) await pager.getByRole('link', { name: 'Next' }).click();
    }
    await expect(page).toHaveURL(new RegExp(`[?&]page=${pages}$`));
    await expect(page.getByText(`Showing ${(pages - 1) * 24 + 1}–${all.length} of ${all.length}`)).toBeVisible();
    await expect(pager.getByRole('link', { name: 'Next' })).toHaveCount(0);
    expect(seen.size).toBe(new Set(all.map((p) => p.name)).size);

    // the same page as a list, and back to the first page
    await page.getByRole('link', { name: 'List', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`view=list&page=${pages}$`));
    // the results' items, not the featured pair above them (decision 0134)
    await expect(page.locator('[data-cards] article.puppy-list-item')).toHaveCount(all.length - (pages - 1) * 24);
    await pager.getByRole('link', { name: 'Page 1' }).click();
    await expect(page.locator('[data-cards] article.puppy-list-item')).toHaveCount(24);
    await expectAccessibleWithoutScripts(page, '/puppies list', '.puppy-browser');

    // an address past the end says so and links back
    await page.goto(`/puppies?status=all&page=${pages + 5}`);
    await expect(page.getByRole('heading', { name: 'No puppies on this page' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the last page' }).click();
    await expect(page.getByText(`of ${all.length}`)).toBeVisible();
  });
});

test('Find My Puppy keeps a choice made before its script arrived', async ({ page }) => {
  const release = await holdIslandScripts(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('form', { name: 'Find My Puppy' });
  await form.getByLabel('Breed').selectOption({ label: 'Golden Retriever' });
  await form.getByLabel('Price range').selectOption({ label: '$2,000 – $3,000' });
  await form.getByLabel('Location').selectOption({ label: 'Southeast' });
  await expect(page.locator('astro-island[ssr]').first()).toBeAttached();
  release();
  await waitForIslands(page);
  await expect(form.getByLabel('Breed')).toHaveValue('Golden Retriever');
  await expect(form.getByLabel('Price range')).toHaveValue('2000-3000');
  await expect(form.getByLabel('Location')).toHaveValue('southeast');
  await form.getByRole('button', { name: 'Search Puppies' }).click();
  await expect(page).toHaveURL(/\/puppies\?breed=Golden\+Retriever&minPrice=2000&maxPrice=3000&location=southeast$/);
});

test('Back before the list script arrives shows the list the address names once it wakes', async ({ page }) => {
  const expected = await expectedPuppies(page, {});
  await page.goto('/puppies');
  const sidebar = page.getByRole('form', { name: 'Filter puppies' });
  await sidebar.getByRole('radio', { name: 'Female', exact: true }).check();
  await expect(page).toHaveURL(/gender=Female/);

  // reloaded on a slow phone; Back returns to an entry of this page, which the browser shows without loading it
  // The list's script is a module: until it arrives the page's DOMContentLoaded waits too, but its HTML
  // is all there.
  const release = await holdIslandScripts(page);
  await page.reload({ waitUntil: 'commit' });
  await expect(sidebar.getByRole('radio', { name: 'Female', exact: true })).toBeChecked();
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).not.toHaveURL(/gender=/);
  await expect(sidebar).not.toHaveAttribute('data-enhanced');
  release();
  await expect(sidebar).toHaveAttribute('data-enhanced', '');
  await expect(sidebar.getByRole('radio', { name: 'All', exact: true })).toBeChecked();
  await expect(page.getByRole('heading', { name: countHeading(expected.length) })).toBeVisible();
});

test('the filter sidebar keeps what was typed before its script arrived, and applies it', async ({ page }) => {
  const expected = await expectedPuppies(page, { search: 'retriever', gender: 'Male' });
  const release = await holdIslandScripts(page);
  await page.goto('/puppies', { waitUntil: 'commit' });
  const sidebar = page.getByRole('form', { name: 'Filter puppies' });
  await sidebar.getByLabel('Search', { exact: true }).fill('retriever');
  await sidebar.getByRole('radio', { name: 'Male', exact: true }).check();
  release();
  await expect(sidebar).toHaveAttribute('data-enhanced', '');
  await expect(page).toHaveURL(/search=retriever/);
  await expect(page).toHaveURL(/gender=Male/);
  await expect(sidebar.getByLabel('Search', { exact: true })).toHaveValue('retriever');
  await expect(sidebar.getByRole('radio', { name: 'Male', exact: true })).toBeChecked();
  await expect(page.getByRole('heading', { name: countHeading(expected.length) })).toBeVisible();
});

test('a logged-out visit to any checkout or listing-payment address goes to /auth, with the way back', async ({
  page,
}) => {
  for (const path of ['/checkout/anything', '/listing-payment/anything', '/checkout/12']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(
      new RegExp(`/auth\\?next=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
  }
});

test('the list and a puppy page are accessible at 390 px, and so is a missing puppy', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/puppies');
  await expectAccessible(page, '/puppies at 390 px');
  await page
    .locator('article.puppy-card')
    .first()
    .getByRole('link', { name: /^Details about / })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForIslands(page);
  await expectAccessible(page, 'puppy page at 390 px');
  await page.goto('/puppies/999999');
  await expectAccessible(page, 'Puppy Not Found at 390 px');
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page, 'Puppy Not Found at 1280 px');
});

test('a photo that failed before the page\'s script arrived still turns into "Image Not Available"', async ({
  page,
}) => {
  const { items } = (await (await page.request.get('/api/puppies?status=available&limit=1')).json()) as {
    items: ApiPuppy[];
  };
  await page.route('**/uploads/**', (route) => route.abort());
  await page.goto(`/puppies/${items[0]!.id}`);
  await expect(page.locator('.gallery-main').getByRole('img', { name: /Image Not Available$/ })).toBeVisible();
});

test("a logged-in visitor's puppy page says Contact Seller from its first paint, and the header never offers a login; a visitor's asks for one", async ({
  page,
}) => {
  const puppy = (await expectedPuppies(page, {}))[0]!;
  const release = await holdIslandScripts(page);
  const corner = page.locator('.header-auth');
  await page.goto(`/puppies/${puppy.id}`);
  await expect(page.getByRole('link', { name: 'Login to Contact Seller' })).toBeVisible();
  // the header's Login / Register are there before the header's script
  await expect(corner.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(corner.getByRole('link', { name: 'Register', exact: true })).toBeVisible();

  await loginViaApi(page, DEMO.buyer);
  await page.goto(`/puppies/${puppy.id}`);
  const contact = page.getByRole('link', { name: 'Contact Seller', exact: true });
  await expect(contact).toBeVisible();
  await expectNotEnhanced(page.locator('[data-puppy-page]'));
  await expect(page.getByRole('link', { name: 'Login to Contact Seller' })).toHaveCount(0);
  await expect(corner.getByRole('link', { name: 'Login', exact: true })).toBeHidden();
  release();
  await expectEnhanced(page.locator('[data-puppy-page]'));
  await expect(page.locator('.header-auth [aria-busy="true"]')).toHaveCount(0);
  await expect(corner.getByText(`Hi, ${DEMO.buyer.username}`)).toBeVisible();
  await expect(contact).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login to Contact Seller' })).toHaveCount(0);
});
