// Orders end to end (docs/product.md §10): the success page only for a real order, My Orders for the
// buyer, the order on the seller's My Listings, and the admin's cancel with a refund (asked first, with
// the amount and a reason the buyer is mailed), in Chromium against the real server with the local
// test-mode provider; axe on the new and changed screens.
import { expect, test, withIslandGoto, type Page } from '../support/test.ts';
import { CANCEL_REASON_MESSAGE } from '#contracts/orders.ts';
import { DEMO, expectAccessible, loginViaApi } from '../support/e2e.ts';
import { CARDS, fillCard, money, newBuyer, publicListing } from '../support/e2e-payments.ts';

// Each test walks a whole flow across three accounts, with axe on every screen.
test.describe.configure({ timeout: 150_000 });

async function expectAccessibleAtBothWidths(page: Page, label: string, within?: string) {
  await expectAccessible(page, `${label} at 1280 px`, within);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, `${label} at 390 px`, within);
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a buyer who never paid sees no "Payment Successful!", and an empty My Orders; logged out, My Orders asks to log in first', async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.goto('/my-orders');
  await expect(page).toHaveURL(/\/auth\?next=%2Fmy-orders/);
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Username').fill(DEMO.buyer.username);
  await login.getByLabel('Password').fill(DEMO.buyer.password);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/my-orders');
  await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();
  await page.context().clearCookies();

  const puppy = await publicListing(playwright.request, baseURL!, 900);
  await newBuyer(page);
  await page.goto(`/checkout-success?puppyId=${puppy.id}`);
  await expect(page.getByRole('heading', { name: 'No Payment Found', level: 1 })).toBeVisible();
  await expect(page.getByText('Payment Successful!')).toHaveCount(0);
  await expect(page.getByText(/PN-\d{8}-/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'View the Puppy' })).toHaveAttribute('href', `/puppies/${puppy.id}`);
  await expect(page.getByRole('link', { name: 'My Orders' }).last()).toHaveAttribute('href', '/my-orders');
  await expectAccessibleAtBothWidths(page, 'checkout success without a payment');
  expect(((await (await page.request.get(`/api/puppies/${puppy.id}`)).json()) as { status: string }).status).toBe(
    'available',
  );

  await page.getByRole('link', { name: 'My Orders' }).last().click();
  await expect(page.getByRole('heading', { name: 'No Orders Yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Puppies' }).last()).toHaveAttribute('href', '/puppies');
  await expectAccessibleAtBothWidths(page, 'my orders, empty');
});

test('a buyer pays and finds the order under My Orders, the seller sees it on My Listings, and an admin cancels it with a refund', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const puppy = await publicListing(playwright.request, baseURL!, 1300);
  const buyer = await newBuyer(page);

  await page.goto(`/checkout/${puppy.id}`);
  await fillCard(page, CARDS.visa);
  await page.getByRole('button', { name: 'Pay $1,349.99' }).click();
  await expect(page).toHaveURL(/\/checkout-success\?puppyId=\d+&payment_intent=pi_/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Payment Successful!', level: 1 })).toBeVisible();
  const reference = (await page
    .getByRole('region', { name: 'Order Details' })
    .getByText(/^PN-\d{8}-[0-9A-F]{8}$/)
    .textContent())!;
  const successAddress = page.url();

  // Reloaded, the page shows the same order.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Order Details' }).getByText(reference)).toBeVisible();

  // The account menu leads to My Orders as well as the success page does.
  await page.getByText(`Hi, ${buyer}`).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'My Orders', exact: true })).toHaveAttribute(
    'href',
    '/my-orders',
  );
  await page.keyboard.press('Escape');
  await expect(page.getByRole('banner').getByRole('link', { name: 'My Orders', exact: true })).toBeHidden();
  await page.getByRole('navigation', { name: 'Where to next' }).getByRole('link', { name: 'My Orders' }).click();
  await expect(page).toHaveURL('/my-orders');
  const card = page.getByRole('listitem').filter({ hasText: reference });
  await expect(card.getByRole('link', { name: puppy.name })).toHaveAttribute('href', `/puppies/${puppy.id}`);
  await expect(card.getByRole('img', { name: puppy.name })).toBeVisible();
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();
  await expect(card.getByText(money(1300))).toBeVisible();
  await expect(card.getByText('$49.99')).toBeVisible();
  await expect(card.getByText(money(1349.99))).toBeVisible();
  await expect(card.getByText('Seller: demo-seller')).toBeVisible();
  await expect(card.getByRole('link', { name: 'demo-seller@puppynest.example' })).toBeVisible();
  await expect(card.getByText('Our team will contact you within 24 hours', { exact: false })).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'my orders');

  // The seller sees the order on the reserved listing, with the buyer's name and email.
  const sellerContext = await browser.newContext();
  const sellerPage = withIslandGoto(await sellerContext.newPage());
  await loginViaApi(sellerPage, DEMO.seller);
  await sellerPage.goto('/my-listings');
  const panel = sellerPage.getByRole('region', { name: `Order for ${puppy.name}` });
  await expect(panel.getByText(reference)).toBeVisible();
  await expect(panel.getByText(`Buyer: ${buyer}`)).toBeVisible();
  await expect(panel.getByRole('link', { name: `${buyer}@example.com` })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Mark handed over' })).toBeVisible();
  await expectAccessible(sellerPage, 'my listings with an order');

  // "Mark handed over" asks first, naming the buyer's days and the seller's share; "Not yet" changes nothing.
  await panel.getByRole('button', { name: 'Mark handed over' }).click();
  const handover = sellerPage.getByRole('dialog', { name: 'Mark handed over' });
  await expect(handover).toHaveAccessibleDescription(
    `Mark ${puppy.name} as handed over? The buyer then has 3 days to report a problem; after that your share of $1,300.00 is released to you.`,
  );
  await expect(handover.getByRole('button', { name: 'Not yet' })).toBeFocused();
  await expectAccessibleAtBothWidths(sellerPage, 'handover confirmation', 'dialog');
  await sellerPage.screenshot({ path: '/tmp/confirm-handover-1280.png' });
  await sellerPage.setViewportSize({ width: 390, height: 844 });
  await sellerPage.screenshot({ path: '/tmp/confirm-handover-390.png' });
  await sellerPage.setViewportSize({ width: 1280, height: 720 });
  await handover.getByRole('button', { name: 'Not yet' }).click();
  await expect(handover).toBeHidden();
  await expect(panel.getByRole('button', { name: 'Mark handed over' })).toBeFocused();
  await expect(panel.getByText('Paid', { exact: true })).toBeVisible();
  await sellerContext.close();

  // An admin finds the order by its reference and cancels it with a full refund.
  const adminContext = await browser.newContext();
  const adminPage = withIslandGoto(await adminContext.newPage());
  await loginViaApi(adminPage, DEMO.admin);
  await adminPage.goto('/admin');
  const lookup = adminPage.getByRole('region', { name: 'Find an Order' });
  await lookup.getByLabel('Order reference').fill('PN-nope');
  await lookup.getByRole('button', { name: 'Find order' }).click();
  await expect(lookup.getByRole('alert')).toHaveText('Enter an order reference like PN-20260601-1A2B3C4D.');
  await lookup.getByLabel('Order reference').fill(reference.toLowerCase());
  await lookup.getByRole('button', { name: 'Find order' }).click();
  await expect(lookup.getByText('Paid', { exact: true })).toBeVisible();
  await expect(lookup.getByText(`${buyer} (${buyer}@example.com)`)).toBeVisible();
  await expectAccessible(adminPage, 'admin order lookup');

  // The cancel asks first: what it moves, with the amount, and why. Escape leaves everything as it was.
  const cancelButton = lookup.getByRole('button', { name: 'Cancel order and refund $1,349.99' });
  await cancelButton.click();
  const dialog = adminPage.getByRole('dialog', { name: `Cancel order ${reference}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription(
    `Cancel order ${reference} and refund $1,349.99 to the buyer? Both sides are mailed your reason.`,
  );
  const reason = dialog.getByLabel('Reason for cancelling');
  await expect(reason).toBeFocused();
  await adminPage.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(cancelButton).toBeFocused();

  // An empty reason is refused with the API's own message, and nothing is sent.
  await cancelButton.click();
  await expect(reason).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel order and refund $1,349.99' }).click();
  await expect(dialog.getByText(CANCEL_REASON_MESSAGE)).toBeVisible();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toBeFocused();
  await expectAccessibleAtBothWidths(adminPage, 'admin cancel confirmation, no reason', 'dialog');
  await adminPage.screenshot({ path: '/tmp/confirm-admin-cancel-1280.png' });
  await adminPage.setViewportSize({ width: 390, height: 844 });
  await adminPage.screenshot({ path: '/tmp/confirm-admin-cancel-390.png' });
  await adminPage.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByRole('button', { name: 'Keep the order' }).click();
  await expect(dialog).toBeHidden();
  await expect(cancelButton).toBeFocused();
  expect(((await (await adminPage.request.get(`/api/orders/${reference}`)).json()) as { status: string }).status).toBe(
    'paid',
  );
  await expect(lookup.getByText('Paid', { exact: true })).toBeVisible();

  // With a reason the order is cancelled and refunded, and the buyer is mailed the reason.
  const why = 'The seller can no longer keep this puppy: the litter was returned to the breeder.';
  await cancelButton.click();
  await reason.fill(why);
  await dialog.getByRole('button', { name: 'Cancel order and refund $1,349.99' }).click();
  await expect(adminPage.getByText('Order Cancelled', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(lookup.getByText('Cancelled and refunded', { exact: true })).toBeVisible();
  await expect(lookup.getByRole('button', { name: /Cancel order/ })).toHaveCount(0);
  await expect(lookup.getByText(why)).toBeVisible();
  await adminContext.close();
  await expect
    .poll(
      async () => {
        const entries = (await (await page.request.get('/api/dev/outbox')).json()) as { to: string; text: string }[];
        return entries.some(
          (entry) => entry.to === `${buyer}@example.com` && entry.text.includes(reference) && entry.text.includes(why),
        );
      },
      { message: "the buyer's cancel mail gives the admin's reason" },
    )
    .toBe(true);

  expect(((await (await page.request.get(`/api/puppies/${puppy.id}`)).json()) as { status: string }).status).toBe(
    'available',
  );
  await page.reload();
  await expect(
    page.getByRole('listitem').filter({ hasText: reference }).getByText('Cancelled and refunded', { exact: true }),
  ).toBeVisible();
  await page.goto(successAddress);
  await expect(page.getByRole('heading', { name: 'Payment Not Completed', level: 1 })).toBeVisible();
  await expect(
    page.getByText('This order was cancelled by PuppyNest. Your payment has been refunded in full.'),
  ).toBeVisible();
});

test('a payment still being confirmed says so on the success page, and the page updates itself once it is paid', async ({
  page,
  playwright,
  baseURL,
}) => {
  const puppy = await publicListing(playwright.request, baseURL!, 600);
  await newBuyer(page);
  const intent = (await (
    await page.request.post('/api/create-payment-intent', { data: { puppyId: puppy.id } })
  ).json()) as { clientSecret: string; intentId: string };
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

  // The provider is slow to capture: the server's re-check answers "being confirmed" until released.
  let capturing = true;
  await page.route('**/api/payments/*/refresh', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { outcome: string; message: string; order: { status: string } };
    if (capturing)
      Object.assign(body, {
        outcome: 'processing',
        message: 'Your payment is being confirmed.',
        order: { ...body.order, status: 'pending' },
      });
    await route.fulfill({ response, json: body });
  });
  // The page asks again every 2 s while the payment is pending: its clock is moved on, not waited for.
  await page.clock.install();
  await page.goto(`/checkout-success?puppyId=${puppy.id}&payment_intent=${intent.intentId}`);
  const confirming = page.getByText('Your payment is still being confirmed.', { exact: false });
  await expect(confirming).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Payment Successful!', level: 1 })).toBeVisible();
  await expectAccessible(page, 'checkout success while the payment is confirmed');

  capturing = false;
  await page.clock.fastForward(2000);
  await expect(confirming).toBeHidden();
  await expect(page.getByRole('region', { name: 'Order Details' }).getByText(/^PN-\d{8}-[0-9A-F]{8}$/)).toBeVisible();
});
