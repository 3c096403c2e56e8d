// Payments end to end in Chromium with the local test-mode provider (docs/product.md §10): the listing fee, buying a
// puppy with Stripe's test cards, a puppy sold once, a donation, the admin's payment mode, the
// "Payment System Error" path, and axe on every page and state.
// The admin test needs live keys in the server's environment (STRIPE_LIVE_SECRET_KEY and
// STRIPE_LIVE_PUBLISHABLE_KEY, any values: no live payment is made).
import { expect, test, withIslandGoto } from '../support/test.ts';
import { DEMO, expectAccessible, loginViaApi, uniqueName } from '../support/e2e.ts';
import { CARDS, draftListing, fillCard, money, newBuyer, publicListing, sellerApi } from '../support/e2e-payments.ts';

// Each test walks a whole flow (registration, payment, redirects, axe on every state).
test.describe.configure({ timeout: 60_000 });

test('a seller pays the listing fee for a draft, sees it go public, and is told when it is already active', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  await loginViaApi(page, DEMO.seller);
  const api = await sellerApi(playwright.request, baseURL!);
  const puppy = await draftListing(api);
  await api.dispose();
  expect((await request.get(`/api/puppies/${puppy.id}`)).status()).toBe(404);

  await page.goto(`/listing-payment/${puppy.id}`);
  await expect(page.getByRole('heading', { name: 'Listing Payment', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Purchase' })).toBeVisible();
  await expect(page.getByText(`Standard Puppy Listing: ${puppy.name}`)).toBeVisible();
  for (const included of [
    '30 days of visibility',
    'Direct messaging with buyers',
    'Photo and video uploads',
    'Listing management tools',
  ]) {
    await expect(page.getByText(included)).toBeVisible();
  }
  await expect(page.getByText('The sale is between you and the family.', { exact: false })).toBeVisible();
  await expect(page.getByText('Test mode', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Test cards' })).toBeVisible();
  const pay = page.getByRole('button', { name: 'Pay $19.99' });
  await expect(pay).toBeVisible();
  await expectAccessible(page, 'listing payment');

  await fillCard(page, CARDS.declined);
  await pay.click();
  await expect(page.getByText('Payment Failed', { exact: true })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Pay the listing fee' }).getByRole('alert')).toHaveText(
    'Your card was declined.',
  );
  await expect(pay).toBeEnabled();
  await expectAccessible(page, 'listing payment declined');

  await fillCard(page, CARDS.visa);
  await pay.click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page.getByText('Your puppy listing is now active and visible to potential buyers.')).toBeVisible();
  // no axe here: the screen moves on to My Listings after 2 s, and a slow machine's axe takes longer (a
  // held move keeps Playwright from reading the page at all); My Listings is read by axe in listings-manage
  await expect(page).toHaveURL(`/my-listings?payment=success&puppyId=${puppy.id}`, { timeout: 10_000 });

  const published = await request.get(`/api/puppies/${puppy.id}`);
  expect(published.status()).toBe(200);
  expect(((await published.json()) as { listingStatus: string }).listingStatus).toBe('active');

  await page.goto(`/listing-payment/${puppy.id}`);
  await expect(page.getByText('Already Active', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`/my-listings?payment=already-active&puppyId=${puppy.id}`, { timeout: 10_000 });
});

test('a buyer pays with 4242 4242 4242 4242: the success page shows the order, the puppy is reserved, buyer and seller are mailed', async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const puppy = await publicListing(playwright.request, baseURL!, 1200);
  const buyer = await newBuyer(page);

  await page.goto(`/checkout/${puppy.id}`);
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText(puppy.name)).toBeVisible();
  await expect(summary.getByText('$1,200.00')).toBeVisible();
  await expect(summary.getByText('$49.99', { exact: true })).toBeVisible();
  await expect(summary.getByText('$1,249.99')).toBeVisible();
  await expect(page.getByText('4242 4242 4242 4242')).toBeVisible();
  const pay = page.getByRole('button', { name: 'Pay $1,249.99' });
  await expect(pay).toBeVisible();
  await expectAccessible(page, 'checkout');

  await fillCard(page, CARDS.visa);
  await pay.click();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/checkout-success\\?puppyId=${puppy.id}&payment_intent=pi_`), {
    timeout: 10_000,
  });

  await expect(page.getByRole('heading', { name: 'Payment Successful!', level: 1 })).toBeVisible();
  await expect(page.getByText(`Thank you for your purchase! ${puppy.name} is now reserved for you.`)).toBeVisible();
  const details = page.getByRole('region', { name: 'Order Details' });
  const reference = (await details.getByText(/^PN-\d{8}-[0-9A-F]{8}$/).textContent())!;
  await expect(
    details.getByText(new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })),
  ).toBeVisible();
  await expect(details.getByRole('img', { name: new RegExp(puppy.name) })).toBeVisible();
  await expect(details.getByText('Female')).toBeVisible();
  await expect(details.getByText('10 weeks')).toBeVisible();
  await expect(details.getByText('Portland, OR')).toBeVisible();
  await expect(details.getByText(money(1200))).toBeVisible();
  await expect(details.getByText('$49.99')).toBeVisible();
  await expect(details.getByText(money(1249.99))).toBeVisible();
  await expect(
    page.getByText('Our team will contact you within 24 hours to arrange pickup or delivery', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText(`A confirmation email has been sent to ${buyer}@example.com.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse More Puppies' })).toHaveAttribute('href', '/puppies');
  await expect(page.getByRole('link', { name: 'Contact Us' }).last()).toHaveAttribute('href', '/contact');
  await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  await expectAccessible(page, 'checkout success');

  const after = (await (await request.get(`/api/puppies/${puppy.id}`)).json()) as { status: string };
  expect(after.status).toBe('reserved');
  const outbox = (await (await request.get('/api/dev/outbox')).json()) as { to: string; subject: string }[];
  const mails = outbox.filter((m) => m.subject.includes(reference));
  expect(mails.map((m) => m.to).sort()).toEqual([`${buyer}@example.com`, 'demo-seller@puppynest.example'].sort());

  // Reloaded later (no payment in the address), the page shows the same order from the server.
  await page.goto(`/checkout-success?puppyId=${puppy.id}`);
  await expect(page.getByText(reference)).toBeVisible();
});

test('a declined card shows Payment Failed; the 3155 card asks to approve or fail, and approving pays', async ({
  page,
  playwright,
  baseURL,
}) => {
  const puppy = await publicListing(playwright.request, baseURL!, 950);
  await newBuyer(page);
  await page.goto(`/checkout/${puppy.id}`);
  const pay = page.getByRole('button', { name: 'Pay $999.99' });

  await fillCard(page, CARDS.declined);
  await pay.click();
  await expect(page.getByText('Payment Failed', { exact: true })).toBeVisible();
  const form = page.getByRole('form', { name: 'Pay for your puppy' });
  await expect(form.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(`/checkout/${puppy.id}`);
  await expectAccessible(page, 'checkout declined');

  await fillCard(page, CARDS.authenticate);
  await pay.click();
  const step = page.getByRole('dialog', { name: 'Authentication required' });
  await expect(step).toBeVisible();
  await expect(step.getByText('Your bank asks you to confirm this payment of $999.99.')).toBeVisible();
  await expectAccessible(page, 'checkout authentication step');
  await step.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(step).toBeHidden();
  await expect(form.getByRole('alert')).toHaveText(/^We are unable to authenticate your payment method\./);

  await pay.click();
  await step.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/checkout-success\?/, { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Payment Successful!', level: 1 })).toBeVisible();
});

test('two buyers, one puppy: the one who pays second is told, and the card is not charged', async ({
  page,
  browser,
  request,
  playwright,
  baseURL,
}) => {
  const puppy = await publicListing(playwright.request, baseURL!, 800);
  const late = await browser.newContext();
  const latePage = withIslandGoto(await late.newPage());
  await newBuyer(latePage);
  await latePage.goto(`/checkout/${puppy.id}`);
  await expect(latePage.getByRole('button', { name: 'Pay $849.99' })).toBeVisible();

  await newBuyer(page);
  await page.goto(`/checkout/${puppy.id}`);
  await fillCard(page, CARDS.visa);
  await page.getByRole('button', { name: 'Pay $849.99' }).click();
  await expect(page).toHaveURL(/\/checkout-success\?/, { timeout: 10_000 });

  await fillCard(latePage, CARDS.visa);
  await latePage.getByRole('button', { name: 'Pay $849.99' }).click();
  await expect(latePage.getByRole('heading', { name: 'This puppy was just reserved by another family' })).toBeVisible();
  await expect(latePage.getByText('Your card was not charged', { exact: false }).first()).toBeVisible();
  await expect(latePage).toHaveURL(`/checkout/${puppy.id}`);
  await expectAccessible(latePage, 'checkout sold out');
  await late.close();

  expect(((await (await request.get(`/api/puppies/${puppy.id}`)).json()) as { status: string }).status).toBe(
    'reserved',
  );
});

test('a visitor donates $50: thank-you toast, and the form resets', async ({ page, request }) => {
  await page.goto('/donate');
  const form = page.getByRole('form', { name: 'Donation' });
  // The form wakes up when it scrolls into view (client:visible), as it does for a person.
  await form.scrollIntoViewIfNeeded();
  await expect(form.getByRole('button', { name: 'Donate $25' })).toBeEnabled();
  await expect(form.getByRole('radio', { name: '$25', exact: true })).toBeChecked();
  await expect(form.getByRole('button', { name: 'Donate $25' })).toBeVisible();
  await expectAccessible(page, 'donate');

  await form.getByRole('button', { name: 'Donate $25' }).click();
  await expect(page.getByText('Missing Information', { exact: true })).toBeVisible();
  await expect(page.getByText('Please fill in all required fields')).toBeVisible();

  await form.getByLabel('Custom amount ($)').fill('37.50');
  await expect(form.getByRole('button', { name: 'Donate $37.50' })).toBeVisible();
  await form.getByRole('radio', { name: '$50', exact: true }).check();
  await expect(form.getByLabel('Custom amount ($)')).toHaveValue('');
  await expect(form.getByRole('button', { name: 'Donate $50' })).toBeVisible();

  const email = `${uniqueName('donor')}@example.com`;
  await form.getByLabel('Your name').fill('Jamie Rivera');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Message (optional)').fill('For the rescue pups');
  await form.getByLabel('Make my donation anonymous').check();
  await fillCard(form, CARDS.visa);
  await form.getByRole('button', { name: 'Donate $50' }).click();

  await expect(page.getByText('Thank You for Your Donation!')).toBeVisible();
  await expect(page.getByText('Your gift of $50 helps rescued puppies find loving homes.')).toBeVisible();
  await expect(form.getByLabel('Your name')).toHaveValue('');
  await expect(form.getByLabel('Email')).toHaveValue('');
  await expect(form.getByLabel('Message (optional)')).toHaveValue('');
  await expect(form.getByLabel('Make my donation anonymous')).not.toBeChecked();
  await expect(form.getByRole('radio', { name: '$25', exact: true })).toBeChecked();
  await expect(form.getByLabel('Card number')).toHaveValue('');
  await expect(form.getByRole('button', { name: 'Donate $25' })).toBeVisible();
  await expectAccessible(page, 'donate after thanks');

  const outbox = (await (await request.get('/api/dev/outbox')).json()) as { to: string; text: string }[];
  expect(outbox.find((m) => m.to === email)?.text).toContain('$50.00');
});

test('the admin switches live payments on and off; the badge follows, also in another open tab', async ({
  page,
  browser,
}) => {
  await loginViaApi(page, DEMO.admin, '/admin');
  await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
  await expect(page.getByText('TEST MODE', { exact: true })).toBeVisible();
  await expect(page.getByText('pk_local_pup…')).toBeVisible();
  await expect(page.getByText('Connected')).toHaveCount(4);
  const enable = page.getByRole('button', { name: 'Enable Live Keys' });
  const disable = page.getByRole('button', { name: 'Disable Live Keys' });
  await expect(enable).toBeEnabled();
  await expect(disable).toBeDisabled();
  await expectAccessible(page, 'admin test mode');

  const other = await browser.newContext();
  const otherTab = withIslandGoto(await other.newPage());
  // The other tab's badge refreshes every 5 s on its own: its clock is moved on rather than waited for.
  await otherTab.clock.install();
  await loginViaApi(otherTab, DEMO.admin, '/admin');
  await expect(otherTab.getByText('TEST MODE', { exact: true })).toBeVisible();

  try {
    await enable.click();
    await expect(page.getByText('LIVE PAYMENTS', { exact: true })).toBeVisible();
    await expect(page.getByText('Live Payments Enabled')).toBeVisible();
    await expect(page.getByText('Real cards are charged and real money is processed.', { exact: false })).toBeVisible();
    await expect(page.getByText('pk_live_', { exact: false })).toBeVisible();
    await expect(enable).toBeDisabled();
    await expect(disable).toBeEnabled();
    await expectAccessible(page, 'admin live mode');
    // The other tab was not touched: its badge refreshes by itself (every 5 s).
    await otherTab.clock.fastForward(5000);
    await expect(otherTab.getByText('LIVE PAYMENTS', { exact: true })).toBeVisible();

    await disable.click();
    await expect(page.getByText('TEST MODE', { exact: true })).toBeVisible();
    await expect(enable).toBeEnabled();
    await otherTab.clock.fastForward(5000);
    await expect(otherTab.getByText('TEST MODE', { exact: true })).toBeVisible();
  } finally {
    await page.request.post('/api/admin/disable-live-keys');
    await other.close();
  }
});

test('a non-admin sees Access Denied on /admin', async ({ page }) => {
  await loginViaApi(page, DEMO.buyer, '/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('This page is only accessible to administrators.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable Live Keys' })).toHaveCount(0);
  await expectAccessible(page, 'admin access denied');
});

test('when Stripe.js cannot load, the page says Payment System Error instead of waiting', async ({
  page,
  playwright,
  baseURL,
}) => {
  const puppy = await publicListing(playwright.request, baseURL!, 700);
  await newBuyer(page);
  await page.route('**/api/stripe-public-key', (route) =>
    route.fulfill({ json: { publicKey: 'pk_test_e2eNotAKey', isLive: false } }),
  );
  await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
  await page.goto(`/checkout/${puppy.id}`);
  await expect(page.getByRole('heading', { name: 'Payment System Error' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Puppies' }).last()).toHaveAttribute('href', '/puppies');
  await expectAccessible(page, 'payment system error');
});

test('a logged-out visitor at checkout is told to log in and sent to /auth after a moment', async ({ page }) => {
  await page.goto('/checkout/2');
  await expect(page.getByText('Authentication Required', { exact: true })).toBeVisible();
  await expect(page.getByText('Please log in to buy a puppy.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?next=%2Fcheckout%2F2/);
});

test('on a phone the checkout page does not move while its order and form arrive after the script', async ({
  page,
  playwright,
  baseURL,
}) => {
  const puppy = await publicListing(playwright.request, baseURL!, 800);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginViaApi(page, DEMO.buyer);
  // every layout shift from the first paint on, as the browser reports them (Lighthouse's CLS)
  await page.addInitScript(() => {
    const seen = window as unknown as { layoutShift: number };
    seen.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) seen.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`/checkout/${puppy.id}`);
  await expect(page.getByRole('region', { name: 'Order Summary' }).getByText(puppy.name)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay $849.99' })).toBeAttached();
  // the observer hears of a shift in a task after the frame it happened in: two frames, then a task
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            setTimeout(() => resolve((window as unknown as { layoutShift: number }).layoutShift)),
          ),
        ),
      ),
  );
  // "good" CLS is at most 0.1; before the page kept the footer below the fold it was 0.7
  expect(shift).toBeLessThan(0.05);
});
