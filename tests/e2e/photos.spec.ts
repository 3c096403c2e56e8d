// A puppy photo that cannot load (docs/product.md §2): its frame shows a placeholder of the frame's size
// with "Image Not Available" in the middle, on cards, list items, the detail gallery and its thumbnails,
// and no broken-image icon is left anywhere.
import { expect, test, type Locator, type Page } from '../support/test.ts';
import { expectAccessible } from '../support/e2e.ts';

interface Listed {
  id: number;
  name: string;
  imageUrls: string[];
}

/** every uploaded photo answers 404, as a removed or unreachable upload does */
async function photosFail(page: Page) {
  await page.route('**/uploads/**', (route) =>
    route.request().resourceType() === 'image' ? route.fulfill({ status: 404, body: '' }) : route.continue(),
  );
}

/** images the browser shows as broken: finished loading without a picture */
async function brokenImages(page: Page): Promise<number> {
  return page.evaluate(() => [...document.images].filter((image) => image.complete && image.naturalWidth === 0).length);
}

/** the placeholder spans its frame's width at the photo's 4:3, with the words in its middle */
async function expectFillsFrame(placeholder: Locator, frame: Locator) {
  const box = (await placeholder.boundingBox())!;
  const frameBox = (await frame.boundingBox())!;
  expect(Math.abs(box.width - frameBox.width)).toBeLessThan(3);
  expect(Math.abs(box.height - (box.width * 3) / 4)).toBeLessThan(3);
  const words = (await placeholder.getByText('Image Not Available').boundingBox())!;
  expect(Math.abs(words.x + words.width / 2 - (box.x + box.width / 2))).toBeLessThan(3);
  expect(Math.abs(words.y + words.height / 2 - (box.y + box.height / 2))).toBeLessThan(box.height / 4);
}

test('cards and list items show a placeholder in the photo frame when the photo fails', async ({ page }) => {
  test.slow();
  await photosFail(page);
  await page.goto('/puppies');
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: /^Details about / }) })
    .first();
  const placeholder = card.getByRole('img', { name: /: Image Not Available$/ });
  await expect(placeholder).toBeVisible();
  await expectFillsFrame(placeholder, card);
  await expect.poll(() => brokenImages(page)).toBe(0);
  await expectAccessible(page, '/puppies without photos');

  await page.getByRole('link', { name: 'List', exact: true }).click();
  const item = page
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: /^View Details about / }) })
    .first();
  await expect(item.getByRole('img', { name: /: Image Not Available$/ })).toBeVisible();
  await expect.poll(() => brokenImages(page)).toBe(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('link', { name: 'Grid', exact: true }).click();
  await expectFillsFrame(placeholder, card);
  await expectAccessible(page, '/puppies without photos at 390 px');
});

test('the detail gallery and its thumbnails show placeholders, never a broken image', async ({ page, request }) => {
  test.slow();
  const { items } = (await (await request.get('/api/puppies?limit=50')).json()) as { items: Listed[] };
  const puppy = items.find((candidate) => candidate.imageUrls.length >= 2)!;
  await photosFail(page);
  await page.goto(`/puppies/${puppy.id}`);
  const gallery = page.getByRole('region', { name: `Photos of ${puppy.name}` });
  const main = gallery.getByRole('img', { name: /: Image Not Available$/ });
  await expect(main).toBeVisible();
  await expectFillsFrame(main, gallery.getByRole('img', { name: /: Image Not Available$/ }).locator('..'));

  const thumbnails = gallery.getByRole('button', { name: /^Show photo \d of \d$/ });
  await expect(thumbnails).toHaveCount(puppy.imageUrls.length + 1);
  for (const thumbnail of await thumbnails.all()) await expect(thumbnail.locator('img')).toHaveCount(0);
  await expect.poll(() => brokenImages(page)).toBe(0);

  await gallery.getByRole('button', { name: 'Next photo' }).click();
  await expect(gallery.getByText(`Photo 2 of ${puppy.imageUrls.length + 1}`)).toBeVisible();
  await expect(gallery.getByRole('img', { name: /photo 2 of \d: Image Not Available$/ })).toBeVisible();
  await expectAccessible(page, 'puppy page without photos');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, 'puppy page without photos at 390 px');
});
