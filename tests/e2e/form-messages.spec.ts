// Validation messages (decision 0083) never move the control under the pointer, and are never part
// of a field's name: each field keeps a line for its message, outside its label, linked by
// aria-describedby.
import type { Locator } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { DEMO, expectAccessible, loginViaApi } from '../support/e2e.ts';

test('right after a mismatched confirmation, a click on the over-18 box ticks it', async ({ page }) => {
  test.slow();
  await page.goto('/auth?tab=register');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByRole('textbox', { name: 'Username', exact: true }).fill('early-bird');
  await form.getByLabel('Password', { exact: true }).fill('a-good-long-password');
  await form.getByLabel('Confirm password', { exact: true }).fill('a-good-long-passwor');
  // The pointer goes down on the box while the confirmation still has focus: its blur shows the message.
  const adult = form.getByRole('checkbox', { name: /I am at least 18 years old/ });
  await adult.click();
  await expect(form.getByText('Passwords do not match')).toBeVisible();
  await expect(adult).toBeChecked();

  const confirm = form.getByLabel('Confirm password', { exact: true });
  await expect(confirm).toHaveAccessibleName('Confirm password');
  await expect(confirm).toHaveAccessibleDescription('Passwords do not match');
  await expectAccessible(page, '/auth register with a message');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, '/auth register with a message at 390 px');
});

test("the post form's Name field keeps its name; its message is its description", async ({ page }) => {
  test.slow();
  await loginViaApi(page, DEMO.seller, '/post-puppy');
  const form = page.getByRole('form', { name: 'Post a Puppy' });
  const name = form.getByRole('textbox', { name: 'Name', exact: true });
  await expect(name).toBeVisible();
  await expect(name).toHaveAccessibleDescription('');

  await form.getByRole('button', { name: 'Post Puppy' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(name).toHaveAccessibleName('Name');
  await expect(name).toHaveAccessibleDescription('Name is required');
  await expect(form.getByRole('spinbutton', { name: 'Age (weeks)', exact: true })).toHaveAccessibleDescription(
    'Age must be at least 1 week',
  );
  await expect(form.getByRole('textbox', { name: 'Description', exact: true })).toHaveAccessibleDescription(
    'Description should be at least 10 characters',
  );

  // Typing a name clears the message; nothing below the field moves when it goes.
  const breed = form.getByRole('combobox', { name: 'Breed' });
  const before = await breed.boundingBox();
  await name.fill('Biscuit');
  await expect(form.getByText('Name is required')).toHaveCount(0);
  expect(await breed.boundingBox()).toEqual(before);
  await expectAccessible(page, '/post-puppy with messages');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, '/post-puppy with messages at 390 px');
});

// decision 0137: a star after each required field's label, explained at the top of the form; the control
// is required, and its accessible name stays its label's words
test('required fields are marked as required, on the contact page and the puppy inquiry', async ({ page }) => {
  const expectMarked = async (form: Locator, names: string[]) => {
    await expect(form.getByText('Fields marked * are required.')).toBeVisible();
    for (const name of names) {
      const control = form.getByRole('textbox', { name, exact: true });
      await expect(control).toHaveJSProperty('required', true);
      const star = await control.evaluate(
        (element) => getComputedStyle(document.querySelector(`label[for="${element.id}"]`)!, '::after').content,
      );
      expect(star, `the star after ${name}`).toContain('*');
    }
  };
  await page.goto('/contact');
  await expectMarked(page.getByRole('form', { name: 'Send us a message' }), ['Name', 'Email', 'Phone', 'Message']);
  const [puppy] = (await (await page.request.get('/api/puppies?status=available')).json()) as Array<{ id: number }>;
  await page.goto(`/puppies/${puppy!.id}`);
  await expectMarked(page.locator('#inquire'), ['Your name', 'Email', 'Phone', 'Message']);
});
