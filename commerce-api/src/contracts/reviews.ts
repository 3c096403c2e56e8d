// Reviews from verified buyers (docs/product.md "Reviews", decision 0119): the one schema of a review that
// the form and the API both check, the seller's reply, and what the API sends. Imports only valibot.
import * as v from 'valibot';
import type { RatingSummary } from './puppies.ts';

export const REVIEW_MIN_CHARS = 20;
export const REVIEW_MAX_CHARS = 2000;
export const REPLY_MAX_CHARS = 2000;
/** a review may be written from the handover until this many months after it */
export const REVIEW_WINDOW_MONTHS = 12;
/** the buyer may edit their review this many days after writing it */
export const REVIEW_EDIT_DAYS = 30;
/** the invitation is mailed this many days after the handover */
export const REVIEW_INVITE_DAYS = 7;

export const REVIEW_REFUSALS = {
  rating: 'Please choose 1 to 5 stars',
  too_short: `Please write at least ${REVIEW_MIN_CHARS} characters`,
  too_long: 'Please keep your review under 2,000 characters',
  reply_empty: 'Please write a reply',
  reply_too_long: 'Please keep your reply under 2,000 characters',
} as const;

/** the scam guard's word on a review that asks to pay or talk off PuppyNest */
export const REVIEW_SCAM_ADVICE =
  'Reviews cannot ask anyone to pay or talk outside PuppyNest. Please take out payment apps, transfers and contact details.';

/** POST /api/orders/:reference/review and PATCH /api/reviews/:id: the stars and the text */
export const ReviewSchema = v.object({
  rating: v.pipe(
    v.union(
      [v.number(), v.pipe(v.string(), v.trim(), v.regex(/^[1-5]$/, REVIEW_REFUSALS.rating), v.transform(Number))],
      REVIEW_REFUSALS.rating,
    ),
    v.integer(REVIEW_REFUSALS.rating),
    v.minValue(1, REVIEW_REFUSALS.rating),
    v.maxValue(5, REVIEW_REFUSALS.rating),
  ),
  body: v.pipe(
    v.string(REVIEW_REFUSALS.too_short),
    v.trim(),
    v.minLength(REVIEW_MIN_CHARS, REVIEW_REFUSALS.too_short),
    v.maxLength(REVIEW_MAX_CHARS, REVIEW_REFUSALS.too_long),
  ),
});
export type ReviewInput = v.InferOutput<typeof ReviewSchema>;

/** POST /api/reviews/:id/reply: the seller's one public reply */
export const ReviewReplySchema = v.object({
  body: v.pipe(
    v.string(REVIEW_REFUSALS.reply_empty),
    v.trim(),
    v.nonEmpty(REVIEW_REFUSALS.reply_empty),
    v.maxLength(REPLY_MAX_CHARS, REVIEW_REFUSALS.reply_too_long),
  ),
});

/** a review as everyone sees it */
export interface ReviewView {
  id: number;
  rating: number;
  body: string;
  /** "Verified purchase · Daisy · Golden Retriever · June 2026" (product copy, word for word) */
  verifiedLine: string;
  buyerName: string;
  createdAt: string;
  /** set once the buyer edited it: shown as "Edited" */
  editedAt: string | null;
  reply: { body: string; at: string } | null;
}

/** a review as its buyer and its seller see it: with why it is hidden, and what they may still do */
export interface OwnReviewView extends ReviewView {
  hidden: { at: string; reason: string } | null;
  /** the buyer may edit it until this moment */
  editableUntil: string;
}

/**
 * GET /api/seller-reviews: a review of one of the seller's sales as the seller sees it on My Listings
 * (hidden ones too, with the reason), the order it belongs to, and whether the one reply is still open.
 */
export interface SellerOwnReviewView extends OwnReviewView {
  orderReference: string;
  /** no reply yet and not hidden: the seller may reply once */
  canReply: boolean;
}

/** GET /api/seller-reviews: the seller's rating and every review of their sales, newest first */
export interface SellerOwnReviewsView {
  rating: RatingSummary | null;
  reviews: SellerOwnReviewView[];
}

/** a seller's reviews: the rating and the visible reviews, newest first */
export interface SellerReviewsView {
  sellerId: number;
  rating: RatingSummary | null;
  reviews: ReviewView[];
}

/** "Verified purchase · {puppy} · {breed} · {month year}" (docs/product.md "Reviews", word for word) */
export function verifiedPurchaseLine(puppy: string, breed: string, handedOverAt: string): string {
  const month = new Date(handedOverAt).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return `Verified purchase · ${puppy} · ${breed} · ${month}`;
}
