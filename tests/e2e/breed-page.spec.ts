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
    await expect(seeAll).toHaveAttribute('href', `/puppies?breed=${breed.id}`);

    await expectAccessibleWithoutScripts(page, 'breed page at 1280 px');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessibleWithoutScripts(page, 'breed page at 390 px');

    // the list filtered to the breed links back to the breed's page
    await seeAll.click();
    await expect(page).toHaveURL(new RegExp(`/puppies\\?breed=${breed.id}$`));
    await page.getByRole('link', { name: `About the ${breed.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/breeds/${breed.slug}$`));
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
