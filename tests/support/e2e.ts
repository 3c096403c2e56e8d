// Playwright helpers: accessibility checks and account steps a person takes.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from './test.ts';

/** axe finds nothing (WCAG 2.2 A/AA and best practices) */
/**
 * axe finds nothing on the page, or only `within` one part of it: a check of a state that changed one
 * part (a menu opened, a tab switched) reads that part, the page around it having been checked in its
 * first state. A whole-page pass of the home page takes about 2 s on this machine; 87 of them were half
 * a minute of the end-to-end run.
 */
export async function expectAccessible(page: Page, label = page.url(), within?: string): Promise<void> {
  // Only violations are read, so axe need not gather the nodes of every rule that passed (much of its time).
  let axe = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ resultTypes: ['violations'] });
  if (within) axe = axe.include(within);
  const results = await axe.analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

let counter = 0;
export function uniqueName(prefix = 'pup'): string {
  return `${prefix}${Date.now().toString(36)}${counter++}`;
}

/**
 * A person's desktop Chrome: headless Chromium says "HeadlessChrome", which isbot rightly counts as a bot,
 * so a test of what a visitor's view counts (decision 0135) browses as this
 */
export const PERSON_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export const DEMO = {
  buyer: { username: 'demo-buyer', password: 'puppynest-buyer' },
  seller: { username: 'demo-seller', password: 'puppynest-seller' },
  admin: { username: 'admin', password: 'puppynest-admin' },
} as const;

/** registers through the /auth page like a visitor would */
export async function registerViaUi(page: Page, options: { username?: string; accountType?: 'buyer' | 'seller' } = {}) {
  const username = options.username ?? uniqueName();
  await page.goto('/auth?tab=register');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Email').fill(`${username}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill('a-good-long-password');
  await form.getByLabel('Confirm password').fill('a-good-long-password');
  await form.getByLabel(options.accountType === 'seller' ? /Seller:/ : /Buyer:/).check();
  await form.getByLabel(/at least 18/).check();
  await form.getByRole('button', { name: 'Register' }).click();
  // The header greets the user before the page moves on: wait for both.
  await page.waitForURL((url) => url.pathname !== '/auth');
  await expect(page.getByText(`Hi, ${username}`)).toBeVisible();
  return username;
}

/** logs in through the /auth page */
export async function loginViaUi(page: Page, account: { username: string; password: string }, next?: string) {
  await page.goto(next ? `/auth?next=${encodeURIComponent(next)}` : '/auth');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname !== '/auth');
  await expect(page.getByText(`Hi, ${account.username}`)).toBeVisible();
}

/**
 * logs in through the API, for tests that are not about logging in (auth.spec.ts logs in through the
 * page): the session cookie lands in the page's context; then the page opens `next` when one is given.
 */
export async function loginViaApi(page: Page, account: { username: string; password: string }, next?: string) {
  const response = await page.request.post('/api/login', { data: account });
  expect(response.ok(), `logging in as ${account.username}`).toBe(true);
  if (next) await page.goto(next);
}

/** the newest message the outbox (GET /api/dev/outbox) holds for `to`, waiting briefly for it to arrive */
export async function outboxMessage(
  page: Page,
  to: string,
): Promise<{ to: string; subject: string; text: string; createdAt: string }> {
  let found: { to: string; subject: string; text: string; createdAt: string } | undefined;
  await expect(async () => {
    const response = await page.request.get('/api/dev/outbox');
    expect(response.ok()).toBe(true);
    const entries = (await response.json()) as { to: string; subject: string; text: string; createdAt: string }[];
    found = entries.find((entry) => entry.to === to);
    expect(found, `a message to ${to} in the outbox`).toBeDefined();
  }).toPass({ timeout: 5000 });
  return found!;
}
