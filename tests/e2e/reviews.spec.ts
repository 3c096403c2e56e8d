// Reviews from verified buyers end to end (docs/product.md §17, decision 0119), on the local test-mode
// provider: a family buys a puppy of the demo seller (Rose City Puppies) with the test card, the seller
// hands it over, the family confirms receipt and reviews the breeder on My Orders; the review shows as a
// verified purchase on the breeder page and the listing page, and the seller's rating on their cards
// on /puppies counts it; the seller replies from My Listings' Reviews section, and the reply shows on the
// breeder page; the family reports another family's review. axe on the new and changed screens.
import { expect, test, withIslandGoto, type Page } from '../support/test.ts';
import type { SellerReviewsView } from '#contracts/reviews.ts';
import { DEMO, expectAccessible, loginViaApi } from '../support/e2e.ts';
import { CARDS, fillCard, money, newBuyer, publicListing } from '../support/e2e-payments.ts';

test.describe.configure({ timeout: 150_000 });

const KENNEL = 'Rose City Puppies';
const BREEDER_PAGE = '/breeders/rose-city-puppies';
const REVIEW =
  'Rose City kept us posted every week, the handover was calm and unhurried, and our puppy settled in with the kids on the very first evening.';
const REPLY = 'Thank you for choosing us. We loved meeting your family, and we hope for photos on the first birthday!';

async function expectAccessibleAtBothWidths(page: Page, label: string, within?: string) {
  await expectAccessible(page, `${label} at 1280 px`, within);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page, `${label} at 390 px`, within);
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a family buys, the seller hands over, the family reviews; the review shows on the breeder page, the listing and the cards; the seller replies', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const puppy = await publicListing(playwright.request, baseURL!, 1300);
  const details = (await (await page.request.get(`/api/puppies/${puppy.id}`)).json()) as {
    userId: number;
    breed: { name: string } | null;
  };
  const breed = details.breed?.name ?? 'Mixed breed';

  // 1) A family buys the puppy with the test card.
  const family = await newBuyer(page);
  await page.goto(`/checkout/${puppy.id}`);
  await fillCard(page, CARDS.visa);
  await page.getByRole('button', { name: `Pay ${money(1349.99)}` }).click();
  await expect(page).toHaveURL(/\/checkout-success\?puppyId=\d+&payment_intent=pi_/, { timeout: 10_000 });
  const reference = (await page
    .getByRole('region', { name: 'Order Details' })
    .getByText(/^PN-\d{8}-[0-9A-F]{8}$/)
    .textContent())!;

  // 2) The seller marks the puppy handed over on My Listings.
  const sellerContext = await browser.newContext({ baseURL: baseURL! });
  const sellerPage = withIslandGoto(await sellerContext.newPage());
  await loginViaApi(sellerPage, DEMO.seller, '/my-listings');
  const panel = sellerPage.getByRole('region', { name: `Order for ${puppy.name}` });
  await panel.getByRole('button', { name: 'Mark handed over' }).click();
  const handover = sellerPage.getByRole('dialog', { name: 'Mark handed over' });
  await handover.getByRole('button', { name: 'Mark handed over' }).click();
  await expect(handover).toBeHidden();
  await expect(panel.getByText('Handed over', { exact: true })).toBeVisible();

  // 3) The family confirms receipt, then writes a review on My Orders; the form says what is missing.
  await page.goto('/my-orders');
  const card = page.getByRole('listitem').filter({ hasText: reference });
  await card.getByRole('button', { name: 'Confirm receipt' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Confirm receipt' });
  await confirmation.getByRole('button', { name: 'Confirm receipt' }).click();
  await expect(confirmation).toBeHidden();
  await expect(card.locator('.order-status')).toHaveText('Received');
  await card.getByRole('button', { name: 'Write a review' }).click();
  const form = card.getByRole('form', { name: `Review the breeder of ${puppy.name}` });
  await form.getByRole('button', { name: 'Post review' }).click();
  await expect(form.getByText('Please choose 1 to 5 stars')).toBeVisible();
  await form.getByLabel('4 stars').check();
  await form.getByLabel('Your review').fill(REVIEW);
  await form.getByRole('button', { name: 'Post review' }).click();
  await expect(card.getByRole('heading', { name: 'Your review' })).toBeVisible();
  const month = new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const verified = `Verified purchase · ${puppy.name} · ${breed} · ${month}`;
  await expect(card.getByText(verified)).toBeVisible();
  await expect(card.getByText(REVIEW)).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'my orders with a review');

  // 4) The review shows as a verified purchase on the breeder page and on the listing page...
  await page.goto(BREEDER_PAGE);
  const reviews = page.getByRole('region', { name: `Reviews of ${KENNEL}` });
  const ours = reviews.getByRole('listitem').filter({ hasText: REVIEW });
  await expect(ours.getByText(verified)).toBeVisible();
  await expect(ours.getByText(family, { exact: true })).toBeVisible();
  await expect(ours.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  // nobody reports their own review
  await expect(ours.getByText('Report this review')).toHaveCount(0);
  const rating = (
    (await (await page.request.get(`/api/sellers/${details.userId}/reviews`)).json()) as SellerReviewsView
  ).rating!;
  await expect(reviews.getByText(`${rating.average.toFixed(1)} out of 5`)).toBeVisible();
  await expect(reviews.getByText(`· ${rating.count} reviews from verified buyers`)).toBeVisible();

  await page.goto(`/puppies/${puppy.id}`);
  await expect(
    page
      .getByRole('region', { name: /^Reviews of / })
      .getByRole('listitem')
      .filter({ hasText: REVIEW })
      .getByText(verified),
  ).toBeVisible();

  // ...and the seller's rating on the cards of /puppies counts it (the puppy went home, so one of the
  // seller's other cards). Other specs' reviews move sellers up and down the ranking, so the card is
  // found by its name rather than by its place on the first page.
  const others = (await (
    await page.request.get('/api/puppies?status=available&minPrice=500&maxPrice=3000')
  ).json()) as Array<{
    name: string;
    userId: number;
  }>;
  const sibling = others.find((p) => p.userId === details.userId)!;
  await page.goto(`/puppies?sort=rating&search=${encodeURIComponent(sibling.name)}`);
  const sellerCard = page
    .locator('article.puppy-card')
    .filter({ hasText: `Sold by ${KENNEL}` })
    .first();
  await expect(
    sellerCard.getByText(`${rating.average.toFixed(1)} out of 5 from (${rating.count} reviews)`),
  ).toBeVisible();

  // The family reports another family's review into the moderation queue.
  await page.goto(BREEDER_PAGE);
  const other = reviews.getByRole('listitem').filter({ hasNotText: REVIEW }).first();
  await other.getByText('Report this review').click();
  await other.getByLabel('Reason').selectOption({ label: 'Offensive' });
  await other.getByRole('button', { name: 'Send report' }).click();
  await expect(other.getByText('Thank you. Our team will review your report.')).toBeVisible();

  // 5) The seller replies from My Listings' Reviews section; an empty reply is refused with a message.
  await sellerPage.goto('/my-listings');
  const section = sellerPage.getByRole('region', { name: 'Reviews', exact: true });
  const review = section.getByRole('article', { name: `Review by ${family}` });
  await expect(review.getByText(verified)).toBeVisible();
  await review.getByRole('button', { name: 'Post reply' }).click();
  await expect(review.getByText('Please write a reply')).toBeVisible();
  await expect(review.getByLabel('Your public reply')).toHaveAttribute('aria-invalid', 'true');
  await review.getByLabel('Your public reply').fill(REPLY);
  await review.getByRole('button', { name: 'Post reply' }).click();
  await expect(review.getByText('Your reply', { exact: true })).toBeVisible();
  await expect(review.getByText(REPLY)).toBeVisible();
  await expect(review.getByLabel('Your public reply')).toHaveCount(0);
  await expectAccessibleAtBothWidths(sellerPage, "the seller's reviews on my listings", '.seller-reviews');

  await page.goto(BREEDER_PAGE);
  const replied = reviews.getByRole('listitem').filter({ hasText: REVIEW });
  await expect(replied.getByText(`Reply from ${KENNEL}`)).toBeVisible();
  await expect(replied.getByText(REPLY)).toBeVisible();
  await expectAccessibleAtBothWidths(page, 'breeder page with reviews and replies');
  await sellerContext.close();
});
