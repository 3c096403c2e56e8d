// The pre-rendered content pages (docs/product.md §2): home, care guide, terms, privacy, shipping and pickup,
// contact, donate, and the site chrome around them, as a visitor sees them in Chromium at desktop and phone widths.
import { expect, test, type Page } from '../support/test.ts';
import { expectAccessible } from '../support/e2e.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** axe at the desktop width and at a phone width */
async function expectAccessibleAtBothWidths(page: Page, label: string) {
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page, `${label} (1280)`);
  await page.setViewportSize(PHONE);
  await expectAccessible(page, `${label} (390)`);
  await page.setViewportSize(DESKTOP);
}

function paramsOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}

test.describe('home page', () => {
  test('shows every part of docs/product.md §2 "Home" with its links', async ({ page, request }) => {
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Find Your Perfect Puppy Companion' });
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText('Find Your Perfect Puppy Companion');
    await expect(hero.getByRole('link', { name: 'Browse Puppies' })).toHaveAttribute('href', '/puppies');
    await expect(hero.getByRole('link', { name: 'Become a Seller' })).toHaveAttribute('href', '/sellers');
    await expect(hero.getByRole('link', { name: 'Donate Now' })).toHaveAttribute('href', '/donate');
    await expect(hero.getByRole('searchbox', { name: 'Search puppies' })).toHaveAttribute(
      'placeholder',
      'Search by breed, size, or temperament...',
    );

    for (const [title, category] of [
      ['Family Friendly', 'family'],
      ['Apartment Living', 'apartment'],
      ['Active Lifestyle', 'active'],
    ] as const) {
      await expect(page.getByRole('link', { name: title })).toHaveAttribute('href', `/puppies?category=${category}`);
    }

    // featured puppies come from the API and lead to their pages
    const featured = page.getByRole('region', { name: 'Featured Puppies' });
    await featured.scrollIntoViewIfNeeded();
    const featuredApi = (await (await request.get('/api/puppies/featured')).json()) as { id: number; name: string }[];
    expect(featuredApi.length).toBeGreaterThan(0);
    await expect(featured.getByRole('link', { name: featuredApi[0]!.name, exact: true })).toHaveAttribute(
      'href',
      `/puppies/${featuredApi[0]!.id}`,
    );
    // each card names its breeder, and that link leads to the breeder's page, not the puppy's
    const card = featured.getByRole('listitem').filter({ hasText: featuredApi[0]!.name });
    const soldBy = card.getByText('Sold by').getByRole('link');
    await expect(soldBy).toHaveAttribute('href', /^\/breeders\/[a-z0-9-]+$/);
    const kennel = await soldBy.textContent();
    await soldBy.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(kennel!);
    await page.goBack();

    const seller = page.getByRole('region', { name: 'Are You a Breeder?' });
    await expect(seller.getByRole('link', { name: 'Become a Seller' })).toHaveAttribute('href', '/sellers');

    // testimonials with half stars, read out as numbers
    const testimonials = page.getByRole('region', { name: 'Happy Families' });
    await expect(testimonials.getByRole('img', { name: 'Rated 4.5 out of 5' })).toHaveCount(2);
    await expect(testimonials.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(2);
    await expect(testimonials.getByText('James R.')).toBeVisible();

    const essentials = page.getByRole('region', { name: 'Puppy Essentials' });
    await expect(essentials.getByRole('listitem')).toHaveCount(7);
    await expect(essentials.getByText('Premium Puppy Food')).toBeVisible();
    await expect(essentials.getByText('$34.99')).toBeVisible();

    // seller plans: one price everywhere, the monthly plan is $19.99
    const plans = page.getByRole('region', { name: 'Seller Plans' });
    const monthly = plans.getByRole('article', { name: 'Monthly' });
    await expect(monthly).toContainText('$19.99');
    await expect(monthly).toContainText('Up to 10 listings');
    await expect(plans.getByRole('article', { name: 'Six Months' })).toContainText('$99.99');
    await expect(plans.getByRole('article', { name: 'Six Months' })).toContainText('Save $20 (17%)');
    await expect(plans.getByRole('article', { name: 'Annual' })).toContainText('$179.99');
    await expect(plans.getByRole('article', { name: 'Annual' })).toContainText('Save $60 (25%)');
    await expect(plans.getByRole('article', { name: 'Annual' })).toContainText('Marketing toolkit');

    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
    await expect(faq.locator('details')).toHaveCount(8);
    await expect(faq.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');

    const closing = page.getByRole('region', { name: 'Ready to Meet Your New Best Friend?' });
    await expect(closing.getByRole('link')).toHaveCount(3);
    await expect(closing.getByRole('link', { name: 'Browse Puppies' })).toHaveAttribute('href', '/puppies');
    await expect(closing.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    await expect(closing.getByRole('link', { name: 'Become a Seller' })).toHaveAttribute('href', '/sellers');

    const html = await (await request.get('/')).text();
    expect(html).not.toContain('29.99');
    await expectAccessibleAtBothWidths(page, 'home');
  });

  test('the FAQ keeps one answer open at a time', async ({ page }) => {
    await page.goto('/');
    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
    const first = faq.locator('details').nth(0);
    const second = faq.locator('details').nth(1);
    await first.getByText('How do I find the right puppy for my family?').click();
    await expect(first).toHaveAttribute('open', '');
    await expect(faq.getByText('Breeders typically reply within 24 hours.')).toBeHidden();
    await second.getByText('How do I contact a breeder?').click();
    await expect(second).toHaveAttribute('open', '');
    await expect(faq.getByText('Breeders typically reply within 24 hours.')).toBeVisible();
    await expect(first).not.toHaveAttribute('open');
    await expect(faq.locator('details[open]')).toHaveCount(1);
    await expectAccessible(page, 'home with an FAQ answer open', '#faq');
  });

  test('the hero search goes to /puppies with the text URL-encoded', async ({ page }) => {
    await page.goto('/');
    const text = 'golden retriever & friends';
    await page.getByRole('searchbox', { name: 'Search puppies' }).fill(text);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/\/puppies\?/);
    expect(new URL(page.url()).pathname).toBe('/puppies');
    expect(paramsOf(page.url())).toEqual({ search: text });
    expect(page.url()).toContain('golden+retriever+%26+friends');
  });

  test('Find My Puppy sends the chosen breed, price band and location to /puppies', async ({ page, request }) => {
    const breeds = (await (await request.get('/api/breeds')).json()) as { id: number; name: string }[];
    await page.goto('/');
    const panel = page.getByRole('tabpanel', { name: 'Find My Puppy' });
    // every breed the catalogue knows, in its order, is offered (from the pre-rendered HTML)
    await expect(panel.getByLabel('Breed').locator('option')).toHaveText([
      'Any breed',
      ...breeds.map((breed) => breed.name),
    ]);
    await panel.getByLabel('Breed').selectOption({ label: 'Labrador Retriever' });
    await panel.getByLabel('Price range').selectOption({ label: '$1,000 – $2,000' });
    await panel.getByLabel('Location').selectOption({ label: 'Midwest' });
    await panel.getByRole('button', { name: 'Search Puppies' }).click();
    await page.waitForURL(/\/puppies\?/);
    expect(paramsOf(page.url())).toEqual({
      breed: 'Labrador Retriever',
      minPrice: '1000',
      maxPrice: '2000',
      location: 'midwest',
    });

    // the top band has no upper limit; unchosen filters are left out
    await page.goto('/');
    await page
      .getByRole('tabpanel', { name: 'Find My Puppy' })
      .getByLabel('Price range')
      .selectOption({ label: '$5,000+' });
    await page.getByRole('button', { name: 'Search Puppies' }).click();
    await page.waitForURL(/\/puppies\?/);
    expect(paramsOf(page.url())).toEqual({ minPrice: '5000' });
  });

  test('the Become a Seller tab is a form that sends nothing, with Get Started to /sellers', async ({ page }) => {
    await page.goto('/');
    const findTab = page.getByRole('tab', { name: 'Find My Puppy' });
    await expect(findTab).toHaveAttribute('aria-selected', 'true');
    // keyboard: the arrow keys move between the tabs
    await findTab.focus();
    await page.keyboard.press('ArrowRight');
    const sellerTab = page.getByRole('tab', { name: 'Become a Seller' });
    await expect(sellerTab).toBeFocused();
    await expect(sellerTab).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel', { name: 'Become a Seller' });
    await expect(page.getByRole('tabpanel', { name: 'Find My Puppy' })).toBeHidden();
    for (const label of ['Business name', 'First name', 'Last name', 'Email', 'Phone'])
      await expect(panel.getByLabel(label)).toBeVisible();
    await panel.getByLabel('Business name').fill('Sunny Acres Kennel');
    await panel.getByLabel('Email').fill('sunny@example.com');
    await panel.getByLabel('Email').press('Enter');
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(panel.getByLabel('Business name')).toHaveValue('Sunny Acres Kennel');
    await expect(panel.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/sellers');
    await expectAccessible(page, 'home, Become a Seller tab', '.search-band');
  });
});

test.describe('header, banner and footer', () => {
  test('the header has the logo, the links of docs/product.md §2 and the two buttons, on one row from 1024 px', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/contact');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'PuppyNest home' }).locator('svg')).toBeVisible();
    for (const [name, href] of [
      ['Home', '/'],
      ['Available Puppies', '/puppies'],
      ['For Sellers', '/sellers'],
      ['My Listings', '/my-listings'],
      ['Contact', '/contact'],
      ['Find My Puppy', '/puppies'],
      ['Become a Seller', '/sellers'],
    ] as const) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    const rows = await nav.evaluate((el) =>
      [...el.children].map((child) =>
        Math.round(child.getBoundingClientRect().top + child.getBoundingClientRect().height / 2),
      ),
    );
    expect(Math.max(...rows) - Math.min(...rows)).toBeLessThanOrEqual(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  });

  test('the phone menu opens and closes by keyboard and holds the same links', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Available Puppies' })).toBeHidden();
    const menu = nav.locator('summary').filter({ hasText: 'Menu' });
    await menu.focus();
    await expect(menu).toBeFocused();
    await page.keyboard.press('Enter');
    for (const name of [
      'Home',
      'Available Puppies',
      'For Sellers',
      'My Listings',
      'Contact',
      'Find My Puppy',
      'Become a Seller',
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expectAccessible(page, 'home, phone menu open', '.site-header');
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Available Puppies' })).toBeHidden();
    await expect(menu).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test('the seller banner invites sellers and stays dismissed after a reload', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('complementary', { name: 'For breeders' });
    await expect(banner).toContainText('Are you a breeder?');
    await expect(banner.getByRole('link', { name: 'Become a Seller' })).toHaveAttribute('href', '/sellers');
    await banner.getByRole('button', { name: 'Dismiss the seller banner' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'For breeders' })).toBeHidden();
    await page.goto('/puppy-care-guide');
    await expect(page.getByRole('complementary', { name: 'For breeders' })).toBeHidden();
  });

  test('the footer has quick links, information links, social links, the email and this year', async ({ page }) => {
    await page.goto('/terms-of-service');
    const footer = page.getByRole('contentinfo');
    const quick = footer.getByRole('navigation', { name: 'Quick Links' });
    await expect(quick.getByRole('link', { name: 'Available Puppies' })).toHaveAttribute('href', '/puppies');
    await expect(quick.getByRole('link', { name: 'Donate' })).toHaveAttribute('href', '/donate');
    const info = footer.getByRole('navigation', { name: 'Information' });
    await expect(info.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(info.getByRole('link', { name: 'Shipping and Pickup' })).toHaveAttribute('href', '/shipping');
    await expect(info.getByRole('link', { name: 'Puppy Care Guide' })).toHaveAttribute('href', '/puppy-care-guide');
    await expect(info.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms-of-service');
    await expect(footer.getByRole('link', { name: 'PuppyNest on Instagram' })).toHaveAttribute(
      'href',
      /instagram\.com/,
    );
    await expect(footer.getByRole('link', { name: 'hello@puppynest.example' })).toHaveAttribute(
      'href',
      'mailto:hello@puppynest.example',
    );
    await expect(footer).toContainText(`© ${new Date().getFullYear()} PuppyNest. All rights reserved.`);
  });
});

test.describe('static pages', () => {
  test('the care guide has its sections, anchor links, the feeding schedule and calls to action', async ({ page }) => {
    await page.goto('/puppy-care-guide');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Puppy Care Guide');
    const toc = page.getByRole('navigation', { name: 'In this guide' });
    for (const [title, anchor] of [
      ['Nutrition', 'nutrition'],
      ['Training', 'training'],
      ['Health', 'health'],
      ['Home Setup', 'home-setup'],
      ['Socialization', 'socialization'],
      ['Grooming', 'grooming'],
    ] as const) {
      await expect(toc.getByRole('link', { name: title })).toHaveAttribute('href', `#${anchor}`);
      await expect(page.getByRole('region', { name: title })).toHaveAttribute('id', anchor);
    }
    await toc.getByRole('link', { name: 'Grooming' }).click();
    await expect(page).toHaveURL(/#grooming$/);
    await expect(page.getByRole('heading', { name: 'Grooming', level: 2 })).toBeInViewport();

    const nutrition = page.getByRole('region', { name: 'Nutrition' });
    await expect(nutrition.getByRole('heading', { name: 'Feeding schedule' })).toBeVisible();
    for (const line of [
      '6–12 weeks: 4 meals a day',
      '3–6 months: 3 meals a day',
      '6–12 months: 2 meals a day',
      'After 12 months: 1–2 meals a day',
    ]) {
      await expect(nutrition.getByRole('listitem').filter({ hasText: line })).toBeVisible();
    }
    const cta = page.getByRole('region', { name: 'Ready to welcome a puppy home?' });
    await expect(cta.getByRole('link', { name: 'Find Your Puppy' })).toHaveAttribute('href', '/puppies');
    await expect(cta.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    await expectAccessibleAtBothWidths(page, 'care guide');
  });

  test('the terms have every section of docs/product.md §2 and the accepted cards', async ({ page }) => {
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
    const contents = page.getByRole('navigation', { name: 'Contents' });
    for (const title of [
      'Agreement to Terms',
      'Our Services',
      'Seller and Buyer Accounts',
      'Intellectual Property',
      'User Representations',
      'Registration',
      'Purchases and Payment',
      'Prohibited Activities',
      'User Contributions',
      'Disclaimer',
      'Limitation of Liability',
      'Binding Arbitration',
      'Termination',
      'Governing Law',
      'Contact Us',
    ]) {
      await expect(contents.getByRole('link', { name: title, exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: title, exact: true, level: 2 })).toBeAttached();
    }
    await expect(
      page.getByText(
        'PuppyNest takes the payment for a puppy, holds it until the handover, settles problems and pays the seller.',
      ),
    ).toBeVisible();
    await expect(page.getByText('you are at least 18 years old')).toBeAttached();
    const payment = page.getByRole('region', { name: 'Purchases and Payment' });
    for (const card of ['Mastercard', 'Visa', 'American Express', 'Discover'])
      await expect(payment.getByRole('listitem').filter({ hasText: new RegExp(`^${card}$`) })).toHaveCount(1);
    await expectAccessibleAtBothWidths(page, 'terms');
  });

  // Decision 0120: CMS pages like the terms, whole in their HTML (read here with JavaScript off).
  test('the privacy policy and the shipping and pickup page render with JavaScript off', async ({
    browser,
    baseURL,
  }) => {
    const noScript = await browser.newContext({ baseURL: baseURL!, javaScriptEnabled: false });
    try {
      const page = await noScript.newPage();
      for (const [path, title, sections, words] of [
        [
          '/privacy',
          'Privacy Policy',
          ['What We Collect', 'Payments and Card Details', 'Cookies and Your Browser', 'How Long We Keep It'],
          'it never reaches our servers and we never store it',
        ],
        [
          '/shipping',
          'Shipping and Pickup',
          ['How a Puppy Gets Home', 'Picking Up Your Puppy', 'Your Window to Confirm or Report a Problem'],
          'there is no delivery fee at checkout.',
        ],
      ] as const) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        await expect(page.getByText(/^Last updated: /)).toBeVisible();
        const contents = page.getByRole('navigation', { name: 'Contents' });
        for (const section of sections) {
          await expect(contents.getByRole('link', { name: section, exact: true })).toBeVisible();
          await expect(page.getByRole('heading', { name: section, exact: true, level: 2 })).toBeAttached();
        }
        await expect(page.getByText(words)).toBeAttached();
        const footer = page.getByRole('contentinfo').getByRole('navigation', { name: 'Information' });
        await expect(footer.getByRole('link', { name: title })).toHaveAttribute('href', path);
      }
    } finally {
      await noScript.close();
    }
  });

  test('the privacy policy and the shipping and pickup page are accessible', async ({ page }) => {
    for (const path of ['/privacy', '/shipping']) {
      await page.goto(path);
      await expectAccessibleAtBothWidths(page, path);
    }
  });

  test('the donate page has the headline, stats, impact tiers, the 100% statement and room for the form', async ({
    page,
  }) => {
    await page.goto('/donate');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Help Puppies in Need Find Loving Homes');
    const stats = page.getByRole('list', { name: 'Our rescue so far' });
    await expect(stats.getByRole('listitem').nth(0)).toHaveText(/247\s*Puppies rescued/);
    await expect(stats.getByRole('listitem').nth(1)).toHaveText(/189\s*Families matched/);
    await expect(stats.getByRole('listitem').nth(2)).toHaveText(/\$12,450\s*Raised this year/);
    const impact = page.getByRole('complementary', { name: 'Your Impact' });
    await expect(impact.getByRole('listitem')).toHaveText([/^\$25/, /^\$50/, /^\$100/, /^\$250/]);
    await expect(impact).toContainText('100% of donations go to rescue; admin costs are covered by listing fees.');
    await expect(page.locator('section#donation-form')).toBeVisible();
    await expectAccessibleAtBothWidths(page, 'donate');
  });
});

test.describe('contact page', () => {
  test('shows the email line, hours and social links', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    await expect(page.getByText('Email us at hello@puppynest.example')).toBeVisible();
    const hours = page.getByRole('region', { name: 'Business Hours' });
    await expect(hours).toContainText(/Mon–Fri\s*9am–6pm/);
    await expect(hours).toContainText(/Sat\s*10am–4pm/);
    await expect(hours).toContainText(/Sun\s*Closed/);
    const social = page.getByRole('region', { name: 'Follow Us' });
    await expect(social.getByRole('link', { name: 'Facebook' })).toHaveAttribute(
      'href',
      'https://www.facebook.com/puppynest',
    );
    await expect(social.getByRole('link')).toHaveCount(4);
    await expectAccessibleAtBothWidths(page, 'contact');
  });

  test('the message form shows each toast of docs/product.md §8', async ({ page, request }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Send us a message' });
    const toast = page.getByTestId('toast');
    let posts = 0;
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/api/contacts')) posts++;
    });

    // a missing field: the error toast, and nothing is sent
    await form.getByLabel('Name').fill('Jamie Rivera');
    await form.getByLabel('Email').fill('jamie@example.com');
    await form.getByLabel('Phone').fill('555-010-2000');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(toast).toContainText('Error');
    await expect(toast).toContainText('Please fill out all fields');
    expect(posts).toBe(0);
    await expectAccessible(page, 'contact with the error toast');

    // all four: sent, thanked, cleared
    const text = `Do you ship puppies to Alaska? (${Date.now()})`;
    await form.getByLabel('Message').fill(text);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(toast).toContainText('Message Sent!');
    await expect(toast).toContainText("Thank you for contacting us. We'll get back to you soon!");
    for (const label of ['Name', 'Email', 'Phone', 'Message']) await expect(form.getByLabel(label)).toHaveValue('');
    expect(posts).toBe(1);
    const outbox = (await (await request.get('/api/dev/outbox')).json()) as {
      subject: string;
      replyTo?: string;
      text: string;
    }[];
    expect(
      outbox.some((mail) => mail.subject === 'Contact form: message from Jamie Rivera' && mail.text.includes(text)),
    ).toBe(true);

    // the server fails: the failure toast, and the words stay for another try
    await page.route('**/api/contacts', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":{"code":"internal","message":"Something went wrong."}}',
      }),
    );
    await form.getByLabel('Name').fill('Jamie Rivera');
    await form.getByLabel('Email').fill('jamie@example.com');
    await form.getByLabel('Phone').fill('555-010-2000');
    await form.getByLabel('Message').fill('Second try');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(toast).toContainText('Error');
    await expect(toast).toContainText('Failed to send your message. Please try again.');
    await expect(form.getByLabel('Message')).toHaveValue('Second try');
  });

  test('a malformed email is pointed out next to the field instead of being sent', async ({ page }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await form.getByLabel('Name').fill('Jamie Rivera');
    await form.getByLabel('Email').fill('jamie-at-example');
    await form.getByLabel('Phone').fill('555-010-2000');
    await form.getByLabel('Message').fill('Hello');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByText('Invalid email address')).toBeVisible();
    await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'contact with a field error');
  });
});

test.describe('SEO', () => {
  const PAGES = ['/', '/puppy-care-guide', '/terms-of-service', '/privacy', '/shipping', '/contact', '/donate'];

  test('every content page has its own title, description, canonical, share tags and structured data', async ({
    page,
    request,
  }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of PAGES) {
      await page.goto(path);
      const title = await page.title();
      const description = (await page.locator('meta[name="description"]').getAttribute('content'))!;
      titles.add(title);
      descriptions.add(description);
      expect(title, path).toContain('PuppyNest');
      expect(description.length, path).toBeGreaterThan(50);
      // absolute, on the configured site URL (PUBLIC_SITE_URL at build time)
      const canonical =
        (await page.locator('link[rel="canonical"]').getAttribute('content')) ??
        (await page.locator('link[rel="canonical"]').getAttribute('href'))!;
      expect(new URL(canonical).pathname, path).toBe(path);
      for (const property of ['og:title', 'og:description', 'og:url', 'og:image'])
        await expect(page.locator(`meta[property="${property}"]`), `${path} ${property}`).toHaveCount(1);
      for (const name of ['twitter:card', 'twitter:title', 'twitter:description', 'twitter:image'])
        await expect(page.locator(`meta[name="${name}"]`), `${path} ${name}`).toHaveCount(1);
      const image = (await page.locator('meta[property="og:image"]').getAttribute('content'))!;
      expect(image, path).toMatch(/^https?:\/\/[^/]+\/_astro\/.+\.jpg$/);
      expect((await request.get(new URL(image).pathname)).headers()['content-type'], path).toBe('image/jpeg');
      const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
        (text) => JSON.parse(text) as Record<string, unknown>,
      );
      const types = jsonLd.flatMap((doc) =>
        ((doc['@graph'] as Record<string, unknown>[] | undefined) ?? [doc]).map((node) => node['@type']),
      );
      if (path === '/') {
        expect(types).toEqual(expect.arrayContaining(['Organization', 'WebSite', 'Product', 'FAQPage']));
      } else {
        expect(types, path).toContain('BreadcrumbList');
      }
    }
    expect(titles.size).toBe(PAGES.length);
    expect(descriptions.size).toBe(PAGES.length);
  });

  test('home structured data: the search action and the plans at their one price', async ({ page }) => {
    await page.goto('/');
    const [doc] = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) =>
      JSON.parse(text),
    );
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON-LD read as the page ships it
    const nodes = doc['@graph'] as Record<string, any>[];
    const site = nodes.find((node) => node['@type'] === 'WebSite')!;
    expect(site.potentialAction.target.urlTemplate).toMatch(/\/puppies\?search=\{search_term_string\}$/);
    const plans = nodes.filter((node) => node['@type'] === 'Product' && String(node.name).includes('Seller Plan'));
    expect(plans.map((plan) => [plan.name, plan.offers.price, plan.offers.priceCurrency])).toEqual([
      ['PuppyNest Monthly Seller Plan', '19.99', 'USD'],
      ['PuppyNest Six Months Seller Plan', '99.99', 'USD'],
      ['PuppyNest Annual Seller Plan', '179.99', 'USD'],
    ]);
    const products = nodes.filter((node) => node['@type'] === 'Product' && !String(node.name).includes('Seller Plan'));
    expect(products).toHaveLength(7);
    expect(products[0]).toMatchObject({ name: 'Premium Puppy Food', offers: { price: '34.99', priceCurrency: 'USD' } });
  });

  test('sitemap.xml, robots.txt, favicon, icons and the web manifest are served', async ({ request }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    const xml = await sitemap.text();
    for (const path of [
      '/',
      '/puppies',
      '/sellers',
      '/puppy-care-guide',
      '/terms-of-service',
      '/privacy',
      '/shipping',
      '/contact',
      '/donate',
    ]) {
      expect(xml).toMatch(new RegExp(`<loc>https?://[^/<]+${path}</loc>`));
    }
    expect(xml).not.toContain('/my-listings');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/m);
    expect(robots).toContain('Disallow: /api/');
    expect((await request.get('/favicon.svg')).headers()['content-type']).toContain('image/svg+xml');
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    const icons = ((await manifest.json()) as { icons: { src: string; sizes: string }[] }).icons;
    expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
    expect((await request.get('/apple-touch-icon.png')).headers()['content-type']).toBe('image/png');
  });

  test('content images are responsive, sized, in a modern format, and lazy below the fold', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Find Your Perfect Puppy Companion' }).locator('img');
    await expect(hero).toHaveAttribute('loading', 'eager');
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    const images = await page.locator('main img').evaluateAll((imgs) =>
      imgs.map((img) => ({
        src: img.getAttribute('src') ?? '',
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
      })),
    );
    const content = images.filter((img) => img.src.startsWith('/_astro/'));
    expect(content.length).toBeGreaterThan(10);
    for (const img of content) {
      expect(img.src).toMatch(/\.(webp|avif)$/);
      expect(Number(img.width)).toBeGreaterThan(0);
      expect(Number(img.height)).toBeGreaterThan(0);
    }
    expect(content.filter((img) => img.loading !== 'lazy')).toHaveLength(1);
  });
});
