// /auth's forms work before and without their scripts (decision 0123): with JavaScript off a visitor logs
// in and registers through the forms the server rendered, and a refused post comes back with the island's
// words in the page and the username still typed; with the scripts held back, what was typed before the
// island woke up is still there after, and the island logs in. axe reads the page as the server rendered it.
import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from '../support/test.ts';
import { DEMO, expectAccessible, uniqueName } from '../support/e2e.ts';
import { expectHydrated, expectNotHydrated, holdIslandScripts } from '../support/hydration.ts';

const PASSWORD = 'a-good-long-password';

/** an account made through the API on a request context of its own (the page's context stays logged out) */
async function freshAccount(request: APIRequestContext): Promise<string> {
  const username = uniqueName('nojs');
  const response = await request.post('/api/register', {
    data: { username, password: PASSWORD, email: `${username}@example.com`, accountType: 'buyer', confirmAdult: true },
  });
  expect(response.status(), 'registering through the API').toBe(201);
  return username;
}

async function loggedInAs(page: Page): Promise<string | undefined> {
  const response = await page.request.get('/api/user');
  return response.ok() ? ((await response.json()) as { username: string }).username : undefined;
}

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('a wrong password comes back with the error and the username; the right one opens next', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const api = await playwright.request.newContext({ baseURL: baseURL! });
    const username = await freshAccount(api);
    await api.dispose();

    await page.goto('/auth?next=%2Fmessages');
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    const login = page.getByRole('form', { name: 'Login' });
    await expect(login.getByRole('button', { name: 'Login' })).toBeEnabled();

    await login.getByLabel('Username').fill(username);
    await login.getByLabel('Password').fill('not-my-password');
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/auth\?.*error=invalid_login/);
    await expect(login.getByRole('alert')).toHaveText('Login failed Invalid username or password.');
    await expect(login.getByLabel('Username')).toHaveValue(username);
    await expect(login.getByLabel('Password')).toHaveValue('');

    await login.getByLabel('Password').fill(PASSWORD);
    await login.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    expect(await loggedInAs(page)).toBe(username);
  });

  test('a taken username comes back with the message on the Register tab; a fresh one registers', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
    const register = page.getByRole('form', { name: 'Register' });
    const fill = async (username: string) => {
      await register.getByLabel('Username').fill(username);
      await register.getByLabel('Email').fill(`${username}@example.com`);
      await register.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await register.getByLabel('Confirm password').fill(PASSWORD);
      await register.getByLabel(/Seller:/).check();
      await register.getByLabel(/at least 18/).check();
      await register.getByRole('button', { name: 'Register' }).click();
    };

    await fill(DEMO.buyer.username);
    await expect(page).toHaveURL(/\/auth\?tab=register&.*error=username_taken/);
    await expect(register.getByRole('alert')).toHaveText('Registration failed That username is already taken.');
    // the field's own message too, as the island shows it
    await expect(register.getByLabel('Username')).toHaveAccessibleDescription('That username is already taken.');
    await expect(register.getByLabel('Username')).toHaveValue(DEMO.buyer.username);
    await expect(register.getByLabel(/Seller:/)).toBeChecked();

    const username = uniqueName('nojs');
    await fill(username);
    await expect(page).toHaveURL((url) => url.pathname === '/');
    expect(await loggedInAs(page)).toBe(username);
  });
});

test('a login typed before the scripts arrive is still there after, and the island logs in', async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL: baseURL! });
  const username = await freshAccount(api);
  await api.dispose();

  const release = await holdIslandScripts(page);
  await page.goto('/auth?next=%2Fmessages', { waitUntil: 'commit' });
  const login = page.getByRole('form', { name: 'Login' });
  await login.getByLabel('Username').fill(username);
  await login.getByLabel('Password').fill(PASSWORD);
  await expectNotHydrated(page, login);
  await expect(login.getByRole('button', { name: 'Login' })).toBeEnabled();

  release();
  await expectHydrated(page, login);
  await expect(login.getByLabel('Username')).toHaveValue(username);
  await expect(login.getByLabel('Password')).toHaveValue(PASSWORD);
  await login.getByRole('button', { name: 'Login' }).click();
  // the island's way: its toast, then next
  await expect(page.getByText(`Welcome back, ${username}!`)).toBeVisible();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(page.getByText(`Hi, ${username}`)).toBeVisible();
});

// axe runs as a script in the page, so JavaScript stays on; the islands' scripts are held back, so what it
// reads is the server's HTML, as a browser without scripts shows it.
test('axe finds nothing on /auth as the server renders it, refusals included', async ({ page }) => {
  await holdIslandScripts(page);
  for (const address of [
    '/auth',
    '/auth?error=invalid_login&username=someone',
    '/auth?tab=register&error=username_taken&username_error=username_taken&username=someone&accountType=seller',
    '/auth?tab=register&error=passwords_differ&confirmPassword_error=passwords_differ&confirmAdult_error=adult',
  ]) {
    await page.goto(address, { waitUntil: 'domcontentloaded' });
    const form = page.getByRole('form', { name: address.includes('register') ? 'Register' : 'Login' });
    await expectNotHydrated(page, form);
    await expectAccessible(page, `${address} before scripts`);
  }
});
