// A breed page works without JavaScript (decision 0130, docs/product.md §19): from a listing page, the
// breed in its Details leads to /breeds/{slug}, which shows the editors' profile, the breed's recommended
// health tests and the catalogue's live figures (the same the API answers), its breeders best rated
// first and its available puppies; "See all" opens the list filtered to the breed, whose "About the
// {breed}" leads back. An unknown breed is the site's 404 page. The page passes axe without scripts at
// desktop and phone widths.
import type { BreedPageView } from '#contracts/breed-pages.ts';
import type { PuppyPage } from '#contracts/puppies.ts';
import { expect, test } from '../support/test.ts';
import { expectAccessibleWithoutScripts } from '../support/no-script-axe.ts';

const dollars = (n: number) => `$${n.toLocaleString('en-US')}`;

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('a listing leads to its breed page, with the profile, the live figures, breeders and puppies', async ({
    page,
  }) => {
    // an available listing of a breed the demo content describes
    const found = (await (await page.request.get('/api/puppies?status=available&limit=100')).json()) as PuppyPage;
    let listing: PuppyPage['items'][number] | undefined;
    let view: BreedPageView | undefined;
    for (const item of found.items) {
      const slug = item.breed!.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      const answer = await page.request.get(`/api/breeds/${slug}`);
      const candidate = (await answer.json()) as BreedPageView;
      if (answer.ok() && candidate.profile && candidate.breeders.length > 0) {
        listing = item;
        view = candidate;
        break;
      }
    }
    expect(view, 'a listing whose breed has a written profile').toBeDefined();
    const breed = view!;

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/puppies/${listing!.id}`);
    await page.getByRole('region', { name: 'Details' }).getByRole('link', { name: breed.name }).click();
    await expect(page).toHaveURL(new RegExp(`/breeds/${breed.slug}$`));

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(breed.name);
    // the editors' words
    await expect(page.getByText(breed.profile!.temperament!)).toBeVisible();
    await expect(page.getByText(breed.profile!.careNotes!)).toBeVisible();
    await expect(page.getByText(`Adults weigh ${breed.profile!.adultWeight}`)).toBeVisible();
    // the live figures, as the API counts them
    await expect(page.getByTestId('breed-available')).toHaveText(String(breed.figures.available));
    const range = breed.figures.priceRange!;
    await expect(page.getByTestId('breed-price')).toHaveText(
      range.low === range.high ? dollars(range.low) : `${dollars(range.low)}–${dollars(range.high)}`,
    );
    // the recommended tests, or the note for a cross
    const tests = page.getByRole('region', { name: 'Health tests for the parents' }).getByRole('listitem');
    await expect(tests).toHaveCount(breed.recommendedTests.length);
    // breeders best rated first, each linking to their page
    const breeders = page.getByRole('region', { name: `${breed.name} breeders` }).getByRole('listitem');
    await expect(breeders.first().getByRole('link', { name: breed.breeders[0]!.kennelName })).toHaveAttribute(
      'href',
      `/breeders/${breed.breeders[0]!.slug}`,
    );
    // the available puppies as the site's cards, and the list's own address for the rest
    const puppies = page.getByRole('region', { name: `Available ${breed.name} puppies` });
    await expect(puppies.locator('article.puppy-card')).toHaveCount(Math.min(6, breed.figures.available));
    const seeAll = puppies.getByRole('link', { name: /^See all \d+ / });
    await expect(seeAll).toHaveText(
      `See all ${breed.figures.available} ${breed.name} ${breed.figures.available === 1 ? 'puppy' : 'puppies'}`,
    );
    await expect(seeAll).toHaveAttribute('href', `/puppies?breed=${breed.id}&minPrice=0&maxPrice=5000`);

    await expectAccessibleWithoutScripts(page, 'breed page at 1280 px');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessibleWithoutScripts(page, 'breed page at 390 px');

    // the list filtered to the breed links back to the breed's page
    await seeAll.click();
    await expect(page).toHaveURL(new RegExp(`/puppies\\?breed=${breed.id}&minPrice=0&maxPrice=5000$`));
    await page.getByRole('link', { name: `About the ${breed.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/breeds/${breed.slug}$`));
  });

  test('a ZIP code shows the breed’s nearest puppies first, each with its distance; an unknown ZIP says so', async ({
    page,
  }) => {
    // a breed with two or more available puppies, so that their order can be seen
    const found = (await (await page.request.get('/api/puppies?status=available&limit=100')).json()) as PuppyPage;
    const counts = new Map<string, number>();
    for (const item of found.items) counts.set(item.breed!.name, (counts.get(item.breed!.name) ?? 0) + 1);
    const name = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    const slug = name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/-+$/, '');
    // the page's cards are the list's own query: available, at any price (decisions 0130, 0133)
    const nearest = (await (
      await page.request.get(
        `/api/puppies?breed=${encodeURIComponent(name)}&status=available&near=80202&sort=distance&limit=6`,
      )
    ).json()) as PuppyPage;

    await page.goto(`/breeds/${slug}`);
    const form = page.getByRole('form', { name: 'Nearest puppies' });
    await form.getByLabel('Your ZIP code').fill('80202');
    await form.getByRole('button', { name: 'Show nearest' }).click();
    await expect(page).toHaveURL(new RegExp(`/breeds/${slug}\\?near=80202$`));
    const section = page.getByRole('region', { name: `${name} puppies nearest 80202` });
    const cards = section.locator('article.puppy-card');
    await expect(cards.locator('h3')).toHaveText(nearest.items.map((p) => p.name));
    await expect(cards.first()).toContainText(`~${nearest.items[0]!.distanceMiles} mi away`);
    await expect(section.getByRole('link', { name: /^See all/ })).toHaveAttribute('href', /near=80202&sort=distance/);

    await form.getByLabel('Your ZIP code').fill('00000');
    await form.getByRole('button', { name: 'Show nearest' }).click();
    await expect(form.getByRole('alert')).toContainText('We could not find the ZIP code 00000');
    await expect(form.getByLabel('Your ZIP code')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('region', { name: `Available ${name} puppies` })).toBeVisible();
  });

  test('an unknown breed is the site’s 404 page', async ({ page }) => {
    const response = await page.goto('/breeds/giant-flying-poodle');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
  });
});

test('the breed page is in sitemap.xml', async ({ page }) => {
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/breeds/golden-retriever</loc>');
  expect(sitemap).toContain('/breeds/corgi-pembroke-welsh</loc>');
});
