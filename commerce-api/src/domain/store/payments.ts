// The payments area of the store (docs/decisions/0109-the-domain-owns-its-store.md): orders, provider
// events, listing fees, seller plans, donations and the local test-mode provider's objects.
import type {
  Donation,
  ListingFeePayment,
  LocalPaymentObject,
  Order,
  OrderStatus,
  PaymentEvent,
  SellerSubscription,
  SubscriptionStatus,
} from '../model.ts';
import type { New, Patch } from './rows.ts';

/** the puppy already has a live (pending, paid or handed-over) order */
export class PuppyHasLiveOrderError extends Error {
  constructor(puppyId: number) {
    super(`storage: puppy ${puppyId} already has a live order.`);
    this.name = 'PuppyHasLiveOrderError';
  }
}

/** an order for this payment intent exists already: one order per intent (decision 0087) */
export class OrderForIntentExistsError extends Error {
  constructor(paymentIntentId: string) {
    super(`storage: payment intent ${paymentIntentId} already has an order.`);
    this.name = 'OrderForIntentExistsError';
  }
}

export interface OrdersRepository {
  get(id: number): Promise<Order | undefined>;
  findByIntent(paymentIntentId: string): Promise<Order | undefined>;
  /** the pending, paid or handed-over order of a puppy */
  findLive(puppyId: number): Promise<Order | undefined>;
  /**
   * throws PuppyHasLiveOrderError when `row` is live and the puppy already has a live order, and
   * OrderForIntentExistsError when its payment intent has an order (one order per intent)
   */
  create(row: New<Order>): Promise<Order>;
  /** changes the status only from one of `from`: undefined when the order was not in one of them */
  transition(
    id: number,
    from: readonly OrderStatus[],
    patch: Patch<Order> & { status: OrderStatus },
  ): Promise<Order | undefined>;
  listByBuyer(buyerId: number): Promise<Order[]>;
  // what the order pages and the admin cancel read (decision 0087)
  findByReference(reference: string): Promise<Order | undefined>;
  /** the seller's live (pending, paid, handed-over) orders, oldest first */
  listLiveBySeller(sellerId: number): Promise<Order[]>;
  /** inside a transaction: the row, locked until it ends */
  lock(id: number): Promise<Order | undefined>;
  /** refunds claimed and not yet settled (refunding), oldest first, at most `limit`: the job settles them */
  listRefunding(limit: number): Promise<Order[]>;
  /** orders whose payment was disputed, newest first, at most `limit` (/admin) */
  listDisputed(limit: number): Promise<Order[]>;
  /** every order, oldest first, a page after `afterId` (the money check reads them all) */
  listAfter(afterId: number, limit: number): Promise<Order[]>;
  /** how many orders are in each status (GET /metrics, counted when scraped: decision 0116); a status no order is in may be missing */
  countByStatus(): Promise<Partial<Record<OrderStatus, number>>>;
}

export interface PaymentEventsRepository {
  /**
   * each provider event once: the row for the caller that claims it, undefined for every later one.
   * A claim made before `staleBefore` and never applied (its process died) is taken over.
   */
  claim(eventId: string, type: string, now: Date, staleBefore?: Date): Promise<PaymentEvent | undefined>;
  /** the claim's effect is in the store: no later delivery applies it again */
  markApplied(eventId: string, now: Date): Promise<void>;
  /** forgets a claim whose event could not be applied, so the provider's retry applies it */
  release(eventId: string): Promise<boolean>;
}

export interface ListingFeesRepository {
  findByIntent(paymentIntentId: string): Promise<ListingFeePayment | undefined>;
  /** one row per payment intent: an existing row for the intent is returned unchanged */
  createForIntent(row: New<ListingFeePayment>): Promise<ListingFeePayment>;
  /** the three newest pending payments of a user for a puppy, newest first (to reuse an intent) */
  recentPending(userId: number, puppyId: number): Promise<ListingFeePayment[]>;
  /** fee applied once: pending → succeeded; the row for the caller that changed it, else undefined */
  markSucceeded(paymentIntentId: string, now: Date): Promise<ListingFeePayment | undefined>;
  /** pending → canceled; undefined when it was not pending */
  markCanceled(paymentIntentId: string): Promise<ListingFeePayment | undefined>;
  /** the `limit` newest pending payments of a user (for one puppy when given), newest first (re-checked with the provider) */
  pendingOfUser(userId: number, puppyId: number | undefined, limit: number): Promise<ListingFeePayment[]>;
}

/** Seller plans (docs/decisions/0033): one row per provider subscription. */
export interface SellerSubscriptionsRepository {
  findByProviderId(providerSubscriptionId: string): Promise<SellerSubscription | undefined>;
  /** the user's oldest trialing or active subscription whose period has not ended at `now` (no end: counts) */
  findActive(userId: number, now: Date): Promise<SellerSubscription | undefined>;
  /** one row per provider subscription: an existing row for it is returned unchanged */
  createForProvider(row: New<SellerSubscription>): Promise<SellerSubscription>;
  /** changes the row only from one of `from`: undefined when it was not in one of them (or is unknown) */
  transition(
    providerSubscriptionId: string,
    from: readonly SubscriptionStatus[],
    patch: Patch<SellerSubscription>,
  ): Promise<SellerSubscription | undefined>;
  /** a verified card, once: incomplete → trialing while the trial runs at `now`, else active */
  markCardVerified(providerSubscriptionId: string, now: Date): Promise<SellerSubscription | undefined>;
  /** every subscription of a user, oldest first */
  listByUser(userId: number): Promise<SellerSubscription[]>;
  /** the seller's listings public at `now`: what the plan's limit counts */
  countLiveListings(userId: number, now: Date): Promise<number>;
}

export interface DonationsRepository {
  findByIntent(paymentIntentId: string): Promise<Donation | undefined>;
  /** one row per payment intent: an existing row for the intent is returned unchanged */
  createForIntent(row: New<Donation>): Promise<Donation>;
  /** pending → succeeded once: the row for the caller that changed it, else undefined */
  markSucceeded(paymentIntentId: string): Promise<Donation | undefined>;
  /** pending → canceled; undefined when it was not pending */
  markCanceled(paymentIntentId: string): Promise<Donation | undefined>;
}

/**
 * The local test-mode provider's objects (payments/local-provider.ts: payment intents, setup intents,
 * payment methods, subscriptions), so the double behaves like Stripe across processes too: one object
 * per idempotency key, and each status change (capture, cancel, confirm, refund) made once.
 */
export interface LocalPaymentsRepository {
  /** how many objects the double holds (of a kind): what a test asks of Stripe's dashboard */
  count(kind?: LocalPaymentObject['kind']): Promise<number>;
  /** the object with this provider id (pi_…, seti_…, sub_…, pm_…) and kind */
  find(providerId: string, kind: LocalPaymentObject['kind']): Promise<LocalPaymentObject | undefined>;
  /** a payment or setup intent by its client secret */
  findByClientSecret(clientSecret: string): Promise<LocalPaymentObject | undefined>;
  findByIdempotencyKey(idempotencyKey: string): Promise<LocalPaymentObject | undefined>;
  /** the setup intent made with a subscription (metadata.subscription) */
  findSetupOf(subscriptionId: string): Promise<LocalPaymentObject | undefined>;
  /** the first transfer made in a transfer group (metadata.transferGroup: an order reference) */
  findTransferInGroup(transferGroup: string): Promise<LocalPaymentObject | undefined>;
  /** the payment intents for a puppy's checkout not yet confirmed (Stripe's search by metadata), oldest first */
  listOpenCheckouts(puppyId: number): Promise<LocalPaymentObject[]>;
  /** one object per idempotency key: when the key is taken, the existing row and created: false */
  createOnce(row: New<LocalPaymentObject>): Promise<{ row: LocalPaymentObject; created: boolean }>;
  /** changes the row only while its status is one of `from`: undefined when it was not */
  transition(
    id: number,
    from: readonly string[],
    patch: Patch<LocalPaymentObject>,
  ): Promise<LocalPaymentObject | undefined>;
  /** refunded once: a succeeded intent not yet refunded in full gets refundedCents = its amount */
  refund(id: number, now: Date): Promise<LocalPaymentObject | undefined>;
  /**
   * Seller payouts (decision 0101). Without `accountId`: the platform's balance, what succeeded payment
   * intents took less their refunds, less the transfers made (and not reversed). With it: the connected
   * account's balance, the transfers to it (metadata.destination) not reversed, less what it paid out to its
   * bank (its 'account' row's amountCents).
   */
  balanceCents(accountId?: string): Promise<number>;
  /**
   * Inside a transaction: every other transaction that asks waits until this one ends, in every
   * process, so a balance check and the transfer, reversal or payout it allows are one step (as on
   * Stripe, where two transfers never both spend the same funds).
   */
  lockBalances(): Promise<void>;
}

/** the repositories of the payments area (Repositories is every area's) */
export interface PaymentsRepositories {
  readonly orders: OrdersRepository;
  readonly paymentEvents: PaymentEventsRepository;
  readonly listingFees: ListingFeesRepository;
  readonly sellerSubscriptions: SellerSubscriptionsRepository;
  readonly donations: DonationsRepository;
  readonly localPayments: LocalPaymentsRepository;
}
