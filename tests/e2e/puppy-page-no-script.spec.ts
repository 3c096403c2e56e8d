// The puppy page works with JavaScript off (docs/decisions/0124, docs/product.md §2): its sections read in
// order under their headings, Contact Seller is a link the server answers (login first, the family's
// conversation, or the form), the inquiry is a real form that lands on the conversation, and a reserved
// puppy says "Currently Not Available" once. With the scripts held back, what was typed into the form is
// kept when the island wakes up, and the dialog's page still sends it.
import { expect, test, type Page } from '../support/test.ts';
import { expectAccessible, uniqueName } from '../support/e2e.ts';
import { expectEnhanced, expectNotEnhanced, holdIslandScripts } from '../support/hydration.ts';

interface ApiPuppy {
  id: number;
  name: string;
  location: string;
  status: string;
}

async function publicPuppy(page: Page, status: 'available' | 'reserved'): Promise<ApiPuppy> {
  const { items } = (await (await page.request.get(`/api/puppies?status=${status}&limit=10`)).json()) as {
    items: ApiPuppy[];
  };
  expect(items.length, `a ${status} puppy`).toBeGreaterThan(0);
  return items[0]!;
}

/** a family of its own, logged in through the API (the cookie lands in the page's context) */
async function newFamily(page: Page): Promise<string> {
  const username = uniqueName('family');
  const response = await page.request.post('/api/register', {
    data: {
      username,
      email: `${username}@example.com`,
      password: 'a-good-long-password',
      accountType: 'buyer',
      confirmAdult: true,
    },
  });
  expect(response.ok(), `registering ${username}`).toBe(true);
  return username;
}

const inquiryForm = (page: Page, name: string) =>
  page.getByRole('region', { name: `Ask the breeder about ${name}` }).getByRole('form');

async function fillInquiry(page: Page, name: string, message: string): Promise<void> {
  const form = inquiryForm(page, name);
  await form.getByLabel('Your name').fill('Robin Early');
  await form.getByLabel('Email').fill('robin.early@example.com');
  await form.getByLabel('Phone').fill('555-010-2000');
  await form.getByLabel('Message').fill(message);
}

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor reads every section in order, and Contact Seller sends them to log in and back', async ({ page }) => {
    const puppy = await publicPuppy(page, 'available');
    await page.goto(`/puppies/${puppy.id}`);
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    const at = (text: string) => headings.indexOf(text);
    expect(at('Details')).toBeGreaterThan(at(`About ${puppy.name}`));
    expect(at('Health & Care')).toBeGreaterThan(at('Details'));
    expect(at('About the Breeder')).toBeGreaterThan(at('Health & Care'));
    expect(at(`Ask the breeder about ${puppy.name}`)).toBeGreaterThan(at('About the Breeder'));
    await expect(page.getByRole('region', { name: 'Details', exact: true })).toContainText(puppy.location);
    await expect(page.getByRole('region', { name: 'Health & Care' })).toContainText('4 meals a day at 6–12 weeks');
    await expect(page.getByRole('region', { name: 'Health & Care' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'About the Breeder' })).toContainText(
      'we hold your payment until the puppy is handed over',
    );
    await expect(page.getByRole('tab')).toHaveCount(0);

    // Contact Seller: the server asks for a login and keeps the way back
    await page.getByRole('link', { name: 'Login to Contact Seller' }).click();
    await expect(page).toHaveURL(new RegExp(`/auth\\?next=${encodeURIComponent(`/puppies/${puppy.id}`)}$`));
    // the login page itself needs its script (not this page's work): the family logs in through the API
    // and follows the page's `next`
    const next = new URL(page.url()).searchParams.get('next')!;
    await newFamily(page);
    await page.goto(next);
    await expect(page.getByRole('heading', { level: 1, name: puppy.name })).toBeVisible();
    // logged in, the same link leads to the inquiry form (no conversation yet)
    await page.getByRole('link', { name: /Contact Seller$/ }).click();
    await expect(page).toHaveURL(new RegExp(`/puppies/${puppy.id}#inquire$`));
    await expect(inquiryForm(page, puppy.name).getByLabel('Message')).toBeVisible();
  });

  test('a logged-in family sends an inquiry by the form and lands on the conversation; a bad one comes back with a message', async ({
    page,
  }) => {
    const puppy = await publicPuppy(page, 'available');
    await newFamily(page);
    await page.goto(`/puppies/${puppy.id}`);

    // an empty message comes back to the form with the spec's words, and nothing is sent
    await fillInquiry(page, puppy.name, '');
    await inquiryForm(page, puppy.name).getByRole('button', { name: 'Send Inquiry' }).click();
    await expect(page).toHaveURL(new RegExp(`/puppies/${puppy.id}\\?error=inquiry_fields#inquire$`));
    await expect(
      page.getByRole('region', { name: `Ask the breeder about ${puppy.name}` }).getByRole('alert'),
    ).toHaveText('Please fill out all fields');
    const none = (await (await page.request.get('/api/conversations')).json()) as { conversations: unknown[] };
    expect(none.conversations).toHaveLength(0);

    const message = `Is ${puppy.name} still available? We could visit on Saturday.`;
    await fillInquiry(page, puppy.name, message);
    await inquiryForm(page, puppy.name).getByRole('button', { name: 'Send Inquiry' }).click();
    await expect(page).toHaveURL(/\/messages\/\d+$/);
    const conversation = page.url();
    await expect(page.getByText(message)).toBeVisible();

    // Contact Seller now leads to that conversation
    await page.goto(`/puppies/${puppy.id}`);
    await page.getByRole('link', { name: /Contact Seller$/ }).click();
    await expect(page).toHaveURL(conversation);
  });

  test('a reserved puppy says Currently Not Available once, and its breeder can still be messaged', async ({
    page,
  }) => {
    const puppy = await publicPuppy(page, 'reserved');
    await page.goto(`/puppies/${puppy.id}`);
    await expect(page.getByText('Currently Not Available', { exact: true })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Currently Not Available' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Buy Now' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Message the Breeder' }).click();
    await expect(page).toHaveURL(/\/auth\?next=/);
  });
});

test('an inquiry typed before the page wakes up is kept and sent', async ({ page }) => {
  const puppy = await publicPuppy(page, 'available');
  await newFamily(page);
  const release = await holdIslandScripts(page);
  await page.goto(`/puppies/${puppy.id}`, { waitUntil: 'commit' });
  const form = inquiryForm(page, puppy.name);
  const message = `Typed before the page woke up: does ${puppy.name} like cats?`;
  await fillInquiry(page, puppy.name, message);
  await expectNotEnhanced(page.locator('[data-puppy-page]'));

  release();
  await expectEnhanced(page.locator('[data-puppy-page]'));
  await expect(form.getByLabel('Your name')).toHaveValue('Robin Early');
  await expect(form.getByLabel('Phone')).toHaveValue('555-010-2000');
  await expect(form.getByLabel('Message')).toHaveValue(message);
  await form.getByRole('button', { name: 'Send Inquiry' }).click();
  await expect(page.getByText('Message Sent!')).toBeVisible();
  const { conversations } = (await (await page.request.get('/api/conversations')).json()) as {
    conversations: Array<{ puppy: { id: number } | null; lastMessage: { body: string } | null }>;
  };
  expect(conversations.map((c) => [c.puppy?.id, c.lastMessage?.body])).toEqual([[puppy.id, message]]);
});

// axe runs as a script in the page: the page is checked as its server HTML, its island scripts held back.
test('the puppy page without its scripts is accessible at 1280 and 390 px, available and reserved', async ({
  page,
}) => {
  const puppies = [await publicPuppy(page, 'available'), await publicPuppy(page, 'reserved')];
  const release = await holdIslandScripts(page);
  for (const puppy of puppies) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/puppies/${puppy.id}`);
      await expect(page.getByRole('heading', { level: 1, name: puppy.name })).toBeVisible();
      await expectNotEnhanced(page.locator('[data-puppy-page]'));
      await expectAccessible(page, `${puppy.status} puppy page without scripts at ${width} px`);
    }
  }
  release();
});
