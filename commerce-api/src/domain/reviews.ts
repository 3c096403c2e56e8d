// Reviews from verified buyers (docs/product.md "Reviews", decision 0119). Only the buyer of an order
// that was handed over and not refunded writes one, from the handover until 12 months after it, one per
// order; the seller replies once, publicly; the buyer edits within 30 days (an edited review is marked).
// The scam guard reads the text: a review or reply it flags is refused with its advice, never stored
// (decision 0119 says why). Every change of a review counts the seller's rating again in its transaction.
import {
  REVIEW_EDIT_DAYS,
  REVIEW_SCAM_ADVICE,
  REVIEW_WINDOW_MONTHS,
  verifiedPurchaseLine,
  type OwnReviewView,
  type ReviewInput,
  type ReviewView,
  type SellerOwnReviewsView,
  type SellerReviewsView,
} from '#contracts/reviews.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import type { Order, Review, User } from './model.ts';
import { visibleOrder } from './order-views.ts';
import { scamFlags } from './scam-guard/index.ts';
import { ratingSummary } from './seller-ratings.ts';
import type { Repositories, Store } from './store/index.ts';

const DAY_MS = 86_400_000;
const NO_SUCH_REVIEW = 'No review with this id was found.';

export interface ReviewContext {
  store: Store;
  now: () => Date;
}

/** the end of the window in which an order handed over at `handedOverAt` may be reviewed */
export function reviewWindowEnds(handedOverAt: string): Date {
  const end = new Date(handedOverAt);
  end.setUTCMonth(end.getUTCMonth() + REVIEW_WINDOW_MONTHS);
  return end;
}

/** why an order cannot be reviewed by its buyer now, or undefined when it can */
function refusal(order: Order, now: Date): ConflictError | undefined {
  if (order.status === 'pending' || order.status === 'paid')
    return new ConflictError(
      'You can review the seller once the puppy has been handed over to you.',
      'not_handed_over',
    );
  if (order.status !== 'handed_over' || !order.handedOverAt)
    return new ConflictError('This order was cancelled or refunded, so it cannot be reviewed.', 'order_not_reviewable');
  if (now.getTime() > reviewWindowEnds(order.handedOverAt).getTime()) {
    return new ConflictError(
      `Reviews can be written until ${REVIEW_WINDOW_MONTHS} months after the handover, and that time has passed.`,
      'review_window_closed',
    );
  }
  return undefined;
}

/** may the buyer of `order` write a review now (it has none yet)? */
export function canReview(order: Order, review: Review | undefined, now: Date): boolean {
  return !review && refusal(order, now) === undefined;
}

/** the scam guard's word on a text: a request to pay or talk off PuppyNest is refused with its advice */
function guard(field: string, text: string): void {
  if (scamFlags(text).length === 0) return;
  const advice = REVIEW_SCAM_ADVICE;
  throw new ValidationError(advice, { [field]: advice });
}

/** POST /api/orders/:reference/review: the buyer's review of the seller of this order */
export async function writeReview(
  ctx: ReviewContext,
  user: User,
  reference: string,
  input: ReviewInput,
): Promise<OwnReviewView> {
  const { store } = ctx;
  const now = ctx.now();
  const { order, viewer } = await visibleOrder(store, user, reference);
  if (viewer !== 'buyer') throw new ForbiddenError('Only the buyer of this puppy can review its seller.');
  const refused = refusal(order, now);
  if (refused) throw refused;
  if (await store.reviews.findByOrder(order.id)) throw alreadyReviewed();
  guard('body', input.body);
  const puppy = await store.puppies.get(order.puppyId);
  const breed = puppy ? (await store.breeds.list()).find((b) => b.id === puppy.breedId) : undefined;
  const at = now.toISOString();
  const created = await store.transaction(async (tx) => {
    const review = await tx.reviews.create({
      orderId: order.id,
      buyerId: order.buyerId,
      sellerId: order.sellerId,
      puppyId: order.puppyId,
      puppyName: puppy?.name ?? 'A puppy',
      breedName: breed?.name ?? 'Mixed breed',
      handedOverAt: order.handedOverAt!,
      rating: input.rating,
      body: input.body,
      createdAt: at,
      editedAt: null,
      reply: null,
      repliedAt: null,
      hiddenAt: null,
      hiddenReason: null,
    });
    if (review) await tx.sellerRatings.refresh(order.sellerId, now);
    return review;
  });
  // another request (another process) wrote this order's review first
  if (!created) throw alreadyReviewed();
  return ownReviewView(created, user.username);
}

const alreadyReviewed = () =>
  new ConflictError(
    'You have already reviewed this order. You can edit your review within 30 days of writing it.',
    'already_reviewed',
  );

/** PATCH /api/reviews/:id: the buyer edits their review within 30 days; it is marked edited */
export async function editReview(
  ctx: ReviewContext,
  user: User,
  id: number,
  input: ReviewInput,
): Promise<OwnReviewView> {
  const { store } = ctx;
  const now = ctx.now();
  const review = await store.reviews.get(id);
  // a hidden review is its buyer's and seller's business: anyone else is told it does not exist
  if (!review || (review.buyerId !== user.id && review.hiddenAt !== null)) throw new NotFoundError(NO_SUCH_REVIEW);
  if (review.buyerId !== user.id) throw new ForbiddenError('Only the buyer who wrote this review can edit it.');
  if (review.hiddenAt)
    throw new ConflictError('This review was hidden by our team, so it cannot be edited.', 'review_hidden');
  if (now.getTime() > editableUntil(review).getTime())
    throw new ConflictError(
      `A review can be edited for ${REVIEW_EDIT_DAYS} days after it was written, and that time has passed.`,
      'review_edit_closed',
    );
  guard('body', input.body);
  const updated = await store.transaction(async (tx) => {
    const changed = await tx.reviews.update(id, {
      rating: input.rating,
      body: input.body,
      editedAt: now.toISOString(),
    });
    await tx.sellerRatings.refresh(review.sellerId, now);
    return changed;
  });
  if (!updated) throw new NotFoundError(NO_SUCH_REVIEW);
  return ownReviewView(updated, user.username);
}

const editableUntil = (review: Review) => new Date(Date.parse(review.createdAt) + REVIEW_EDIT_DAYS * DAY_MS);

/** POST /api/reviews/:id/reply: the seller of the order replies once, publicly */
export async function replyToReview(ctx: ReviewContext, user: User, id: number, body: string): Promise<OwnReviewView> {
  const { store } = ctx;
  const review = await store.reviews.get(id);
  if (!review || (review.hiddenAt !== null && review.sellerId !== user.id && review.buyerId !== user.id))
    throw new NotFoundError(NO_SUCH_REVIEW);
  if (review.sellerId !== user.id) throw new ForbiddenError('Only the seller of this order can reply to its review.');
  if (review.reply !== null) throw alreadyReplied();
  guard('body', body);
  const replied = await store.reviews.reply(id, body, ctx.now());
  if (!replied) throw alreadyReplied();
  return ownReviewView(replied, (await store.users.get(replied.buyerId))?.username ?? 'A former member');
}

const alreadyReplied = () =>
  new ConflictError('You have already replied to this review. A seller replies once.', 'already_replied');

/** an admin hides a review (after a report) with the reason its buyer and seller see, or shows it again */
export async function setReviewHidden(
  tx: Repositories,
  id: number,
  reason: string | null,
  now: Date,
): Promise<Review | undefined> {
  const review = await tx.reviews.update(
    id,
    reason === null ? { hiddenAt: null, hiddenReason: null } : { hiddenAt: now.toISOString(), hiddenReason: reason },
  );
  if (review) await tx.sellerRatings.refresh(review.sellerId, now);
  return review;
}

/** a review as everyone sees it */
export function reviewView(review: Review, buyerName: string): ReviewView {
  return {
    id: review.id,
    rating: review.rating,
    body: review.body,
    verifiedLine: verifiedPurchaseLine(review.puppyName, review.breedName, review.handedOverAt),
    buyerName,
    createdAt: review.createdAt,
    editedAt: review.editedAt,
    reply: review.reply !== null && review.repliedAt !== null ? { body: review.reply, at: review.repliedAt } : null,
  };
}

/** a review as its buyer and seller see it: why it is hidden, and until when it can be edited */
export function ownReviewView(review: Review, buyerName: string): OwnReviewView {
  return {
    ...reviewView(review, buyerName),
    hidden: review.hiddenAt !== null ? { at: review.hiddenAt, reason: review.hiddenReason ?? '' } : null,
    editableUntil: editableUntil(review).toISOString(),
  };
}

/**
 * A seller's rating and visible reviews, newest first: the listing page shows them, and the breeder
 * page includes them (site/components/reviews/BreederReviews.astro takes this as its props).
 */
export async function sellerReviews(store: Repositories, sellerId: number, limit = 50): Promise<SellerReviewsView> {
  const [rows, ratings] = await Promise.all([
    store.reviews.listBySeller(sellerId, { visibleOnly: true }),
    store.sellerRatings.forSellers([sellerId]),
  ]);
  const names = new Map<number, string>();
  const reviews: ReviewView[] = [];
  for (const review of rows.slice(0, limit)) {
    if (!names.has(review.buyerId))
      names.set(review.buyerId, (await store.users.get(review.buyerId))?.username ?? 'A former member');
    reviews.push(reviewView(review, names.get(review.buyerId)!));
  }
  return { sellerId, rating: ratingSummary(ratings.get(sellerId)), reviews };
}

/**
 * GET /api/seller-reviews: every review of the seller's sales, hidden ones with the reason (docs/product.md
 * §17 "Report and hide": the seller sees why), newest first, each with its order and whether the seller
 * may still reply. My Listings' Reviews section reads it.
 */
export async function reviewsOfMySales(store: Repositories, seller: User): Promise<SellerOwnReviewsView> {
  const [rows, ratings] = await Promise.all([
    store.reviews.listBySeller(seller.id, { visibleOnly: false }),
    store.sellerRatings.forSellers([seller.id]),
  ]);
  const names = new Map<number, string>();
  const references = new Map<number, string>();
  const reviews: SellerOwnReviewsView['reviews'] = [];
  for (const review of rows) {
    if (!names.has(review.buyerId))
      names.set(review.buyerId, (await store.users.get(review.buyerId))?.username ?? 'A former member');
    if (!references.has(review.orderId))
      references.set(review.orderId, (await store.orders.get(review.orderId))?.reference ?? '');
    const own = ownReviewView(review, names.get(review.buyerId)!);
    reviews.push({
      ...own,
      orderReference: references.get(review.orderId)!,
      canReply: own.reply === null && own.hidden === null,
    });
  }
  return { rating: ratingSummary(ratings.get(seller.id)), reviews };
}
