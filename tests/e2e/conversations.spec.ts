// Conversations and moderation end to end (docs/decisions/0090–0092), in Chromium against
// the real server, with two browsers: a family (a new account) and the demo seller. An inquiry
// becomes a conversation; the seller sees the unread count, opens it and replies; the family sees the
// reply and the mail; a Zelle deposit request and a phone number are flagged, each with its advice; a third account cannot open it; a reported
// listing reaches the admin's queue and hiding it makes it 404 for the public.
import { expect, test, withIslandGoto, type Page } from '../support/test.ts';
import { DEMO, expectAccessible, loginViaApi, outboxMessage } from '../support/e2e.ts';
import { newBuyer, publicListing } from '../support/e2e-payments.ts';

test.describe.configure({ timeout: 120_000 });

async function secondBrowser(browser: import('@playwright/test').Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return withIslandGoto(await context.newPage());
}

test('an inquiry becomes a conversation: the seller reads and replies, the family sees the reply, the mail and the scam advice; nobody else gets in', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const puppy = await publicListing(playwright.request, baseURL!, 950);
  const family = await newBuyer(page);

  // the family asks from the puppy's page
  await page.goto(`/puppies/${puppy.id}`);
  await page.getByRole('link', { name: 'Contact Seller', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Inquire about ${puppy.name}` });
  await dialog.getByLabel('Phone').fill('555-010-2000');
  await dialog.getByLabel('Message').fill(`Is ${puppy.name} still available? We could visit on Saturday.`);
  await dialog.getByRole('button', { name: 'Send Inquiry' }).click();
  await expect(page.getByText('Message Sent!')).toBeVisible();

  // the seller, in another browser: the header's count on page load, the row marked unread
  const seller = await secondBrowser(browser, baseURL!);
  await loginViaApi(seller, DEMO.seller, '/');
  const accountMenu = seller.locator('summary', { hasText: `Hi, ${DEMO.seller.username}` });
  await expect(accountMenu).toContainText(/\d+ unread/);
  await accountMenu.click();
  await seller.getByRole('link', { name: /^Messages \d+ unread$/ }).click();
  await expect(seller.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  const row = seller.getByRole('link', { name: `${puppy.name}, with ${family}, unread` });
  await expect(row).toBeVisible();
  await row.click();
  await expect(seller.getByRole('heading', { name: puppy.name, level: 1 })).toBeVisible();
  await expect(seller.getByRole('list', { name: 'Messages' })).toContainText('We could visit on Saturday.');
  // the family's phone from the inquiry form is the seller's to call (decision 0137); its email is not shown
  await expect(seller.getByRole('link', { name: '555-010-2000' })).toHaveAttribute('href', 'tel:5550102000');
  await expect(seller.getByText(`${family}@example.com`)).toHaveCount(0);
  const threadUrl = new URL(seller.url()).pathname;
  const conversationId = Number(threadUrl.split('/').pop());

  // a reply by keyboard: type, Ctrl+Enter sends; then a request for a Zelle deposit
  const reply = seller.getByLabel('Your reply');
  await reply.fill('Yes! Saturday at 10 works. <b>See you</b> https://example.com');
  await reply.press('Control+Enter');
  await expect(seller.getByRole('list', { name: 'Messages' }).getByText('Saturday at 10 works')).toBeVisible();
  await expect(reply).toHaveValue('');
  await reply.fill('Please send a $200 Zelle deposit to hold her before you visit.');
  await seller.getByRole('button', { name: 'Send' }).click();
  await expect(seller.getByRole('list', { name: 'Messages' }).getByText('Zelle deposit')).toBeVisible();
  await reply.fill('Or text me at (512) 867-5309, I answer faster there.');
  await seller.getByRole('button', { name: 'Send' }).click();
  await expect(seller.getByRole('list', { name: 'Messages' }).getByText('I answer faster there')).toBeVisible();
  // the sender is not warned about their own words
  await expect(seller.getByRole('note')).toHaveCount(0);

  // the family sees the reply (markup as text, no link), the advice, and the mail with the link
  await page.goto('/messages');
  await expect(page.getByRole('link', { name: `${puppy.name}, with ${DEMO.seller.username}, unread` })).toBeVisible();
  await expectAccessible(page, '/messages at 1280 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, '/messages at 390 px');
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('link', { name: new RegExp(`^${puppy.name}, with`) }).click();
  const messages = page.getByRole('list', { name: 'Messages' });
  await expect(messages.getByText('<b>See you</b>', { exact: false })).toBeVisible();
  await expect(messages.getByRole('link')).toHaveCount(0);
  // the advice says which kind each message asks for (decision 0117)
  const notes = page.getByRole('note');
  await expect(notes).toHaveCount(2);
  await expect(notes.nth(0)).toContainText(
    'This message asks for a payment outside PuppyNest. Pay only through PuppyNest checkout',
  );
  await expect(notes.nth(1)).toContainText('This message asks to continue outside PuppyNest');
  await expectAccessible(page, 'a conversation');
  const mail = await outboxMessage(page, `${family}@example.com`);
  expect(mail.subject).toBe(`New message about ${puppy.name} on PuppyNest`);
  expect(mail.text).toContain(`/messages/${conversationId}`);

  // before any script runs (JavaScript off), the thread is in the page and its reply form works
  const noScript = await browser.newContext({ baseURL: baseURL!, javaScriptEnabled: false });
  expect((await noScript.request.post('/api/login', { data: DEMO.seller })).ok()).toBe(true);
  const plain = await noScript.newPage();
  // the list is in the page too, and leads to the thread
  await plain.goto('/messages');
  await plain.getByRole('link', { name: new RegExp(`^${puppy.name}, with`) }).click();
  await expect(plain).toHaveURL(threadUrl);
  await expect(plain.getByRole('list', { name: 'Messages' })).toContainText('Zelle deposit');
  await plain.getByLabel('Your reply').fill('Sent without JavaScript.');
  await plain.getByRole('button', { name: 'Send' }).click();
  await expect(plain).toHaveURL(threadUrl);
  await expect(plain.getByRole('list', { name: 'Messages' })).toContainText('Sent without JavaScript.');
  // and a report of the family's message, from the same page without a script
  const first = plain.getByRole('listitem').filter({ hasText: 'We could visit on Saturday.' });
  await first.getByText('Report this message').click();
  await first.getByLabel('Reason').selectOption({ label: 'Other' });
  await first.getByRole('button', { name: 'Send report' }).click();
  await expect(plain).toHaveURL(`${threadUrl}?reported=1`);
  await expect(
    plain.getByRole('status').filter({ hasText: 'Thank you. Our team will review your report.' }),
  ).toBeVisible();
  await noScript.close();

  // a third account gets nothing: 404 from the API, "not found" on the page
  const stranger = await secondBrowser(browser, baseURL!);
  await newBuyer(stranger);
  expect((await stranger.request.get(`/api/conversations/${conversationId}`)).status()).toBe(404);
  await stranger.goto(`/messages/${conversationId}`);
  await expect(stranger.getByRole('heading', { name: 'Conversation Not Found' })).toBeVisible();
  await expect(stranger.getByText('Saturday')).toHaveCount(0);

  await seller.context().close();
  await stranger.context().close();
});

test('a reported listing reaches the admin queue, and hiding it makes it 404 for the public', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const puppy = await publicListing(playwright.request, baseURL!, 990);
  await newBuyer(page);
  await page.goto(`/puppies/${puppy.id}`);
  // the listing's own report form (each review under the listing has one of its own)
  const report = page.locator('details', { hasText: 'Report this listing' });
  await report.getByText('Report this listing').click();
  await report.getByLabel('Reason').selectOption({ label: 'Scam or fraud' });
  await report.getByLabel('Comment (optional)').fill('Asked me to pay by gift card.');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you. Our team will review your report.').first()).toBeVisible();

  const admin = await secondBrowser(browser, baseURL!);
  await loginViaApi(admin, DEMO.admin, '/admin');
  const queue = admin.getByRole('region', { name: 'Moderation Queue' });
  const item = queue.getByRole('listitem').filter({ hasText: 'Asked me to pay by gift card.' });
  await expect(item).toContainText('Scam or fraud');
  await expect(item).toContainText(puppy.name);
  await item.getByRole('button', { name: 'Hide listing' }).click();
  await expect(queue.getByRole('button', { name: `Show ${puppy.name} again` })).toBeVisible();

  const visitor = await playwright.request.newContext({ baseURL: baseURL! });
  expect((await visitor.get(`/puppies/${puppy.id}`)).status()).toBe(404);
  expect((await visitor.get(`/api/puppies/${puppy.id}`)).status()).toBe(404);
  await visitor.dispose();
  await admin.context().close();
});
