import { expect, test } from '../support/test.ts';
import { DEMO, expectAccessible, loginViaUi, registerViaUi, uniqueName } from '../support/e2e.ts';

const PROTECTED = [
  '/post-puppy',
  '/edit-puppy/1',
  '/my-listings',
  '/checkout/1',
  '/checkout-success?puppyId=1',
  '/listing-payment/1',
  '/admin',
];

test('a visitor registers, sees "Hi, name", logs out and logs back in', async ({ page, context }) => {
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page, '/auth logged out');

  const username = await registerViaUi(page);
  await expect(page.getByText('Registration successful')).toBeVisible();
  await expect(page.getByText(`Welcome, ${username}!`)).toBeVisible();
  // a family's header has no seller links (decision 0137; menus-by-role.spec.ts)
  await expect(page.getByRole('link', { name: 'Post a Puppy' })).toHaveCount(0);

  const cookie = (await context.cookies()).find((c) => c.name === 'pn_session');
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe('Lax');

  await page.getByText(`Hi, ${username}`).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Logged out', { exact: true })).toBeVisible();
  await expect(page.getByText('You have been successfully logged out.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  await loginViaUi(page, { username, password: 'a-good-long-password' });
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page.getByText(`Welcome back, ${username}!`)).toBeVisible();
});

test("the forms show the spec's field messages and the server's answer", async ({ page }) => {
  await page.goto('/auth');
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Username').fill('ab');
  await login.getByLabel('Password').fill('123');
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

  await login.getByLabel('Username').fill('nobody-at-all');
  await login.getByLabel('Password').fill('wrong-password');
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid username or password.')).toBeVisible();

  await page.getByRole('tab', { name: 'Register' }).click();
  const register = page.getByRole('form', { name: 'Register' });
  await register.getByLabel('Password', { exact: true }).fill('first-password');
  await register.getByLabel('Confirm password').fill('other-password');
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expectAccessible(page, '/auth register errors');

  await register.getByLabel('Username').fill(DEMO.buyer.username);
  await register.getByLabel('Email').fill('someone@example.com');
  await register.getByLabel('Confirm password').fill('first-password');
  await register.getByLabel(/at least 18/).check();
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Registration failed')).toBeVisible();
  await expect(page.getByText('That username is already taken.').first()).toBeVisible();
});

test('every protected route sends a logged-out visitor to /auth, and opens once logged in', async ({ page }) => {
  for (const path of PROTECTED) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/auth\?next=/);
  }
  await loginViaUi(page, DEMO.buyer, '/my-listings');
  await expect(page).toHaveURL(/\/my-listings$/);
  for (const path of PROTECTED.filter((p) => p !== '/admin')) {
    await page.goto(path);
    await expect(page.locator('main h1').first(), path).toBeVisible();
    expect(new URL(page.url()).pathname, path).toBe(path.split('?')[0]);
  }
});

test('a logged-in visitor who opens /auth is sent home', async ({ page }) => {
  await loginViaUi(page, DEMO.buyer);
  // The page sends a logged-in visitor on after 0.1 s, possibly before its load event: wait for the
  // navigation to start only, then for the redirect.
  await page.goto('/auth', { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/$/);
  await expectAccessible(page, 'home logged in', '.site-header');
});

test('/admin shows Access Denied to a normal user and the admin page to the admin', async ({ page }) => {
  await registerViaUi(page, { username: uniqueName('norm') });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText('This page is only accessible to administrators.')).toBeVisible();
  await expectAccessible(page, '/admin denied');

  await page.context().clearCookies();
  await loginViaUi(page, DEMO.admin, '/admin');
  await expect(page.getByRole('heading', { name: 'Admin' })).toBeVisible();
  await expect(page.getByText('TEST MODE')).toBeVisible();
});

test('a long name ends in an ellipsis in the "Hi, name" pill, and the account menu shows it whole', async ({
  page,
}) => {
  test.slow();
  const username = uniqueName('montgomery-').padEnd(30, 'x');
  await registerViaUi(page, { username });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    const greeting = page.getByText(`Hi, ${username}`);
    await expect(greeting).toBeVisible();
    // cut to fit its pill, with the ellipsis the browser draws for text-overflow
    const cut = await greeting.evaluate((element) => ({
      clipped: element.scrollWidth > element.clientWidth,
      ellipsis: getComputedStyle(element).textOverflow === 'ellipsis',
      inPill: element.getBoundingClientRect().right <= element.closest('summary')!.getBoundingClientRect().right,
    }));
    expect(cut).toEqual({ clipped: true, ellipsis: true, inPill: true });

    await greeting.click();
    await expect(page.getByText(`Signed in as ${username}`)).toBeVisible();
    await expect(
      page.getByRole('list').filter({ hasText: 'Signed in as' }).getByRole('link', { name: 'My Orders' }),
    ).toBeVisible();
    await expectAccessible(page, `account menu open at ${width} px`, '.site-header');
    await page.keyboard.press('Escape');
    await expect(page.getByText(`Signed in as ${username}`)).toBeHidden();
  }
});
