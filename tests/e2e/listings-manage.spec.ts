// A seller posts, sees, edits and deletes a listing (docs/product.md §2, §5), with the form's rules,
// the upload states, My Listings' tabs, empty states and visibility, and who may post or edit.
import sharp from 'sharp';
import { expect, test, type Page } from '../support/test.ts';
import { DEMO, expectAccessible, loginViaApi, registerViaUi, uniqueName } from '../support/e2e.ts';

async function picture(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();
}
/** the first bytes of an MP4 ("ftyp" box): accepted by the server, not playable by a browser */
const FAKE_MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom', 'latin1'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isommp41', 'latin1'),
  Buffer.alloc(4096, 1),
]);

interface OwnPuppy {
  id: number;
  name: string;
  imageUrl: string;
  imageUrls: string[];
  videoUrl: string | null;
  price: number;
  status: string;
  listingStatus: string;
}

const ownPuppy = async (page: Page, id: number) =>
  (await (await page.request.get(`/api/puppies/${id}`)).json()) as OwnPuppy;

test('a seller posts a puppy with two images and a video, sees it in My Listings, edits it and deletes it', async ({
  page,
}) => {
  test.slow(); // the longest journey of the suite: three uploads, four pages
  await registerViaUi(page, { accountType: 'seller' });
  const name = uniqueName('Biscuit');
  await page.goto('/post-puppy');
  await expect(page.getByRole('heading', { level: 1, name: 'Post a Puppy' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Post a Puppy' });

  // every rule of docs/product.md §5, with its message
  await form.getByRole('button', { name: 'Post Puppy' }).click();
  for (const message of [
    'Name is required',
    'Breed is required',
    'Gender is required',
    'Age must be at least 1 week',
    'Weight must be greater than 0',
    'Price must be greater than 0',
    'Description should be at least 10 characters',
    'Location is required',
    'Primary puppy image is required',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await form.getByLabel('Video URL').fill('not a link');
  await form.getByLabel('Description').fill('Too short');
  await form.getByRole('button', { name: 'Post Puppy' }).click();
  await expect(form.getByText('Please enter a valid URL for the video')).toBeVisible();
  await expect(form.getByText('Description should be at least 10 characters')).toBeVisible();
  await expectAccessible(page, '/post-puppy with errors');

  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Breed', { exact: true }).selectOption({ label: 'Golden Retriever' });
  await form.getByRole('radio', { name: 'Male', exact: true }).check();
  await form.getByLabel('Age (weeks)').fill('10');
  await form.getByLabel('Weight (lbs)').fill('14.5');
  await form.getByLabel('Price ($)').fill('1800');
  await form.getByRole('checkbox', { name: 'Golden' }).check();
  await form.getByRole('checkbox', { name: 'Cream' }).check();
  await form.getByLabel('Description').fill('A cheerful, healthy boy who loves belly rubs and long naps.');
  await form.getByLabel('Location').fill('Portland, OR');
  await form.getByLabel('ZIP code').fill('97201');
  await form.getByLabel('Video URL').fill('');
  await form
    .getByLabel('Primary image')
    .setInputFiles({ name: 'main.jpg', mimeType: 'image/jpeg', buffer: await picture(220, 170, 90) });
  await expect(form.getByRole('img', { name: 'Main photo preview' })).toBeVisible();
  await form
    .getByLabel('Add additional images')
    .setInputFiles({ name: 'second.jpg', mimeType: 'image/jpeg', buffer: await picture(90, 140, 220) });
  await expect(form.getByRole('img', { name: 'Additional image 1' })).toBeVisible();
  await form.getByLabel('Upload a video').setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: FAKE_MP4 });
  await expect(form.getByText('clip.mp4 will upload when you save.')).toBeVisible();

  // the video uploads on submit, with a progress bar while it does
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/upload/video', async (route) => {
    await held;
    await route.continue();
  });
  await form.getByRole('button', { name: 'Post Puppy' }).click();
  await expect(page.getByRole('progressbar', { name: 'Uploading clip.mp4' })).toBeVisible();
  release();

  // no plan: the new listing is a draft that needs its fee
  await expect(page).toHaveURL(/\/listing-payment\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const posted = await ownPuppy(page, id);
  expect(posted).toMatchObject({ name, price: 1800, listingStatus: 'draft', status: 'available' });
  expect(posted.imageUrl).toMatch(/^\/uploads\/images\/[a-f0-9]{32}\.webp$/);
  expect(posted.imageUrls).toHaveLength(1);
  expect(posted.videoUrl).toMatch(/^\/uploads\/videos\/[a-f0-9]{32}\.mp4$/);

  // My Listings shows it as a draft with the action it needs
  await page.goto('/my-listings');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(row).toContainText('Draft');
  await expect(row.getByRole('link', { name: `Pay listing fee for ${name}` })).toHaveAttribute(
    'href',
    `/listing-payment/${id}`,
  );
  await expect(page.getByRole('tab', { name: 'All (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Available (1)' })).toBeVisible();
  await expectAccessible(page, '/my-listings with a draft');

  // the owner previews the draft's page (View is for public pages: decision 0134), its failing video text and Edit Listing
  await row.getByRole('link', { name: `Preview ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('This listing is a draft')).toBeVisible();
  await expect(page.getByText('Sorry, there was an error loading this video.')).toBeVisible();
  await page.getByRole('link', { name: 'Edit Listing' }).click();

  // edit: swap the main image, delete the video, undo, delete again, save
  await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible();
  const edit = page.getByRole('form', { name: 'Edit Puppy' });
  await expect(edit.getByLabel('Name')).toHaveValue(name);
  await expect(edit.getByText('Videos under 50MB. Formats: MP4, MOV, WEBM.')).toBeVisible();
  await edit.getByRole('button', { name: 'Make main photo from additional image 1' }).click();
  await expect(edit.getByRole('img', { name: 'Main photo preview' })).toHaveAttribute('src', posted.imageUrls[0]!);
  await edit.getByRole('button', { name: 'Delete video' }).click();
  await expect(edit.getByText('The video will be removed when you save.')).toBeVisible();
  await edit.getByRole('button', { name: 'Undo' }).click();
  await expect(edit.getByText('The video will be removed when you save.')).toBeHidden();
  await expect(edit.getByRole('button', { name: 'Delete video' })).toBeVisible();
  // nothing changes until the form is saved
  expect((await ownPuppy(page, id)).videoUrl).toBe(posted.videoUrl);
  await edit.getByRole('button', { name: 'Delete video' }).click();
  await edit.getByLabel('Price ($)').fill('2100');
  await edit.getByLabel('Status').selectOption('reserved');
  await expectAccessible(page, '/edit-puppy');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page).toHaveURL(/\/my-listings$/);
  await expect(page.getByText('Listing Updated')).toBeVisible();

  const edited = await ownPuppy(page, id);
  expect(edited).toMatchObject({
    imageUrl: posted.imageUrls[0],
    imageUrls: [posted.imageUrl],
    videoUrl: null,
    price: 2100,
    status: 'reserved',
  });
  await expect(page.getByRole('tab', { name: 'Reserved (1)' })).toBeVisible();

  // delete, with a confirmation
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'delete confirmation');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await confirm.getByRole('button', { name: 'Delete listing' }).click();
  await expect(page.getByText('Listing Deleted')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Puppies Listed Yet' })).toBeVisible();
  expect((await page.request.get(`/api/puppies/${id}`)).status()).toBe(404);
});

test('the image rules: type by content, at most 5 additional images, and the upload error toasts', async ({ page }) => {
  await registerViaUi(page, { accountType: 'seller' });
  await page.goto('/post-puppy');
  const form = page.getByRole('form', { name: 'Post a Puppy' });
  await form.getByLabel('Primary image').setInputFiles({
    name: 'puppy.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('<html><body>not a picture</body></html>'),
  });
  await expect(page.getByText('Upload Failed')).toBeVisible();
  await expect(page.getByText('Only JPEG, PNG, WebP and AVIF images can be uploaded.')).toBeVisible();
  await expect(form.getByRole('img', { name: 'Main photo preview' })).toHaveCount(0);

  const six = await Promise.all(
    [0, 1, 2, 3, 4, 5].map(async (i) => ({
      name: `p${i}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await picture(40 * i, 100, 150),
    })),
  );
  await form.getByLabel('Add additional images').setInputFiles(six);
  await expect(form.getByText('You can only upload up to 5 additional images.')).toBeVisible();
  await expect(form.getByRole('list', { name: 'Additional images' })).toHaveCount(0);
  await form.getByLabel('Add additional images').setInputFiles(six.slice(0, 5));
  await expect(form.getByRole('img', { name: 'Additional image 5' })).toBeVisible();
  await expect(form.getByLabel('Add additional images')).toBeDisabled();
  await form.getByRole('button', { name: 'Remove additional image 2' }).click();
  await expect(form.getByRole('img', { name: /Additional image/ })).toHaveCount(4);
  await expect(form.getByLabel('Add additional images')).toBeEnabled();

  await page.route('**/api/upload/image', (route) =>
    route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
  );
  await form.getByLabel('Primary image').setInputFiles(six[0]!);
  await expect(page.getByText('Failed to upload image. Please try again.')).toBeVisible();
  await page.route('**/api/upload/image', (route) =>
    route.fulfill({ status: 201, contentType: 'application/json', body: '{"success":true}' }),
  );
  await form.getByLabel('Add additional images').setInputFiles(six[1]!);
  await expect(page.getByText('Media upload failed')).toBeVisible();
});

test('My Listings: tabs with counts, empty states and hints, visibility and the payment alert', async ({ page }) => {
  await registerViaUi(page, { accountType: 'seller' });
  await page.goto('/my-listings?payment=success&puppyId=1');
  await expect(
    page.getByText('Payment successful! Your puppy listing is now active and visible to potential buyers.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Puppies Listed Yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Post a Puppy' }).last()).toHaveAttribute('href', '/post-puppy');
  for (const [tab, empty] of [
    ['Available (0)', 'No Available Puppies'],
    ['Reserved (0)', 'No Reserved Puppies'],
    ['Adopted (0)', 'No Adopted Puppies'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('heading', { name: empty })).toBeVisible();
  }
  await page.getByRole('tab', { name: 'Reserved (0)' }).click();
  await expect(page.getByText('Reserved means a deposit was accepted')).toBeVisible();
  await page.getByRole('tab', { name: 'Reserved (0)' }).press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Adopted (0)' })).toBeFocused();
  await expect(page.getByText('Adopted means the puppy went home with its new family.')).toBeVisible();
  await expectAccessible(page, '/my-listings empty');

  // the demo seller has public, draft and expired listings, each with what it needs
  await page.context().clearCookies();
  await loginViaApi(page, DEMO.seller, '/my-listings');
  const expired = page.getByRole('listitem').filter({ hasText: 'Expired' }).first();
  await expect(expired.getByRole('link', { name: /^Renew / })).toHaveAttribute('href', /^\/listing-payment\/\d+$/);
  const draft = page.getByRole('listitem').filter({ hasText: 'Draft' }).first();
  await expect(draft.getByRole('link', { name: /^Pay listing fee/ })).toBeVisible();
  // its badge says Draft (beside the "Draft: not visible to buyers" line), never "Available Now"
  await expect(draft.getByText('Draft', { exact: true })).toHaveCount(2);
  await expect(draft.getByText('Available Now')).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: 'Active until' }).first()).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Reserved \([1-9]\d*\)$/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Adopted \([1-9]\d*\)$/ })).toBeVisible();

  // a failed delete shows the server's message
  await page.route('**/api/puppies/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: '{"error":{"code":"conflict","message":"This puppy has a paid order."}}',
        })
      : route.continue(),
  );
  await page
    .getByRole('button', { name: /^Delete / })
    .first()
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete listing' }).click();
  await expect(page.getByText('This puppy has a paid order.')).toBeVisible();
});

test('only sellers post, only owners edit, and unknown listings are "Puppy not found"', async ({ page }) => {
  await loginViaApi(page, DEMO.buyer, '/post-puppy');
  await expect(page.getByText('Only seller accounts can list puppies.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Become a Seller' }).last()).toHaveAttribute('href', '/sellers');
  await expectAccessible(page, '/post-puppy as a buyer');

  await page.goto('/edit-puppy/999999');
  await expect(page.getByRole('heading', { name: 'Puppy not found' })).toBeVisible();
  const someone = ((await (await page.request.get('/api/puppies')).json()) as OwnPuppy[])[0]!;
  await page.goto(`/edit-puppy/${someone.id}`);
  await expect(page.getByText('You can only edit your own listings.')).toBeVisible();
  await expectAccessible(page, '/edit-puppy of someone else');
});
