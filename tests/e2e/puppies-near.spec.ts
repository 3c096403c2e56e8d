// "Puppies near me" on /puppies (decision 0129): a family types a ZIP code, narrows to 100 miles, sorts by
// distance and reads "~N mi away" on the cards, with the list's script and with JavaScript off; a ZIP
// nobody knows is a message by the field; "Use my location" fills the ZIP from a rounded position.
import { expect, test, type Page } from '../support/test.ts';
import { expectAccessible } from '../support/e2e.ts';
import { expectAccessibleWithoutScripts } from '../support/no-script-axe.ts';

interface ApiPuppy {
  name: string;
  zip: string | null;
  distanceMiles?: number;
}

/** the page's defaults (available, $500–$3,000) with a query, as GET /api/puppies answers them */
async function apiList(page: Page, query: Record<string, string>): Promise<ApiPuppy[]> {
  const params = new URLSearchParams({ status: 'available', minPrice: '500', maxPrice: '3000', ...query });
  return (await (await page.request.get(`/api/puppies?${params}`)).json()) as ApiPuppy[];
}

/** a ZIP with a puppy the page's first view lists: the demo seed's towns are spread over the country */
async function aListedZip(page: Page): Promise<string> {
  const listed = await apiList(page, {});
  return listed.find((p) => p.zip)!.zip!;
}

const distances = (page: Page) =>
  page.locator('[data-cards] article.puppy-card .puppy-card-distance [aria-hidden="true"]');

async function expectNearestFirst(page: Page, expected: ApiPuppy[]): Promise<void> {
  await expect(page.locator('[data-cards] article.puppy-card')).toHaveCount(Math.min(expected.length, 24));
  await expect(distances(page).first()).toHaveText(`~${expected[0]!.distanceMiles} mi away`);
  const shown = (await distances(page).allTextContents()).map((text) => Number(/^~(\d+) mi away$/.exec(text)![1]));
  expect(shown).toEqual(expected.slice(0, 24).map((p) => p.distanceMiles));
  expect(shown.every((miles) => miles <= 100)).toBe(true);
}

test('with the script: a ZIP, 100 miles and the nearest first, kept in the address, a chip removes it', async ({
  page,
}) => {
  const zip = await aListedZip(page);
  const expected = await apiList(page, { near: zip, within: '100', sort: 'distance' });
  expect(expected.length).toBeGreaterThan(0);

  await page.goto('/puppies');
  const form = page.getByRole('form', { name: 'Filter puppies' });
  await expect(form).toHaveAttribute('data-enhanced', '');
  await form.getByLabel('ZIP code').fill(zip);
  await expect(page).toHaveURL(new RegExp(`near=${zip}`));
  await expect(distances(page).first()).toHaveText(/^~\d+ mi away$/);
  await form.getByLabel('Within').selectOption({ label: '100 miles' });
  await expect(page).toHaveURL(/within=100/);
  await page.getByLabel('Sort by').selectOption({ label: 'Nearest first' });
  await expect(page).toHaveURL(/sort=distance/);
  await expectNearestFirst(page, expected);
  const chip = page.getByRole('list', { name: 'Active filters' }).getByText(`Within 100 mi of ${zip}`);
  await expect(chip).toBeVisible();
  await expectAccessible(page, '/puppies near a ZIP');

  // a reload shows the same list from the address
  await page.reload();
  await expect(form.getByLabel('ZIP code')).toHaveValue(zip);
  await expectNearestFirst(page, expected);

  // the chip takes the ZIP, the radius and the distance sort away together
  await page.getByRole('link', { name: `Remove Within 100 mi of ${zip}` }).click();
  await expect(page).not.toHaveURL(/near=/);
  await expect(form.getByLabel('ZIP code')).toHaveValue('');
  await expect(distances(page)).toHaveCount(0);
  await expect(page.getByLabel('Sort by')).toHaveValue('newest');

  // a ZIP nobody knows: the message by the field, and the list at any distance, never an empty one
  await form.getByLabel('ZIP code').fill('00000');
  await expect(form.getByText('We could not find the ZIP code 00000. Please check it.')).toBeVisible();
  await expect(form.getByLabel('ZIP code')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('article.puppy-card').first()).toBeVisible();
});

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('the filter form sends the ZIP, the radius and the sort, and the cards say how far', async ({ page }) => {
    const zip = await aListedZip(page);
    const expected = await apiList(page, { near: zip, within: '100', sort: 'distance' });

    await page.goto('/puppies');
    const form = page.getByRole('form', { name: 'Filter puppies' });
    // "Use my location" needs the script
    await expect(form.getByRole('button', { name: 'Use my location' })).toBeHidden();
    await form.getByLabel('ZIP code').fill(zip);
    await form.getByLabel('Within').selectOption({ label: '100 miles' });
    await page.getByLabel('Sort by').selectOption({ label: 'Nearest first' });
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(new RegExp(`near=${zip}.*within=100.*sort=distance|within=100.*near=${zip}`));
    await expect(page).toHaveURL(/sort=distance/);
    await expectNearestFirst(page, expected);
    await expectAccessibleWithoutScripts(page, '/puppies near a ZIP, no scripts');

    await form.getByLabel('ZIP code').fill('00000');
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await expect(form.getByText('We could not find the ZIP code 00000. Please check it.')).toBeVisible();
    await expect(page.locator('article.puppy-card').first()).toBeVisible();

    // a radius without a ZIP is a message too
    await page.goto('/puppies?within=100');
    await expect(form.getByText('Enter a ZIP code to search by distance')).toBeVisible();
  });
});

test.describe('"Use my location"', () => {
  test.use({ geolocation: { latitude: 39.7392, longitude: -104.9903 }, permissions: ['geolocation'] });

  test('fills the ZIP nearest the position, which leaves the page rounded to one decimal place', async ({ page }) => {
    await page.goto('/puppies');
    const form = page.getByRole('form', { name: 'Filter puppies' });
    await expect(form).toHaveAttribute('data-enhanced', '');
    const lookup = page.waitForRequest((request) => request.url().includes('/api/zips/nearest'));
    await form.getByRole('button', { name: 'Use my location' }).click();
    expect(new URL((await lookup).url()).search).toBe('?lat=39.7&lon=-105.0');
    await expect(form.getByLabel('ZIP code')).toHaveValue(/^80\d{3}$/);
    await expect(page).toHaveURL(/near=80\d{3}/);
    await expect(distances(page).first()).toHaveText(/^~\d+ mi away$/);
  });
});
