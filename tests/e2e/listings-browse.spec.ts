// A visitor browses: filters, search, Grid/List, paging, the detail page with its gallery and tabs, an
// inquiry that reaches the seller's mail, and every empty and error state (docs/product.md §2, §5).
import { expect, test, type Page, waitForIslands } from '../support/test.ts';
import { DEMO, expectAccessible, loginViaApi } from '../support/e2e.ts';

interface ApiPuppy {
  id: number;
  name: string;
  breedId: number;
  breed: { id: number; name: string } | null;
  gender: 'Male' | 'Female';
  price: number;
  status: string;
  imageUrls: string[];
  location: string;
}

async function publicPuppies(page: Page, query = ''): Promise<ApiPuppy[]> {
  return (await (await page.request.get(`/api/puppies${query}`)).json()) as ApiPuppy[];
}

// the results' cards, not the featured pair above them (decision 0134)
const cards = (page: Page) => page.locator('[data-cards] article.puppy-card');

/** opens /puppies (its first page is in the HTML) and waits for its script to take over the form */
async function openList(page: Page, query = ''): Promise<void> {
  await page.goto(`/puppies${query}`);
  await expect(page.getByRole('form', { name: 'Filter puppies' })).toHaveAttribute('data-enhanced', '');
}

test('filters by breed, gender and price; the address keeps them through reload and back', async ({ page }) => {
  const all = await publicPuppies(page, '?status=available');
  // the breed with the most available puppies, so the filter has something to show
  const byBreed = new Map<number, ApiPuppy[]>();
  for (const puppy of all) byBreed.set(puppy.breedId, [...(byBreed.get(puppy.breedId) ?? []), puppy]);
  const [breedId, ofBreed] = [...byBreed.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
  const breedName = ofBreed[0]!.breed!.name;

  await openList(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Available Puppies' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toContainText('Available Puppies');
  const defaultCount = all.filter((p) => p.price >= 500 && p.price <= 3000).length;
  // the default price band hides listings, and the count and the chips say so (decision 0133)
  await expect(
    page.getByRole('heading', { name: `${defaultCount} puppies available from $500 to $3,000` }),
  ).toBeVisible();
  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByRole('listitem')).toHaveText(['Price: $500–$3,000×', 'Available puppies only×']);
  const outside = page.getByRole('link', { name: `${all.length - defaultCount} more outside this range` });
  await expect(outside).toHaveAttribute('href', '/puppies?minPrice=0&maxPrice=5000');
  await expect(page.getByLabel('Available Only')).toBeChecked();
  await expect(page.getByLabel('Min price ($)')).toHaveValue('500');
  await expect(page.getByLabel('Max price ($)')).toHaveValue('3000');
  await expectAccessible(page, '/puppies grid');

  await page.getByLabel('Breed', { exact: true }).selectOption({ label: breedName });
  await expect(page).toHaveURL(new RegExp(`breed=${breedId}`));
  await page.getByRole('radio', { name: 'Female' }).check();
  await expect(page).toHaveURL(/gender=Female/);
  await page.getByLabel('Max price ($)').fill('2000');
  await page.getByLabel('Max price ($)').press('Enter');
  await expect(page).toHaveURL(/maxPrice=2000/);

  const expected = ofBreed.filter((p) => p.gender === 'Female' && p.price >= 500 && p.price <= 2000);
  const heading = page.locator('#results-count');
  await expect(heading).toHaveText(
    `${expected.length} ${expected.length === 1 ? 'puppy' : 'puppies'} available from $500 to $2,000`,
  );
  if (expected.length > 0) {
    await expect(cards(page)).toHaveCount(expected.length);
    for (const breedLine of await page.locator('.puppy-card-breed').allTextContents())
      expect(breedLine).toBe(`${breedName} · Female`);
  } else {
    await expect(page.getByText('Try adjusting your filters to find more puppies.')).toBeVisible();
  }

  // a reload keeps the filters; back undoes the last change
  await page.reload();
  await expect(page.getByLabel('Breed', { exact: true })).toHaveValue(String(breedId));
  await expect(page.getByRole('radio', { name: 'Female' })).toBeChecked();
  await expect(page.getByLabel('Max price ($)')).toHaveValue('2000');
  await expect(heading).toHaveText(new RegExp(`^${expected.length} `));
  await page.goBack();
  await expect(page).not.toHaveURL(/maxPrice/);
  await expect(page.getByLabel('Max price ($)')).toHaveValue('3000');
  await expect(page.getByRole('radio', { name: 'Female' })).toBeChecked();

  // unchecking 'Available Only' shows every status
  await page.getByRole('link', { name: 'Reset filters' }).first().click();
  await expect(page).toHaveURL(/\/puppies$/);
  await page.getByLabel('Available Only').uncheck();
  await expect(page).toHaveURL(/status=all/);
  const everyStatus = (await publicPuppies(page)).filter((p) => p.price >= 500 && p.price <= 3000).length;
  await expect(heading).toHaveText(`${everyStatus} puppies found from $500 to $3,000`);
});

test('a link from the home page sets the filters, and min/max follow the spec rules', async ({ page }) => {
  await openList(page, '?breed=Beagle&minPrice=abc&maxPrice=99999&category=family');
  await expect(page.getByLabel('Breed', { exact: true })).toHaveValue(/\d+/);
  await expect(page.getByLabel('Breed', { exact: true }).locator('option:checked')).toHaveText('Beagle');
  await expect(page.getByLabel('Min price ($)')).toHaveValue('500');
  await expect(page.getByLabel('Max price ($)')).toHaveValue('5000');
  await expect(page.getByText('$500 – $5,000+')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Category: family');

  // max can not go under min, min can not go over max, and words are ignored
  await page.getByLabel('Max price ($)').fill('300');
  await page.getByLabel('Max price ($)').press('Enter');
  await expect(page.getByLabel('Max price ($)')).toHaveValue('500');
  await page.getByLabel('Min price ($)').fill('9000');
  await page.getByLabel('Min price ($)').press('Enter');
  await expect(page.getByLabel('Min price ($)')).toHaveValue('500');
  await page.getByRole('link', { name: 'Remove Category: family' }).click();
  await expect(page).not.toHaveURL(/category=/);
});

test('search finds a puppy by name, says when nothing matches, and Grid/List both show the results', async ({
  page,
}) => {
  const first = (await (
    await page.request.get('/api/puppies?status=available&minPrice=500&maxPrice=3000&limit=1')
  ).json()) as { items: ApiPuppy[] };
  const puppy = first.items[0]!;
  const sameName = (
    await publicPuppies(page, `?status=available&minPrice=500&maxPrice=3000&search=${encodeURIComponent(puppy.name)}`)
  ).length;

  await openList(page);
  await page.getByLabel('Search', { exact: true }).fill('zzzz-no-such-puppy');
  await expect(page.getByText('Search results for "zzzz-no-such-puppy": No matches found')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No puppies found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your filters to find more puppies.')).toBeVisible();
  await expect(page).toHaveURL(/search=zzzz-no-such-puppy/);
  await expectAccessible(page, '/puppies empty');

  await page.getByLabel('Search', { exact: true }).fill(puppy.name);
  await expect(
    page.getByText(`Search results for "${puppy.name}": Found ${sameName} ${sameName === 1 ? 'puppy' : 'puppies'}`),
  ).toBeVisible();
  await expect(cards(page).filter({ hasText: puppy.name }).first()).toBeVisible();

  await page.getByRole('link', { name: 'List', exact: true }).click();
  await expect(page.getByRole('link', { name: 'List', exact: true })).toHaveAttribute('aria-current', 'true');
  // the view switch keeps its focus across the new results
  await expect(page.getByRole('link', { name: 'List', exact: true })).toBeFocused();
  const item = page.locator('article.puppy-list-item').filter({ hasText: puppy.name }).first();
  await expect(item).toBeVisible();
  await expect(item.getByRole('link', { name: `View Details about ${puppy.name}` })).toHaveAttribute(
    'href',
    `/puppies/${puppy.id}`,
  );
  const description = (await item.locator('.puppy-list-description').textContent())!;
  expect(description.replace(/…$/, '').length).toBeLessThanOrEqual(120);
  await expect(page).toHaveURL(/view=list/);
  await expectAccessible(page, '/puppies list');

  await page.getByRole('link', { name: 'Grid', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Grid', exact: true })).toHaveAttribute('aria-current', 'true');
  await expect(page).not.toHaveURL(/view=/);
  await expect(cards(page).first()).toBeVisible();
});

test('while a change loads there are 6 skeleton cards; a failure shows the toast; "Load more" adds the next page', async ({
  page,
}) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // the script fetches each change's results as HTML (decision 0122)
  const listCalls = (url: URL) => url.pathname === '/puppies/results';
  await page.route(listCalls, async (route) => {
    await held;
    await route.continue();
  });
  // the first page is in the HTML; a change made in the browser loads with skeletons
  await openList(page);
  await expect(cards(page).first()).toBeVisible();
  await page.getByRole('radio', { name: 'Female' }).check();
  await expect(page.locator('.skeleton-card')).toHaveCount(6);
  release();
  await expect(cards(page).first()).toBeVisible();
  await page.unroute(listCalls);
  await page.getByRole('radio', { name: 'All' }).check();

  // 24 per page, and the rest behind "Load more"
  await page.getByLabel('Available Only').uncheck();
  await page.getByLabel('Min price ($)').fill('0');
  await page.getByLabel('Min price ($)').press('Enter');
  await page.getByRole('slider', { name: 'Maximum price' }).fill('5000');
  const total = (await publicPuppies(page)).length;
  await expect(page.getByText(`Showing 1–24 of ${total}`)).toBeVisible();
  await expect(cards(page)).toHaveCount(24);
  await page.getByRole('button', { name: 'Load more puppies' }).click();
  await expect(cards(page)).toHaveCount(Math.min(48, total));
  await expect(page.getByText(`Showing 1–${Math.min(48, total)} of ${total}`)).toBeVisible();
  // the address names the last page shown, and the keyboard goes on from the first new card
  await expect(page).toHaveURL(/page=2/);
  await expect(
    cards(page)
      .nth(24)
      .getByRole('link', { name: /^Details about / }),
  ).toBeFocused();

  const ld = JSON.parse((await page.locator('script#puppy-list-jsonld').textContent())!) as {
    '@type': string;
    itemListElement: unknown[];
  };
  expect(ld['@type']).toBe('ItemList');
  expect(ld.itemListElement).toHaveLength(10);

  await page.route(listCalls, (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
  await page.getByRole('radio', { name: 'Male', exact: true }).check();
  await expect(page.getByText('Failed to fetch puppies').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
});

test('the puppy page shows its owner Edit Listing in place of buying and contacting, and a family the report form (decision 0128)', async ({
  page,
}) => {
  await loginViaApi(page, DEMO.seller);
  const me = (await (await page.request.get('/api/user')).json()) as { id: number };
  const own = (
    (await (await page.request.get('/api/puppies?status=available&limit=100')).json()) as {
      items: Array<ApiPuppy & { userId: number }>;
    }
  ).items.find((p) => p.userId === me.id)!;
  await page.goto(`/puppies/${own.id}`);
  await expect(page.getByRole('link', { name: 'Edit Listing' })).toBeVisible();
  for (const name of ['Buy Now', 'Contact Seller', 'Inquire'])
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  await expect(page.getByText('Report this listing')).toHaveCount(0);
  await expect(page.getByRole('region', { name: `Ask the breeder about ${own.name}` })).toHaveCount(0);

  await page.context().clearCookies();
  await loginViaApi(page, DEMO.buyer);
  await page.goto(`/puppies/${own.id}`);
  await expect(page.getByText('Report this listing')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Seller', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Listing' })).toHaveCount(0);
});

test('the detail page: gallery, sections, inquiry to the seller, and the login rule of Contact Seller', async ({
  page,
}) => {
  const puppies = await publicPuppies(page, '?status=available');
  const puppy = puppies.find((p) => p.imageUrls.length >= 2 && p.price >= 500 && p.price <= 3000)!;
  const photos = puppy.imageUrls.length + 1;

  await openList(page);
  await page.getByLabel('Search', { exact: true }).fill(puppy.name);
  await page.locator(`article.puppy-card a[href="/puppies/${puppy.id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/puppies/${puppy.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: puppy.name })).toBeVisible();
  await expect(page.getByText('Available Now')).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(puppy.name));
  const structured = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as { '@type': string },
  );
  expect(structured.find((data) => data['@type'] === 'Product')).toMatchObject({
    '@type': 'Product',
    offers: { price: puppy.price.toFixed(2), priceCurrency: 'USD' },
  });
  await waitForIslands(page);
  await expect(page.getByRole('link', { name: 'Buy Now' })).toHaveAttribute('href', `/checkout/${puppy.id}`);
  await expect(page.getByRole('link', { name: 'Edit Listing' })).toHaveCount(0);
  await expectAccessible(page, 'puppy detail');

  // gallery: buttons, thumbnails and the keyboard
  const position = page.locator('.gallery-position');
  await expect(position).toHaveText(`Photo 1 of ${photos}`);
  await page.getByRole('button', { name: 'Next photo' }).click();
  await expect(position).toHaveText(`Photo 2 of ${photos}`);
  await page.getByRole('button', { name: 'Next photo' }).press('ArrowRight');
  await expect(position).toHaveText(`Photo 3 of ${photos}`);
  await page.keyboard.press('Home');
  await expect(position).toHaveText(`Photo 1 of ${photos}`);
  await page.getByRole('button', { name: 'Previous photo' }).click();
  await expect(position).toHaveText(`Photo ${photos} of ${photos}`);
  await page.getByRole('button', { name: `Show photo 2 of ${photos}` }).click();
  await expect(position).toHaveText(`Photo 2 of ${photos}`);
  await expect(page.getByRole('button', { name: `Show photo 2 of ${photos}` })).toHaveAttribute('aria-current', 'true');

  // the spec's tabs are sections that read in order, with or without the script (decision 0124)
  await expect(page.getByRole('region', { name: 'Details', exact: true })).toContainText(puppy.location);
  await expect(page.getByRole('region', { name: 'Health & Care' })).toContainText('4 meals a day at 6–12 weeks');
  await expect(page.getByRole('region', { name: 'About the Breeder' })).toContainText(
    'we hold your payment until the puppy is handed over',
  );

  // the inquiry: all fields required, then sent to the seller's mail
  await page.getByRole('link', { name: 'Inquire', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Inquire about ${puppy.name}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Message').fill('');
  await dialog.getByRole('button', { name: 'Send Inquiry' }).click();
  await expect(page.getByText('Please fill out all fields')).toBeVisible();
  await dialog.getByLabel('Your name').fill('Jamie Rivera');
  await dialog.getByLabel('Email').fill('jamie.rivera@example.com');
  await dialog.getByLabel('Phone').fill('555-010-2000');
  await dialog.getByLabel('Message').fill(`Is ${puppy.name} good with cats?`);
  await expectAccessible(page, 'inquire dialog');
  await dialog.getByRole('button', { name: 'Send Inquiry' }).click();
  await expect(page.getByText('Message Sent!')).toBeVisible();
  await expect(page.getByText('Your inquiry has been sent to the seller...')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => {
      const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as Array<{
        subject: string;
        replyTo?: string;
        text: string;
      }>;
      return outbox.find(
        (m) => m.subject === `New inquiry about ${puppy.name} on PuppyNest` && m.text.includes('good with cats'),
      )?.replyTo;
    })
    .toBe('jamie.rivera@example.com');
  // the fields were cleared
  await page.getByRole('link', { name: 'Inquire', exact: true }).click();
  await expect(dialog.getByLabel('Phone')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // logged out, Contact Seller asks for a login and goes to /auth after a second
  await page.getByRole('link', { name: 'Login to Contact Seller' }).click();
  await expect(page.getByText('Authentication Required')).toBeVisible();
  await expect(page.getByText('Please login to contact the seller')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?next=/);
});

test('a logged-in visitor who clicks Contact Seller before the page knows them gets the inquiry, not the login page', async ({
  browser,
  baseURL,
}) => {
  // a page of its own, without the goto fixture: that waits for /api/user, which this test holds back
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const puppy = (await publicPuppies(page, '?status=available'))[0]!;
  await loginViaApi(page, DEMO.buyer);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/user', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/puppies/${puppy.id}`);
  await expect(page.locator('astro-island[ssr]:not([client="visible"])')).toHaveCount(0);
  // the head script read the session hint before the first paint: the button already says Contact Seller
  const contact = page.getByRole('link', { name: 'Contact Seller', exact: true });
  await contact.click();
  await expect(contact).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(page.getByRole('dialog', { name: `Inquire about ${puppy.name}` })).toBeVisible();
  await expect(page.getByText('Authentication Required')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/puppies/${puppy.id}$`));
  await context.close();
});

test('a failed inquiry says so; a reserved puppy says Currently Not Available once and its breeder can still be messaged; unknown ids are "Puppy Not Found"', async ({
  page,
}) => {
  const reserved = (await publicPuppies(page, '?status=reserved'))[0]!;
  await page.goto(`/puppies/${reserved.id}`);
  await expect(page.getByText('Reserved', { exact: true })).toBeVisible();
  // spec §4, decision 0124: one 'Currently Not Available' note instead of two disabled buttons; the
  // breeder can still be messaged
  await expect(page.getByText('Currently Not Available', { exact: true })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Currently Not Available' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Message the Breeder' })).toHaveAttribute(
    'href',
    `/api/puppies/${reserved.id}/contact`,
  );
  await expect(page.getByRole('link', { name: 'Login to Contact Seller' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Inquire', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Buy Now' })).toHaveCount(0);

  const available = (await publicPuppies(page, '?status=available'))[0]!;
  await loginViaApi(page, DEMO.buyer);
  await page.goto(`/puppies/${available.id}`);
  await page.route('**/api/contacts', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"error":{"code":"internal","message":"boom"}}',
    }),
  );
  await page.getByRole('link', { name: 'Contact Seller', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Your name')).toHaveValue(DEMO.buyer.username);
  await dialog.getByLabel('Phone').fill('555-010-2000');
  await dialog.getByRole('button', { name: 'Send Inquiry' }).click();
  await expect(page.getByText('Failed to send your inquiry. Please try again.')).toBeVisible();
  await expect(dialog).toBeVisible();

  for (const id of ['999999', 'not-a-number']) {
    const response = await page.goto(`/puppies/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Puppy Not Found' })).toBeVisible();
  }
  await expectAccessible(page, 'puppy not found');
});

test('the heart asks a visitor to log in, saves a puppy for a logged-in family and says so; /saved lists it, with or without scripts (decision 0132)', async ({
  page,
  browser,
  baseURL,
}) => {
  await openList(page);
  const first = cards(page).first();
  const name = (await first.locator('h3').textContent())!;
  await first.getByRole('button', { name: `Save ${name} to favorites` }).click();
  await expect(page.getByText('Please log in to save puppies to your favorites.')).toBeVisible();

  await loginViaApi(page, DEMO.buyer, '/puppies');
  const heart = cards(page)
    .filter({ hasText: name })
    .first()
    .getByRole('button', { name: `Save ${name} to favorites` });
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(`${name} is on your Saved page.`)).toBeVisible();
  await page.reload();
  await waitForIslands(page);
  await expect(
    cards(page)
      .filter({ hasText: name })
      .first()
      .getByRole('button', { name: `Save ${name} to favorites` }),
  ).toHaveAttribute('aria-pressed', 'true');

  // the account menu leads to /saved, where the card is in the page's HTML
  await page.getByText(`Hi, ${DEMO.buyer.username}`).click();
  await page.getByRole('link', { name: 'Saved', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Saved' })).toBeVisible();
  const saved = page.getByRole('region', { name: /^Saved puppies/ });
  await expect(saved.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Favorites/ })).toHaveCount(0);
  await expectAccessible(page, '/saved');
  const noScript = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noScript.newPage();
  await plain.goto('/saved');
  await expect(plain.getByRole('region', { name: /^Saved puppies/ }).getByRole('heading', { name })).toBeVisible();
  // with scripts the Remove form is not there: the heart does it
  await expect(page.getByRole('button', { name: `Remove ${name}` })).toHaveCount(0);

  // the heart removes it; the card stays until the page is left, so a slip can be undone
  const savedHeart = saved.getByRole('button', { name: `Save ${name} to favorites` });
  await savedHeart.click();
  await expect(savedHeart).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(saved.getByRole('heading', { name })).toHaveCount(0);

  // without scripts a plain form removes a saved puppy (saved again through the API first)
  expect(
    (await page.request.put(`/api/favorites/${(await publicPuppies(page)).find((p) => p.name === name)!.id}`)).ok(),
  ).toBe(true);
  await plain.goto('/saved');
  await plain.getByRole('button', { name: `Remove ${name}` }).click();
  await expect(plain).toHaveURL(/\/saved\?removed=1$/);
  await expect(plain.getByText('Removed from your saved puppies.')).toBeVisible();
  await expect(plain.getByRole('region', { name: /^Saved puppies/ }).getByRole('heading', { name })).toHaveCount(0);
  await noScript.close();

  // a visitor is sent to log in first
  await page.context().clearCookies();
  await page.goto('/saved');
  await expect(page).toHaveURL(/\/auth\?next=%2Fsaved$/);
});
