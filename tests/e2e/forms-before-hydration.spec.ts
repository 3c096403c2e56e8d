// Nothing typed before an island wakes up is lost (docs/product.md §2, decision 0099): the forms are real
// forms in the page's HTML, so a person types while the scripts are still on their way; the island then
// starts from what is in its fields. The scripts are held back, the person types and chooses, the scripts are
// released, and the person goes on.
import { expect, test } from '../support/test.ts';
import { DEMO, loginViaApi, uniqueName } from '../support/e2e.ts';
import { expectHydrated, expectNotHydrated, holdIslandScripts } from '../support/hydration.ts';

test('a donor types name and email before the form wakes up, picks $50 and donates', async ({ page, request }) => {
  test.slow();
  const release = await holdIslandScripts(page);
  await page.goto('/donate', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Donation' });
  const email = `${uniqueName('early')}@example.com`;
  await form.getByLabel('Your name').fill('Robin Early');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Message (optional)').fill('Typed before the page woke up');
  await expectNotHydrated(page, form);

  release();
  await expectHydrated(page, form);
  await form.getByRole('radio', { name: '$50', exact: true }).check();
  await expect(form.getByLabel('Your name')).toHaveValue('Robin Early');
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await expect(form.getByLabel('Message (optional)')).toHaveValue('Typed before the page woke up');

  await form.getByLabel('Card number').fill('4242 4242 4242 4242');
  await form.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
  await form.getByLabel('CVC').fill('123');
  await form.getByLabel('ZIP').fill('94107');
  await form.getByRole('button', { name: 'Donate $50' }).click();
  await expect(page.getByText('Thank You for Your Donation!')).toBeVisible();
  await expect(page.getByText('Your gift of $50 helps rescued puppies find loving homes.')).toBeVisible();
  const outbox = (await (await request.get('/api/dev/outbox')).json()) as { to: string; text: string }[];
  expect(outbox.find((message) => message.to === email)?.text).toContain('$50.00');
});

test('a donor who picks an amount and ticks anonymous before the form wakes up keeps both', async ({ page }) => {
  const release = await holdIslandScripts(page);
  await page.goto('/donate', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Donation' });
  await form.getByRole('radio', { name: '$100', exact: true }).check();
  await form.getByLabel('Make my donation anonymous').check();
  await form.getByLabel('Your name').fill('Sam Quiet');
  await expectNotHydrated(page, form);

  release();
  await expectHydrated(page, form);
  await expect(form.getByRole('button', { name: 'Donate $100' })).toBeVisible();
  await form.getByLabel('Email').fill('sam@example.com');
  await expect(form.getByRole('radio', { name: '$100', exact: true })).toBeChecked();
  await expect(form.getByLabel('Make my donation anonymous')).toBeChecked();
  await expect(form.getByLabel('Your name')).toHaveValue('Sam Quiet');
});

test('a message typed before the contact form wakes up is sent whole', async ({ page }) => {
  const release = await holdIslandScripts(page);
  await page.goto('/contact', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Casey Early');
  await form.getByRole('textbox', { name: 'Email' }).fill('casey@example.com');
  await form.getByRole('textbox', { name: 'Phone' }).fill('(555) 010-4000');
  await form.getByRole('textbox', { name: 'Message' }).fill('Do you ship puppies to Alaska?');
  await expectNotHydrated(page, form);
  // Sending waits for the island: the button only works once it is awake.
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeDisabled();

  release();
  await expectHydrated(page, form);
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('Casey Early');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText("Thank you for contacting us. We'll get back to you soon!")).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue('');
});

test('a login typed before the page wakes up logs in', async ({ page }) => {
  const release = await holdIslandScripts(page);
  await page.goto('/auth', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill(DEMO.buyer.username);
  await form.getByLabel('Password').fill(DEMO.buyer.password);
  await expectNotHydrated(page, form);

  release();
  await expectHydrated(page, form);
  await form.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname !== '/auth');
  await expect(page.getByText(`Hi, ${DEMO.buyer.username}`)).toBeVisible();
});

test('a reply and a report started before the conversation page wakes up are kept and sent', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  // a conversation of the demo buyer with the demo seller, who has answered: a logged-in inquiry starts it
  const puppies = (await (await request.get('/api/puppies?status=available&limit=100')).json()) as {
    items: Array<{ id: number; userId: number }>;
  };
  const seller = await playwright.request.newContext({ baseURL });
  const sellerLogin = await seller.post('/api/login', { data: DEMO.seller });
  const sellerId = ((await sellerLogin.json()) as { id: number }).id;
  const puppy = puppies.items.find((p) => p.userId === sellerId)!;
  await loginViaApi(page, DEMO.buyer);
  const inquiry = await page.request.post('/api/contacts', {
    data: {
      name: 'Demo Buyer',
      email: 'demo-buyer@example.com',
      phone: '555-010-3000',
      message: 'Is this puppy still available?',
      puppyId: puppy.id,
    },
  });
  expect(inquiry.status()).toBe(201);
  const { conversationId } = (await inquiry.json()) as { conversationId: number };
  expect(
    (await seller.post(`/api/conversations/${conversationId}/messages`, { data: { body: 'Yes, she is.' } })).status(),
  ).toBe(201);
  await seller.dispose();

  const release = await holdIslandScripts(page);
  await page.goto(`/messages/${conversationId}`, { waitUntil: 'commit' });
  const reply = page.getByLabel('Your reply');
  await reply.fill('Typed while the page was still loading');
  await page.getByText('Report this message').click();
  await page.getByLabel('Reason').selectOption({ label: 'Offensive' });
  await page.getByLabel('Comment (optional)').fill('Chosen before the page woke up');
  await expectNotHydrated(page, reply);
  release();
  await expectHydrated(page, reply);
  await expect(reply).toHaveValue('Typed while the page was still loading');
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(
    page.getByRole('list', { name: 'Messages' }).getByText('Typed while the page was still loading'),
  ).toBeVisible();
  await expect(reply).toHaveValue('');

  await expect(page.getByLabel('Reason')).toHaveValue('offensive');
  await expect(page.getByLabel('Comment (optional)')).toHaveValue('Chosen before the page woke up');
  await page.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. Our team will review your report.').first()).toBeVisible();
});
