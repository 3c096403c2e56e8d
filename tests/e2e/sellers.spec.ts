import { expect, test, type Page } from '../support/test.ts';
import { DEMO, expectAccessible, outboxMessage, registerViaUi, uniqueName } from '../support/e2e.ts';

const TITLE = 'Become a Seller - List Your Puppies';

/** opens /sellers and waits until its island has hydrated (Astro drops the island's `ssr` attribute then) */
async function openSellers(page: Page) {
  await page.goto('/sellers');
  await expect(page.locator('astro-island:has([role="tablist"])')).not.toHaveAttribute('ssr');
}

async function fillApplication(page: Page, values: { name: string; email: string; phone?: string }) {
  const form = page.getByRole('form', { name: 'Seller Application' });
  await form.getByLabel('Name (full name or kennel name)', { exact: true }).fill(values.name);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(values.email);
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill(values.phone ?? '(555) 010-2000');
  await form.getByLabel('Location', { exact: true }).fill('Austin, TX');
  await form
    .getByLabel('Breeding experience', { exact: true })
    .fill('Ten years raising health-tested Golden Retrievers at home.');
  await form.getByLabel('Breed specialties', { exact: true }).fill('Golden Retriever');
  await form.getByLabel(/I agree to the terms and conditions/).check();
  return form;
}

/** sends a code to `email`, reads it from the dev outbox and verifies it, like a person with two tabs */
async function verifyEmail(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Seller Application' });
  await form.getByRole('button', { name: 'Send Verification Code' }).click();
  await expect(page.getByText('Verification Code Sent')).toBeVisible();
  await expect(page.getByText('Please check your email for the verification code.')).toBeVisible();
  const mail = await outboxMessage(page, email);
  expect(mail.subject).toBe('Your PuppyNest verification code');
  const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
  await form.getByLabel('Verification code').fill(code);
  await form.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page.getByText('Verification Successful')).toBeVisible();
  await expect(page.getByText('Your email has been verified.')).toBeVisible();
  await expect(form.getByText('Your email address is verified.')).toBeVisible();
}

test('a new user becomes a seller, starts the 7-day trial and lists a puppy without a listing fee', async ({
  page,
  request,
}) => {
  test.slow();
  const username = await registerViaUi(page);
  const email = `${username}@example.com`;
  await expect(page).toHaveURL(/\/$/);

  await openSellers(page);
  await expect(page).toHaveTitle(new RegExp(`^${TITLE}`));
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Benefits' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Why sell on PuppyNest?' })).toBeVisible();
  await expect(
    page.getByText('Every plan starts with a 7-day free trial. No commitment, cancel anytime during the trial.'),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Payment' })).toBeDisabled();
  await expectAccessible(page, '/sellers benefits');

  await page.getByRole('tab', { name: 'Requirements' }).click();
  await expect(page.getByRole('heading', { name: 'What you need to become a seller' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Why sell on PuppyNest?' })).toBeHidden();
  await expectAccessible(page, '/sellers requirements');

  await page.getByRole('tab', { name: 'Apply' }).click();
  const form = page.getByRole('form', { name: 'Seller Application' });
  await expect(form).toBeVisible();
  // The plans of docs/product.md §9, monthly chosen by default.
  await expect(form.getByRole('radio', { name: /Monthly/ })).toBeChecked();
  await expect(form.getByText('$19.99')).toBeVisible();
  await expect(form.getByText('$99.99')).toBeVisible();
  await expect(form.getByText('Save $20 (17%)')).toBeVisible();
  await expect(form.getByText('$179.99')).toBeVisible();
  await expect(form.getByText('Save $60 (25%)')).toBeVisible();
  await expect(form.getByText('Up to 10 listings')).toBeVisible();
  await expect(form.getByText('Unlimited listings')).toBeVisible();
  await expectAccessible(page, '/sellers apply');

  await fillApplication(page, { name: 'Sunny Acres Kennel', email });
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Verification Required')).toBeVisible();
  await expect(page.getByText('Please verify your email address before submitting your application.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Payment' })).toBeDisabled();

  await verifyEmail(page, email);
  await form.getByRole('button', { name: 'Submit Application' }).click();

  const paymentTab = page.getByRole('tab', { name: 'Payment' });
  await expect(paymentTab).toBeEnabled();
  await expect(paymentTab).toHaveAttribute('aria-selected', 'true');
  const payment = page.getByRole('tabpanel', { name: 'Payment' });
  await expect(payment.getByText('7-Day Free Trial', { exact: true })).toBeVisible();
  await expect(payment.getByText('Monthly plan')).toBeVisible();
  await expect(payment.locator('s')).toHaveText(/\$19\.99/);
  await expect(payment.getByText('$0 today')).toBeVisible();
  const trialEnd = new Date();
  trialEnd.setDate(trialEnd.getDate() + 7);
  const endText = trialEnd.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
  await expect(
    payment.getByText(`No commitment • Cancel anytime during trial • No charges until ${endText}`),
  ).toBeVisible();
  // Becoming a seller is stored: the account is a seller now.
  expect((await (await page.request.get('/api/user')).json()).accountType).toBe('seller');
  await expectAccessible(page, '/sellers payment');

  await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payment.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
  await payment.getByLabel('CVC').fill('123');
  await payment.getByLabel('ZIP').fill('78701');
  const start = payment.getByRole('button', { name: 'Start 7-Day Free Trial' });
  await start.click();
  await expect(page.getByText('Free Trial Started!')).toBeVisible();
  await expect(page.getByText('7-day trial is active; billing begins on the trial end date')).toBeVisible();
  await expect(payment.getByRole('heading', { name: 'Your seller plan is active' })).toBeVisible();
  await expect(payment.getByText(`Your free trial runs until ${endText}.`)).toBeVisible();
  await expectAccessible(page, '/sellers trial started');

  const plan = await (await page.request.get('/api/seller/plan')).json();
  expect(plan).toMatchObject({ plan: 'monthly', status: 'trialing', listingLimit: 10, liveListings: 0 });

  // Post a puppy: with the plan it goes live at once, with no listing fee to pay.
  const photo = await page.request.get(
    ((await (await page.request.get('/api/puppies')).json()) as { imageUrl: string }[])[0]!.imageUrl,
  );
  const name = uniqueName('Trial');
  await page.goto('/post-puppy');
  const post = page.getByRole('form', { name: 'Post a Puppy' });
  await post.getByLabel('Name', { exact: true }).fill(name);
  await post.getByLabel('Breed').selectOption({ label: 'Golden Retriever' });
  await post.getByLabel('Female').check();
  await post.getByLabel('Age (weeks)').fill('9');
  await post.getByLabel('Weight (lbs)').fill('6.5');
  await post.getByLabel('Price ($)').fill('1200');
  await post.getByLabel('Description').fill('A sweet, playful puppy raised at home with children.');
  await post.getByLabel('Location').fill('Austin, TX');
  await post.getByLabel('ZIP code').fill('78701');
  await post.getByLabel('Primary image').setInputFiles({
    name: 'puppy.jpg',
    mimeType: photo.headers()['content-type'] ?? 'image/jpeg',
    buffer: await photo.body(),
  });
  await expect(post.getByAltText('Main photo preview')).toBeVisible();
  await post.getByRole('button', { name: 'Post Puppy' }).click();
  await expect(page).toHaveURL(/\/my-listings/);
  // The plan shows in My Listings with its trial end and listing limit.
  await expect(page.getByText(/Your seller plan:/)).toBeVisible();
  await expect(page.getByText(/free trial until .* 1 of 10 listings live/)).toBeVisible();

  const mine = (await (await page.request.get('/api/my-puppies')).json()) as {
    id: number;
    name: string;
    listingStatus: string;
  }[];
  const posted = mine.find((p) => p.name === name)!;
  expect(posted.listingStatus).toBe('active');
  // Public for everyone, not only its owner.
  expect((await request.get(`/api/puppies/${posted.id}`)).status()).toBe(200);
  await page.goto(`/puppies/${posted.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(await (await page.request.get('/api/seller/plan')).json()).toMatchObject({ liveListings: 1 });
  expect((await (await page.request.get('/api/user')).json()).hasActiveListingPlan).toBe(true);
});

test('the application and verification say what is missing or wrong', async ({ page }) => {
  await openSellers(page);
  await page.getByRole('tab', { name: 'Apply' }).click();
  const form = page.getByRole('form', { name: 'Seller Application' });

  await form.getByRole('button', { name: 'Submit Application' }).click();
  for (const message of [
    'Name is required',
    'Invalid email address',
    'Phone number must be at least 10 digits',
    'Location is required',
    'Please describe your breeding experience',
    'Please list your breed specialties',
    'You must agree to the terms and conditions',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(form.getByLabel('Name (full name or kennel name)', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectAccessible(page, '/sellers apply with errors');

  await form.getByRole('button', { name: 'Send Verification Code' }).click();
  await expect(page.getByText('Email Required')).toBeVisible();
  await expect(page.getByText('Please enter your email address first.')).toBeVisible();

  const email = `${uniqueName('kennel')}@example.com`;
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page.getByText('Missing Information')).toBeVisible();
  await expect(page.getByText('Please enter your verification code.')).toBeVisible();

  await form.getByRole('button', { name: 'Send Verification Code' }).click();
  await expect(page.getByText('Verification Code Sent')).toBeVisible();
  const code = /\b(\d{6})\b/.exec((await outboxMessage(page, email)).text)![1]!;
  await form.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
  await form.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page.getByText('Verification Failed')).toBeVisible();
  await expect(page.getByText('Invalid verification code.')).toBeVisible();

  // Asking again within the minute is refused with the server's words.
  await form.getByRole('button', { name: 'Resend Code' }).click();
  await expect(page.getByText('Failed to Send Code')).toBeVisible();
  await expect(page.getByText('Please wait a minute before requesting another code.')).toBeVisible();

  await form.getByRole('radio', { name: 'Phone' }).check();
  await form.getByRole('button', { name: 'Send Verification Code' }).click();
  await expect(page.getByText('Phone Required')).toBeVisible();
  await expect(page.getByText('Please enter your phone number first.')).toBeVisible();
});

test('with SMS unavailable the phone option is disabled', async ({ page }) => {
  await page.route('**/api/sms-available', (route) => route.fulfill({ json: { available: false } }));
  await openSellers(page);
  await page.getByRole('tab', { name: 'Apply' }).click();
  const form = page.getByRole('form', { name: 'Seller Application' });
  await expect(form.getByRole('radio', { name: 'Phone' })).toBeDisabled();
  await expect(form.getByRole('radio', { name: 'Email' })).toBeChecked();
  await expect(form.getByText('Phone verification is not available right now. Please verify by email.')).toBeVisible();
  await expectAccessible(page, '/sellers apply without SMS');
});

test('a visitor verifies by phone, is asked to register first, and finds the application kept', async ({ page }) => {
  test.slow();
  await openSellers(page);
  await page.getByRole('tab', { name: 'Apply' }).click();
  const form = page.getByRole('form', { name: 'Seller Application' });
  await expect(form.getByRole('radio', { name: 'Phone' })).toBeEnabled();
  const digits = `555${String(Date.now()).slice(-7)}`;
  const phone = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  await fillApplication(page, { name: 'Bluebonnet Puppies', email: `${uniqueName('blue')}@example.com`, phone });
  await form.getByRole('radio', { name: 'Phone' }).check();
  await form.getByRole('button', { name: 'Send Verification Code' }).click();
  await expect(page.getByText('Please check your phone for the verification code.')).toBeVisible();
  const sms = await outboxMessage(page, digits);
  await form.getByLabel('Verification code').fill(/\b(\d{6})\b/.exec(sms.text)![1]!);
  await form.getByRole('button', { name: 'Verify Code' }).click();
  await expect(page.getByText('Your phone has been verified.')).toBeVisible();

  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText('Please log in or register to submit your application.')).toBeVisible();
  await expectAccessible(page, '/sellers asks to log in');
  await form.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/auth\?tab=register&next=%2Fsellers/);

  const username = uniqueName('blue');
  const register = page.getByRole('form', { name: 'Register' });
  await register.getByLabel('Username').fill(username);
  await register.getByLabel('Email').fill(`${username}@example.com`);
  await register.getByLabel('Password', { exact: true }).fill('a-good-long-password');
  await register.getByLabel('Confirm password').fill('a-good-long-password');
  await register.getByLabel(/at least 18/).check();
  await register.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(/\/sellers$/);
  await expect(page.getByRole('tab', { name: 'Apply' })).toHaveAttribute('aria-selected', 'true');
  const back = page.getByRole('form', { name: 'Seller Application' });
  await expect(back.getByLabel('Name (full name or kennel name)', { exact: true })).toHaveValue('Bluebonnet Puppies');
  await expect(back.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue(phone);
  await expect(back.getByRole('radio', { name: 'Phone' })).toBeChecked();
  await expect(back.getByText('Your phone number is verified.')).toBeVisible();
  await back.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('tab', { name: 'Payment' })).toHaveAttribute('aria-selected', 'true');
  expect((await (await page.request.get('/api/user')).json()).accountType).toBe('seller');
});

/** registers, verifies and applies through the API, as the first test does through the page */
async function approvedApplicant(page: Page) {
  const username = uniqueName('pay');
  const email = `${username}@example.com`;
  expect(
    (
      await page.request.post('/api/register', {
        data: { username, password: 'a-good-long-password', email, accountType: 'buyer', confirmAdult: true },
      })
    ).status(),
  ).toBe(201);
  expect((await page.request.post('/api/send-verification-code', { data: { email, method: 'email' } })).ok()).toBe(
    true,
  );
  const code = /\b(\d{6})\b/.exec((await outboxMessage(page, email)).text)![1]!;
  expect((await page.request.post('/api/verify-code', { data: { email, code, method: 'email' } })).ok()).toBe(true);
  const application = {
    name: 'Cascade Doodles',
    email,
    phone: '(555) 010-3000',
    location: 'Portland, OR',
    experience: 'Eight years.',
    breedSpecialty: 'Goldendoodle',
    termsAgreed: true,
    plan: 'annual',
  };
  expect((await page.request.post('/api/seller-applications', { data: application })).status()).toBe(201);
  return { username, email };
}

async function fillCard(page: Page, number: string) {
  const payment = page.getByRole('tabpanel', { name: 'Payment' });
  await payment.getByLabel('Card number').fill(number);
  await payment.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
  await payment.getByLabel('CVC').fill('123');
  await payment.getByLabel('ZIP').fill('97201');
  return payment;
}

test('a declined card says Payment Failed; a card that asks for authentication starts the trial once approved', async ({
  page,
}) => {
  await approvedApplicant(page);
  await openSellers(page);
  // The stored application keeps the Payment tab open, with the plan chosen in it.
  await page.getByRole('tab', { name: 'Payment' }).click();
  let payment = await fillCard(page, '4000 0000 0000 0002');
  await expect(payment.getByText('Annual plan')).toBeVisible();
  await expect(payment.locator('s')).toHaveText(/\$179\.99/);
  await expect(payment.getByText('Test mode').first()).toBeVisible();
  await payment.getByRole('button', { name: 'Start 7-Day Free Trial' }).click();
  await expect(page.getByText('Payment Failed')).toBeVisible();
  await expect(payment.getByRole('alert')).toHaveText('Your card was declined.');
  expect(await (await page.request.get('/api/seller/plan')).json()).toBeNull();
  await expectAccessible(page, '/sellers payment failed');

  payment = await fillCard(page, '4000 0025 0000 3155');
  await payment.getByRole('button', { name: 'Start 7-Day Free Trial' }).click();
  await expect(payment.getByRole('button', { name: 'Setting up your trial...' })).toBeDisabled();
  const challenge = page.getByRole('dialog', { name: 'Authentication required' });
  await expect(challenge).toBeVisible();
  await challenge.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page.getByText('Free Trial Started!')).toBeVisible();
  await expect(payment.getByRole('heading', { name: 'Your seller plan is active' })).toBeVisible();
  await expect(payment.getByText(/You can list unlimited puppies without a listing fee/)).toBeVisible();
  expect(await (await page.request.get('/api/seller/plan')).json()).toMatchObject({
    plan: 'annual',
    status: 'trialing',
    listingLimit: null,
  });
});

test('the structured data of /sellers states the monthly plan at $19.99', async ({ page }) => {
  await openSellers(page);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const text = blocks.join('\n');
  expect(text).not.toContain('29.99');
  const nodes = blocks.flatMap((block) => {
    const data = JSON.parse(block) as { '@graph'?: unknown[] };
    return (data['@graph'] ?? [data]) as {
      '@type'?: string;
      name?: string;
      offers?: { price: string; priceCurrency: string };
    }[];
  });
  const monthly = nodes.find((node) => node['@type'] === 'Product' && /Monthly/.test(node.name ?? ''));
  expect(monthly?.offers).toMatchObject({ price: '19.99', priceCurrency: 'USD' });
  // The page shows the same price.
  await page.getByRole('tab', { name: 'Apply' }).click();
  await expect(page.getByRole('radio', { name: /Monthly/ })).toBeChecked();
  await expect(page.getByRole('form', { name: 'Seller Application' }).getByText('$19.99')).toBeVisible();
});

test('a plan chosen on the home page arrives selected in the Apply tab, and stays chosen through a login', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Start Free Trial with the Annual plan' }).click();
  await expect(page).toHaveURL(/\/sellers\?plan=annual$/);
  await expect(page.locator('astro-island:has([role="tablist"])')).not.toHaveAttribute('ssr');
  await page.getByRole('tab', { name: 'Apply' }).click();
  const apply = page.getByRole('tabpanel', { name: 'Apply' });
  await expect(apply.getByRole('radio', { name: /^Annual/ })).toBeChecked();
  await expect(apply.getByRole('radio', { name: /^Monthly/ })).not.toBeChecked();

  // A logged-out visitor is told at the top that submitting needs an account, before typing anything.
  await expect(apply.getByText('Log in before you submit.')).toBeVisible();
  await expectAccessible(page, '/sellers Apply tab, logged out');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, '/sellers Apply tab, logged out, at 390 px');
  await page.setViewportSize({ width: 1280, height: 720 });

  await apply.getByLabel('Name (full name or kennel name)', { exact: true }).fill('Prairie Goldens');
  await apply.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth\?next=%2Fsellers$/);
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Username').fill(DEMO.buyer.username);
  await login.getByLabel('Password').fill(DEMO.buyer.password);
  await login.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(/\/sellers$/);
  await expect(page.getByRole('tab', { name: 'Apply' })).toHaveAttribute('aria-selected', 'true');
  await expect(apply.getByRole('radio', { name: /^Annual/ })).toBeChecked();
  await expect(apply.getByLabel('Name (full name or kennel name)', { exact: true })).toHaveValue('Prairie Goldens');
  await expect(apply.getByText('Log in before you submit.')).toHaveCount(0);
});

test('an unknown plan in the address falls back to monthly', async ({ page }) => {
  await page.goto('/sellers?plan=lifetime');
  await expect(page.locator('astro-island:has([role="tablist"])')).not.toHaveAttribute('ssr');
  await page.getByRole('tab', { name: 'Apply' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Apply' }).getByRole('radio', { name: /^Monthly/ })).toBeChecked();
});
