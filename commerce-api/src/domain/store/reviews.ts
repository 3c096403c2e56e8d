// The reviews area of the store (docs/decisions/0119, 0109-the-domain-owns-its-store.md): buyers'
// reviews of sellers, one per order, the sellers' ratings kept beside them, and the invitation mail.
import type { Order, Review, SellerRating } from '../model.ts';
import type { New, Patch } from './rows.ts';

export interface ReviewsRepository {
  get(id: number): Promise<Review | undefined>;
  findByOrder(orderId: number): Promise<Review | undefined>;
  /** the reviews of these orders (an order has at most one) */
  listByOrders(orderIds: readonly number[]): Promise<Review[]>;
  /** a seller's reviews, newest first; with `visibleOnly` the hidden ones are left out */
  listBySeller(sellerId: number, options: { visibleOnly: boolean }): Promise<Review[]>;
  /**
   * One review per order: the new review, or undefined when the order has one already (a unique
   * constraint on PostgreSQL, so two writers at once in two processes keep one).
   */
  create(row: New<Review>): Promise<Review | undefined>;
  update(id: number, patch: Patch<Review>): Promise<Review | undefined>;
  /** the seller's one reply: undefined when the review is unknown or has a reply already */
  reply(id: number, text: string, now: Date): Promise<Review | undefined>;
  /**
   * Handed-over orders due an invitation to review: handed over between `handedOverAfter` and
   * `handedOverBefore`, never invited, and not reviewed yet. Oldest first, at most `limit`.
   */
  invitesDue(handedOverAfter: Date, handedOverBefore: Date, limit: number): Promise<Order[]>;
  /** true for the one caller that marks the order invited at `now` (the mail is sent once) */
  claimInvite(orderId: number, now: Date): Promise<boolean>;
}

export interface SellerRatingsRepository {
  /**
   * Counts the seller's visible reviews again and keeps the answer on their rating row. Called in the
   * transaction that changed one of their reviews; on PostgreSQL it takes a lock per seller first, so
   * two reviews of one seller written at once are both counted.
   */
  refresh(sellerId: number, now: Date): Promise<SellerRating>;
  /** the ratings of these sellers (a seller without a reviewed order is left out) */
  forSellers(sellerIds: readonly number[]): Promise<Map<number, SellerRating>>;
}

/** the repositories of the reviews area (Repositories is every area's) */
export interface ReviewsRepositories {
  readonly reviews: ReviewsRepository;
  readonly sellerRatings: SellerRatingsRepository;
}
