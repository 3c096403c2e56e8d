// Saved searches and alerts (docs/product.md §21, decision 0131): a logged-in family filters /puppies and
// chooses "Alert me"; a seller publishes a matching puppy; one run of the alerts job (the dev endpoint,
// what the 30 s job does) mails it, with a working link to the puppy. And the same form without
// JavaScript for a visitor: an email, the confirmation link's button, then the alert is on.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, uniqueName } from '../support/e2e.ts';
import { newBuyer, publicListing } from '../support/e2e-payments.ts';
import { expectAccessibleWithoutScripts } from '../support/no-script-axe.ts';

interface Mail {
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string> | null;
}

/** the newest mail to `to` whose subject matches, waiting for it */
async function mailTo(page: Page, to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect(async () => {
    const entries = (await (await page.request.get('/api/dev/outbox')).json()) as Mail[];
    found = entries.find((entry) => entry.to === to && subject.test(entry.subject));
    expect(found, `a mail to ${to}: ${subject}`).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return found!;
}

/** one run of the alerts job now (the server's own runs every 30 s) */
async function runAlerts(page: Page) {
  expect((await page.request.post('/api/dev/alerts/run')).ok()).toBe(true);
}

const linkIn = (text: string, path: RegExp) =>
  new URL(path.exec(text)![0]).pathname + new URL(path.exec(text)![0]).search;

test('a logged-in family saves an instant alert from its filters, and a matching puppy published later is mailed with its link', async ({
  page,
  playwright,
  baseURL,
}) => {
  const username = await newBuyer(page);
  const email = `${username}@example.com`;
  await page.goto('/puppies');
  await page.getByLabel('Breed', { exact: true }).selectOption('1');
  await expect(page).toHaveURL(/breed=1/);
  const form = page.getByRole('region', { name: 'Get new matches by email' });
  // an account's alert goes to its email: no field to fill
  await expect(form.getByLabel('Your email')).toBeHidden();
  await form.getByLabel('As they are listed').check();
  await form.getByRole('button', { name: 'Alert me' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Alert saved.' })).toBeVisible();
  await expect(page).toHaveURL(/breed=1/);

  const puppy = await publicListing(playwright.request, baseURL!, 1300);
  await runAlerts(page);
  const mail = await mailTo(page, email, new RegExp(`New match: ${puppy.name}`));
  expect(mail.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  await page.goto(linkIn(mail.text, new RegExp(`https?://[^\\s]+/puppies/${puppy.id}`)));
  await expect(page.getByRole('heading', { level: 1, name: puppy.name })).toBeVisible();

  // /alerts lists it, with its forms
  await page.goto('/alerts');
  await expect(page.getByRole('heading', { level: 1, name: 'Puppy alerts' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pause alert:/ })).toBeVisible();
  await expectAccessible(page, '/alerts with an alert');

  // and /saved lists it among the saved searches, a link to its list (decision 0132)
  await page.goto('/saved');
  const searches = page.getByRole('region', { name: /^Saved searches/ });
  await expect(searches.getByRole('listitem')).toHaveCount(1);
  await expect(searches.getByRole('listitem').getByRole('link')).toHaveAttribute('href', /^\/puppies\?breed=1/);
  await expect(searches).toContainText('As they are listed · On');
  await expect(searches.getByRole('link', { name: 'Pause or delete your alerts' })).toHaveAttribute('href', '/alerts');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor saves an alert with an email, confirms it by the link’s button, and gets the next match', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const email = `${uniqueName('visitor')}@example.com`;
    await page.goto('/puppies?breed=1');
    const form = page.getByRole('region', { name: 'Get new matches by email' });
    await form.getByLabel('Your email').fill(email);
    await form.getByRole('button', { name: 'Alert me' }).click();
    await expect(page.getByText('Almost done: we sent you an email.')).toBeVisible();
    await expect(page).toHaveURL(/\/puppies\?breed=1&alert=confirm#alert-me$/);
    await expectAccessibleWithoutScripts(page, '/puppies with the Alert me message');

    const confirm = await mailTo(page, email, /^Confirm your PuppyNest puppy alert$/);
    await page.goto(linkIn(confirm.text, /https?:\/\/\S+\/alerts\?confirm=[\w-]+/));
    await page.getByRole('button', { name: 'Start my alert' }).click();
    await expect(page.getByText('Your alert is on.')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    const puppy = await publicListing(playwright.request, baseURL!, 1400);
    await runAlerts(page);
    const mail = await mailTo(page, email, new RegExp(`New match: ${puppy.name}`));
    // the unsubscribe page's button, without a login
    await page.goto(linkIn(mail.text, /https?:\/\/\S+\/alerts\?unsubscribe=[\w.-]+/));
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText('You are unsubscribed.')).toBeVisible();
  });
});
