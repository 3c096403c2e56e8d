// Seller payouts end to end (docs/decisions/0101, 0107), on the local test-mode provider: a new seller
// connects a payout account through the test-mode onboarding page (first leaving it half done), sells a
// puppy, hands it over, and is paid once the buyer confirms receipt; a buyer's reported problem holds the
// payout until an admin releases it, and a payment the buyer's bank disputes holds it too, listed on
// /admin. Each of these money steps asks first, with the amount. axe on /earnings, the onboarding page,
// My Orders, the confirmations, and /admin's held payouts, disputes and pending refunds.
import type { APIRequest, APIRequestContext, BrowserContext } from '@playwright/test';
import { expect, test, withIslandGoto, type Page } from '../support/test.ts';
import { DEMO, expectAccessible, loginViaApi, uniqueName } from '../support/e2e.ts';
import { expectHydrated, expectNotHydrated, holdIslandScripts } from '../support/hydration.ts';
import {
  CARDS,
  draftListing,
  fillCard,
  money,
  newBuyer,
  payListingFee,
  publicListing,
  sellerApi,
  type Listing,
} from '../support/e2e-payments.ts';

// Each test walks a whole flow across two or three accounts.
test.describe.configure({ timeout: 150_000 });

const PASSWORD = 'a-good-long-password';

async function expectAccessibleAtBothWidths(page: Page, label: string, within?: string) {
  await expectAccessible(page, `${label} at 1280 px`, within);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, `${label} at 390 px`, within);
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** a seller registered through the API (no payout account yet) with one public listing, its fee paid with a test card */
async function newSellerWithListing(
  requests: APIRequest,
  baseURL: string,
  price: number,
): Promise<{ account: { username: string; password: string }; puppy: Listing }> {
  const username = uniqueName('seller');
  const api: APIRequestContext = await requests.newContext({ baseURL });
  const registered = await api.post('/api/register', {
    data: { username, email: `${username}@example.com`, password: PASSWORD, accountType: 'seller', confirmAdult: true },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const puppy = await draftListing(api, price);
  await payListingFee(api, puppy.id);
  await api.dispose();
  return { account: { username, password: PASSWORD }, puppy };
}

test('a new seller connects a payout account, sells a puppy, and is paid once the buyer confirms receipt', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const { account, puppy } = await newSellerWithListing(playwright.request, baseURL!, 1100);
  const sellerContext = await browser.newContext();
  const sellerPage = withIslandGoto(await sellerContext.newPage());
  await loginViaApi(sellerPage, account, '/earnings');

  // Not connected yet, and nothing sold.
  await expect(sellerPage.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();
  const payoutAccount = sellerPage.getByRole('region', { name: 'Payout Account' });
  await expect(payoutAccount.getByText('Not connected', { exact: true })).toBeVisible();
  await expect(sellerPage.getByRole('heading', { name: 'No Earnings Yet' })).toBeVisible();
  await expect(sellerPage.getByText('PuppyNest takes no commission', { exact: false })).toBeVisible();
  await expect(sellerPage.getByRole('link', { name: 'Download CSV' })).toHaveCount(0);
  await expectAccessible(sellerPage, '/earnings, not connected');

  // The account menu leads here.
  await sellerPage.getByText(`Hi, ${account.username}`).click();
  await expect(sellerPage.getByRole('banner').getByRole('link', { name: 'Earnings', exact: true })).toHaveAttribute(
    'href',
    '/earnings',
  );
  await sellerPage.keyboard.press('Escape');

  // First visit to the onboarding page: only the name, then "Save and finish later": details are still needed.
  await payoutAccount.getByRole('button', { name: 'Connect payout account' }).click();
  await expect(sellerPage).toHaveURL(/\/earnings\/onboarding\?link=/);
  await expect(sellerPage.getByRole('heading', { name: 'Set Up Payouts (Test Mode)', level: 1 })).toBeVisible();
  const form = sellerPage.getByRole('form', { name: 'Payout account details' });
  await expect(sellerPage.getByText(`Setting up payouts for ${account.username}@example.com`)).toBeVisible();
  await expect(sellerPage.getByText('0000', { exact: true })).toBeVisible();
  await form.getByLabel('Legal name').fill('Dana Seller');
  await expectAccessible(sellerPage, '/earnings/onboarding');
  const firstLink = sellerPage.url();
  await form.getByRole('button', { name: 'Save and finish later' }).click();
  await expect(sellerPage).toHaveURL(/\/earnings\?onboarding=done$/);
  await expect(payoutAccount.getByText('Details needed', { exact: true })).toBeVisible();

  // A used link is refused, and points back to Earnings.
  await sellerPage.goto(firstLink);
  await expect(sellerPage.getByRole('heading', { name: 'This Setup Link Cannot Be Used' })).toBeVisible();
  await expect(sellerPage.getByRole('link', { name: 'Back to Earnings' })).toHaveAttribute('href', '/earnings');
  await sellerPage.goto('/earnings');

  // Second visit: a wrong bank account is refused under its field; Stripe's test account and 0000 verify at once.
  await payoutAccount.getByRole('button', { name: 'Continue setup' }).click();
  await expect(sellerPage).toHaveURL(/\/earnings\/onboarding\?link=/);
  await form.getByLabel('Legal name').fill('Dana Seller');
  await form.getByLabel('Routing number').fill('123456789');
  await form.getByLabel('Account number').fill('000123456789');
  await form.getByLabel('Last 4 digits of SSN').fill('0000');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByLabel('Routing number')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText(/Test mode accepts only Stripe's test bank account/)).toBeVisible();
  await form.getByLabel('Routing number').fill('110000000');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(sellerPage).toHaveURL(/\/earnings\?onboarding=done$/);
  await expect(payoutAccount.getByText('Payouts enabled', { exact: true })).toBeVisible();
  await expect(payoutAccount.getByRole('button')).toHaveCount(0);

  // A buyer pays for the seller's puppy.
  await newBuyer(page);
  await page.goto(`/checkout/${puppy.id}`);
  await fillCard(page, CARDS.visa);
  await page.getByRole('button', { name: `Pay ${money(1149.99)}` }).click();
  await expect(page).toHaveURL(/\/checkout-success\?puppyId=\d+&payment_intent=pi_/, { timeout: 10_000 });
  const reference = (await page
    .getByRole('region', { name: 'Order Details' })
    .getByText(/^PN-\d{8}-[0-9A-F]{8}$/)
    .textContent())!;

  // The seller sees the sale waiting for the handover, and marks the puppy handed over on My Listings.
  await sellerPage.goto('/earnings');
  const row = sellerPage.getByRole('row').filter({ hasText: reference });
  await expect(row.getByText('Awaiting handover', { exact: true })).toBeVisible();
  await sellerPage.goto('/my-listings');
  await expect(sellerPage.getByRole('link', { name: 'Earnings', exact: true }).last()).toHaveAttribute(
    'href',
    '/earnings',
  );
  const panel = sellerPage.getByRole('region', { name: `Order for ${puppy.name}` });
  await panel.getByRole('button', { name: 'Mark handed over' }).click();
  const handover = sellerPage.getByRole('dialog', { name: 'Mark handed over' });
  await expect(handover).toHaveAccessibleDescription(
    `Mark ${puppy.name} as handed over? The buyer then has 3 days to report a problem; after that your share of ${money(1100)} is released to you.`,
  );
  await handover.getByRole('button', { name: 'Mark handed over' }).click();
  await expect(handover).toBeHidden();
  await expect(panel.getByText('Handed over', { exact: true })).toBeVisible();

  // The buyer reads when the seller is paid. While a problem report is open, receipt cannot be confirmed.
  await page.goto('/my-orders');
  const card = page.getByRole('listitem').filter({ hasText: reference });
  const badge = card.locator('.order-status');
  await expect(badge).toHaveText('Handed over');
  await expect(card.getByText('the seller is paid when you confirm', { exact: false })).toBeVisible();
  await expectAccessible(page, 'my orders, handed over');
  const confirmReceipt = card.getByRole('button', { name: 'Confirm receipt' });
  await card.getByRole('button', { name: 'Report a problem' }).click();
  await expect(confirmReceipt).toBeDisabled();
  await card
    .getByRole('form', { name: `Report a problem with order ${reference}` })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(confirmReceipt).toBeEnabled();

  // Confirming asks first, and says what it moves; then the seller is paid and the badge says "Received".
  await confirmReceipt.click();
  const confirmation = page.getByRole('dialog', { name: 'Confirm receipt' });
  await expect(confirmation).toHaveAccessibleDescription(
    `Confirm that ${puppy.name} arrived? The seller is paid at once and you can no longer report a problem.`,
  );
  await expect(confirmation.getByRole('button', { name: 'Not yet' })).toBeFocused();
  await expect(card.getByRole('button', { name: 'Report a problem' })).toBeDisabled();
  await expectAccessibleAtBothWidths(page, 'confirm receipt confirmation', 'dialog');
  await page.screenshot({ path: '/tmp/confirm-receipt-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/confirm-receipt-390.png' });
  await page.setViewportSize({ width: 1280, height: 720 });
  await confirmation.getByRole('button', { name: 'Confirm receipt' }).click();
  await expect(page.getByText('Receipt Confirmed', { exact: true })).toBeVisible();
  await expect(confirmation).toBeHidden();
  await expect(card.getByText('the seller has been paid', { exact: false })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Confirm receipt' })).toHaveCount(0);
  await expect(badge).toHaveText('Received');
  await page.reload();
  await expect(badge).toHaveText('Received');
  await expect(card.getByText('Handed over', { exact: true })).toHaveCount(0);

  // The seller's Earnings: the order paid, with the seller's share (no commission: the whole price).
  await sellerPage.goto('/earnings');
  await expect(row.getByRole('rowheader')).toHaveText(reference);
  await expect(row.getByRole('cell')).toHaveText([
    puppy.name,
    /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    money(1100),
    '$0.00',
    money(1100),
    /^Paid/,
  ]);
  const totals = sellerPage.getByRole('region', { name: 'Totals' });
  await expect(totals.getByRole('definition')).toHaveText([money(1100), '$0.00', '$0.00']);
  await expect(sellerPage.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/earnings.csv');
  const csv = await (await sellerPage.request.get('/api/earnings.csv')).text();
  expect(csv).toContain(`"${reference}","${puppy.name}"`);
  expect(csv).toContain('"1100.00","0.00","1100.00","Paid"');
  await expectAccessibleAtBothWidths(sellerPage, '/earnings with a paid order');
  await sellerContext.close();
});

test('a buyer who reports a problem holds the payout until an admin releases it to the seller', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  // The demo seller's payout account is connected (the seed): the order is bought and handed over through the API.
  const puppy = await publicListing(playwright.request, baseURL!, 800);
  await newBuyer(page);
  const intent = (await (
    await page.request.post('/api/create-payment-intent', { data: { puppyId: puppy.id } })
  ).json()) as { clientSecret: string };
  const method = (await (
    await page.request.post('/api/local-payments/payment-methods', {
      data: { number: CARDS.visa, exp: '12/34', cvc: '123', zip: '97201' },
    })
  ).json()) as { id: string };
  expect(
    (
      await page.request.post('/api/local-payments/confirm', {
        data: { clientSecret: intent.clientSecret, paymentMethodId: method.id },
      })
    ).ok(),
  ).toBe(true);
  let reference = '';
  await expect(async () => {
    const orders = (await (await page.request.get(`/api/my-orders?puppyId=${puppy.id}`)).json()) as {
      orders: { reference: string; status: string }[];
    };
    expect(orders.orders[0]?.status).toBe('paid');
    reference = orders.orders[0]!.reference;
  }).toPass({ timeout: 5000 });
  const seller = await sellerApi(playwright.request, baseURL!);
  expect((await seller.post(`/api/orders/${reference}/handed-over`)).ok()).toBe(true);

  // The buyer reports a problem: the form checks it first, then the payout is held.
  await page.goto('/my-orders');
  const card = page.getByRole('listitem').filter({ hasText: reference });
  await card.getByRole('button', { name: 'Report a problem' }).click();
  const report = card.getByRole('form', { name: `Report a problem with order ${reference}` });
  await expect(card.getByRole('button', { name: 'Confirm receipt' })).toBeDisabled();
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByText('Tell us what went wrong.')).toBeVisible();
  await expect(report.getByLabel('What went wrong?')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'my orders, reporting a problem', '.order-list');
  await report.getByLabel('What went wrong?').fill('The puppy has a cough and the vet papers were missing.');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Problem Reported', { exact: true })).toBeVisible();
  await expect(
    card.getByText('You reported a problem: The puppy has a cough and the vet papers were missing.', { exact: false }),
  ).toBeVisible();
  await expect(card.getByRole('button', { name: 'Confirm receipt' })).toHaveCount(0);
  await expect(card.locator('.order-status')).toHaveText('Problem reported');

  // The seller's share is held.
  const held = (await (await seller.get('/api/earnings')).json()) as { rows: { reference: string; status: string }[] };
  expect(held.rows.find((row) => row.reference === reference)?.status).toBe('held');

  // An admin reads the problem and releases the payout to the seller.
  const adminContext = await browser.newContext();
  const adminPage = withIslandGoto(await adminContext.newPage());
  await loginViaApi(adminPage, DEMO.admin, '/admin');
  const section = adminPage.getByRole('region', { name: 'Held Payouts' });
  const item = section.getByRole('listitem').filter({ hasText: reference });
  await expect(item.getByText('The puppy has a cough and the vet papers were missing.')).toBeVisible();
  await expect(item.getByText(money(800), { exact: false })).toBeVisible();
  await expect(item.getByRole('link', { name: 'demo-seller@puppynest.example' })).toBeVisible();
  await expectAccessible(adminPage, '/admin held payouts', '.held-payouts');
  await item.getByRole('button', { name: 'Release to seller' }).click();
  const release = adminPage.getByRole('dialog', { name: `Release the payout of order ${reference}` });
  await expect(release).toHaveAccessibleDescription(
    `Release ${money(800)} to demo-seller? It is sent to their payout account now; a refund after this takes it back from the seller first.`,
  );
  await expect(release.getByRole('button', { name: 'Keep it held' })).toBeFocused();
  await expectAccessibleAtBothWidths(adminPage, 'release confirmation', 'dialog');
  await adminPage.screenshot({ path: '/tmp/confirm-release-1280.png' });
  await adminPage.setViewportSize({ width: 390, height: 844 });
  await adminPage.screenshot({ path: '/tmp/confirm-release-390.png' });
  await adminPage.setViewportSize({ width: 1280, height: 720 });
  await release.getByRole('button', { name: 'Release to seller' }).click();
  await expect(adminPage.getByText('Payout Released', { exact: true })).toBeVisible();
  await expect(item).toHaveCount(0);
  // Find an Order shows the payout, and what a cancel would do to it.
  const lookup = adminPage.getByRole('form', { name: 'Find an order' });
  await lookup.getByLabel('Order reference').fill(reference);
  await lookup.getByRole('button', { name: 'Find order' }).click();
  const found = adminPage.getByRole('region', { name: 'Find an Order' });
  await expect(found.getByRole('definition').filter({ hasText: 'Paid · ' })).toHaveText(`Paid · ${money(800)}`);
  await expect(
    found.getByText('a cancel takes the payout back from the seller before the buyer is refunded', { exact: false }),
  ).toBeVisible();
  await adminContext.close();

  const paid = (await (await seller.get('/api/earnings')).json()) as {
    rows: { reference: string; status: string; amountCents: number }[];
  };
  expect(paid.rows.find((row) => row.reference === reference)).toMatchObject({ status: 'paid', amountCents: 80_000 });
  await seller.dispose();
  await page.reload();
  await expect(card.getByText('the seller has been paid', { exact: false })).toBeVisible();
});

test('a disputed payment holds the payout, and /admin lists the dispute', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  // A buyer pays for a puppy of the demo seller with the card whose holder disputes the charge.
  const puppy = await publicListing(playwright.request, baseURL!, 900);
  await newBuyer(page);
  await page.goto(`/checkout/${puppy.id}`);
  await fillCard(page, CARDS.disputed);
  const pay = page.getByRole('button', { name: /^Pay \$/ });
  const total = (await pay.textContent())!.replace(/^Pay /, '').trim();
  await pay.click();
  await expect(page).toHaveURL(/\/checkout-success\?puppyId=\d+&payment_intent=pi_/, { timeout: 10_000 });
  const reference = (await page
    .getByRole('region', { name: 'Order Details' })
    .getByText(/^PN-\d{8}-[0-9A-F]{8}$/)
    .textContent())!;

  // The seller marks the puppy handed over, through its confirmation.
  const sellerContext = await browser.newContext();
  const sellerPage = withIslandGoto(await sellerContext.newPage());
  await loginViaApi(sellerPage, DEMO.seller, '/my-listings');
  const panel = sellerPage.getByRole('region', { name: `Order for ${puppy.name}` });
  await panel.getByRole('button', { name: 'Mark handed over' }).click();
  const handover = sellerPage.getByRole('dialog', { name: 'Mark handed over' });
  await handover.getByRole('button', { name: 'Mark handed over' }).click();
  await expect(handover).toBeHidden();
  await sellerContext.close();

  // The admin sees the dispute open and the payout held, in both cards.
  const adminContext = await browser.newContext();
  const adminPage = withIslandGoto(await adminContext.newPage());
  await loginViaApi(adminPage, DEMO.admin, '/admin');
  const section = adminPage.getByRole('region', { name: 'Disputes and pending refunds' });
  const disputes = section.getByRole('list', { name: 'Disputes' });
  const item = disputes.getByRole('listitem').filter({ hasText: reference });
  await expect(item.getByRole('heading', { name: `${reference} · ${puppy.name}` })).toBeVisible();
  await expect(item.getByRole('definition')).toHaveText([total, 'Dispute open', 'Held']);
  await expect(section.getByRole('heading', { name: 'Refunds pending' })).toBeVisible();
  const heldItem = adminPage
    .getByRole('region', { name: 'Held Payouts' })
    .getByRole('listitem')
    .filter({ hasText: reference });
  await expect(heldItem.getByText("The buyer's bank disputes the payment", { exact: true })).toBeVisible();
  await expect(heldItem.getByText('The bank decides this dispute.', { exact: false })).toBeVisible();
  // nothing to release or refund while the bank decides
  await expect(heldItem.getByRole('button', { name: 'Release to seller' })).toHaveCount(0);
  await expect(heldItem.getByRole('button', { name: 'Refund buyer' })).toHaveCount(0);
  await expectAccessibleAtBothWidths(adminPage, '/admin disputes and pending refunds', '.money-issues');
  await section.screenshot({ path: '/tmp/money-issues-1280.png' });
  await adminPage.setViewportSize({ width: 390, height: 844 });
  await section.screenshot({ path: '/tmp/money-issues-390.png' });
  await adminPage.setViewportSize({ width: 1280, height: 720 });
  await adminContext.close();
});

/** a new seller, registered in `context`, and the setup link Earnings' "Connect payout account" makes for them */
async function newSellerSetupLink(context: BrowserContext): Promise<{ email: string; link: string }> {
  const username = uniqueName('seller');
  const registered = await context.request.post('/api/register', {
    data: { username, email: `${username}@example.com`, password: PASSWORD, accountType: 'seller', confirmAdult: true },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const started = await context.request.post('/api/earnings/connect');
  expect(started.status(), await started.text()).toBe(200);
  const { url } = (await started.json()) as { url: string };
  return { email: `${username}@example.com`, link: new URL(url).pathname + new URL(url).search };
}

async function accountStatus(context: BrowserContext): Promise<string> {
  return ((await (await context.request.get('/api/earnings')).json()) as { account: { status: string } }).account
    .status;
}

test('the onboarding form works with JavaScript turned off: a refusal keeps what was typed, the next submit connects the account', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL: baseURL!, javaScriptEnabled: false });
  const page = await context.newPage();
  const { email, link } = await newSellerSetupLink(context);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set Up Payouts (Test Mode)', level: 1 })).toBeVisible();
  await expect(page.getByText(`Setting up payouts for ${email}`)).toBeVisible();
  const form = page.getByRole('form', { name: 'Payout account details' });
  await form.getByLabel('Legal name').fill('Dana Seller');
  await form.getByLabel('Routing number').fill('123456789');
  await form.getByLabel('Account number').fill('000123456789');
  await form.getByLabel('Last 4 digits of SSN').fill('0000');
  await form.getByRole('button', { name: 'Submit' }).click();

  // Refused by the server: the message under the field, everything typed still there, nothing saved.
  await expect(form.getByText(/Test mode accepts only Stripe's test bank account/).first()).toBeVisible();
  await expect(form.getByLabel('Routing number')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Legal name')).toHaveValue('Dana Seller');
  await expect(form.getByLabel('Routing number')).toHaveValue('123456789');
  await expect(form.getByLabel('Last 4 digits of SSN')).toHaveValue('0000');
  expect(await accountStatus(context)).toBe('details_needed');

  await form.getByLabel('Routing number').fill('110000000');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/earnings\?onboarding=done$/);
  await expect(page.getByRole('heading', { name: 'Earnings', level: 1 })).toBeVisible();
  expect(await accountStatus(context)).toBe('payouts_enabled');

  // The link is used up: the page says so and points back to Earnings.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This Setup Link Cannot Be Used' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Earnings' })).toHaveAttribute('href', '/earnings');
  await context.close();
});

test('what a seller types into the onboarding form before its script arrives is kept, and "Save and finish later" sends it', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL: baseURL! });
  const page = await context.newPage();
  const { link } = await newSellerSetupLink(context);
  const release = await holdIslandScripts(page);
  await page.goto(link, { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('form', { name: 'Payout account details' });
  await form.getByLabel('Legal name').fill('Dana Seller');
  await form.getByLabel('Routing number').fill('110000000');
  await expectNotHydrated(page, form);
  release();
  await expectHydrated(page, form);
  await expect(form.getByLabel('Legal name')).toHaveValue('Dana Seller');
  await expect(form.getByLabel('Routing number')).toHaveValue('110000000');
  // the island sends it now: a routing number without its account number is refused, said under the field
  await form.getByRole('button', { name: 'Save and finish later' }).click();
  await expect(form.getByText(/Test mode accepts only Stripe's test bank account/).first()).toBeVisible();
  await expectAccessible(page, '/earnings/onboarding, a refused field');
  await form.getByLabel('Account number').fill('000123456789');
  await form.getByRole('button', { name: 'Save and finish later' }).click();
  await expect(page).toHaveURL(/\/earnings\?onboarding=done$/);
  await expect(
    page.getByRole('region', { name: 'Payout Account' }).getByText('Details needed', { exact: true }),
  ).toBeVisible();
  await context.close();
});
