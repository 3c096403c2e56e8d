// The async storage seam the domain works on (docs/decisions/0076): one repository per
// aggregate, with methods shaped by what the domain does, and a transaction helper. Two
// implementations pass one contract suite (tests/unit/storage/contract/): lowdb-repositories.ts over
// today's store, and postgres/ on PostgreSQL.
//
// A rule that used to be check-then-change inside storage.write() is ONE method here ("claim",
// "reserve", "countAttempt", …) that reports whether it won: on lowdb it is one synchronous write, on
// PostgreSQL one conditional statement or a constraint. So the rule holds across processes without
// the caller holding a lock. Every time a rule reads comes in as `now` (one clock: the app's).
import type {
  Breed,
  ContactMessage,
  Conversation,
  Donation,
  Message,
  ModerationAction,
  MoneyCheckReport,
  Report,
  Upload,
  Favorite,
  ListingFeePayment,
  LocalPaymentObject,
  Order,
  OrderStatus,
  PaymentEvent,
  Payout,
  PayoutAccount,
  PayoutStatus,
  Puppy,
  PuppyStatus,
  Gender,
  SellerApplication,
  SellerSubscription,
  Session,
  Settings,
  SubscriptionStatus,
  User,
  VerificationCode,
} from '../domain/model.ts';

export type New<T extends { id: number }> = Omit<T, 'id'>;
/** the fields an update may set: never the id */
export type Patch<T extends { id: number }> = Partial<Omit<T, 'id'>>;

/** the username (case-insensitively) belongs to another account */
export class UsernameTakenError extends Error {
  constructor(username: string) {
    super(`storage: the username "${username}" is taken.`);
    this.name = 'UsernameTakenError';
  }
}

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

export interface UsersRepository {
  get(id: number): Promise<User | undefined>;
  /** case-insensitive */
  findByUsername(username: string): Promise<User | undefined>;
  /** throws UsernameTakenError when the name is taken in any letter case; usernameKey is derived here */
  create(row: Omit<New<User>, 'usernameKey'>): Promise<User>;
  update(id: number, patch: Patch<Omit<User, 'username' | 'usernameKey'>>): Promise<User | undefined>;
  /** inside a transaction: the row, locked until it ends (PostgreSQL: SELECT … FOR UPDATE) */
  lock(id: number): Promise<User | undefined>;
}

export interface SessionsRepository {
  get(id: number): Promise<Session | undefined>;
  /** the session and the account it belongs to, in one read (every signed-in request asks for both) */
  getWithUser(id: number): Promise<{ session: Session; user: User } | undefined>;
  create(row: New<Session>): Promise<Session>;
  extend(id: number, expiresAt: string): Promise<Session | undefined>;
  /** revokes once: the first revocation time stays */
  revoke(id: number, now: Date): Promise<Session | undefined>;
}

export interface BreedsRepository {
  /** every breed, by id (a few dozen, from the content seed) */
  list(): Promise<Breed[]>;
  insert(row: New<Breed>): Promise<Breed>;
}

/** the most rows one catalogue page holds, whatever the caller asks for */
export const CATALOGUE_MAX_PAGE = 100;
/** the total is counted up to this many matches; past it the answer says "1,000+" (docs/product.md §13) */
export const CATALOGUE_TOTAL_CAP = 1_000;

/**
 * The public catalogue's filters, after the domain resolved names to ids (breed name or category →
 * breedIds). Every filter is optional; `search` is the words typed, matched as puppy-catalogue.ts has
 * always matched them (every word in the listing's or its breed's words; male/female as the gender).
 */
export interface CatalogueQuery {
  breedIds?: readonly number[];
  minPrice?: number;
  maxPrice?: number;
  gender?: Gender;
  status?: PuppyStatus;
  /** a region name (northeast, …) or any part of the location text */
  location?: string;
  search?: string;
  sort?: 'newest' | 'price-asc' | 'price-desc' | 'age-asc';
  /** only listings marked featured (the home page's; decision 0086) */
  featured?: boolean;
  /** capped at CATALOGUE_MAX_PAGE */
  limit: number;
  offset?: number;
}

/**
 * A public listing as a catalogue page holds it: its breed, and its own public fields
 * (catalogue-search.ts ListingFields) as JSON object text. A page of them goes out without being
 * parsed and serialised again: PostgreSQL keeps each listing's card with its row (migration 0008,
 * decision 0105); lowdb writes the cards of the page it returns.
 */
export interface CatalogueCard {
  breedId: number;
  json: string;
}

export interface CataloguePage {
  items: CatalogueCard[];
  /** the matches, counted up to CATALOGUE_TOTAL_CAP */
  total: number;
  /**
   * true when there are more than CATALOGUE_TOTAL_CAP matches ("1,000+"). On PostgreSQL a filter its
   * census shows with far more matches is capped without a count (postgres/catalogue-census.ts).
   */
  totalCapped: boolean;
}

export interface PuppiesRepository {
  get(id: number): Promise<Puppy | undefined>;
  insert(row: New<Puppy>): Promise<Puppy>;
  update(id: number, patch: Patch<Puppy>): Promise<Puppy | undefined>;
  remove(id: number): Promise<boolean>;
  /** inside a transaction: the row, locked until it ends */
  lock(id: number): Promise<Puppy | undefined>;
  /**
   * Sold once: available → reserved, only if it is available, public at `now` and has no live order.
   * The reserved row, or undefined when another buyer (or anything else) got there first.
   */
  reserve(id: number, now: Date): Promise<Puppy | undefined>;
  /**
   * The last plan slot: makes a seller's listing public until `expiresAt` only while the seller has
   * fewer than `limit` listings public at `now` (null: no limit). Activations of one seller are
   * serialised, so two at once cannot both take the last slot. The listing, or undefined when the
   * plan had no room (or the listing is not the seller's).
   */
  activateWithinLimit(id: number, sellerId: number, limit: number | null, expiresAt: string, now: Date): Promise<Puppy | undefined>;
  /** the listings public at `now` that match, newest first unless sorted (ties: newest first) */
  searchPublic(query: CatalogueQuery, now: Date): Promise<CataloguePage>;
  // ---- listings area (decision 0086) ----
  /** every listing of a seller, newest first: drafts, expired and hidden ones included */
  listBySeller(userId: number): Promise<Puppy[]>;
  /** the listings public at `now`, newest first, with their last change (sitemap.xml) */
  listPublicStamps(now: Date): Promise<Array<{ id: number; updatedAt: string }>>;
  /** which of `urls` a listing other than `exceptId` uses (main image, gallery or video) */
  mediaInUse(urls: readonly string[], exceptId: number): Promise<Set<string>>;
  // ---- end listings area ----
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
  transition(id: number, from: readonly OrderStatus[], patch: Patch<Order> & { status: OrderStatus }): Promise<Order | undefined>;
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
  transition(providerSubscriptionId: string, from: readonly SubscriptionStatus[], patch: Patch<SellerSubscription>): Promise<SellerSubscription | undefined>;
  /** a verified card, once: incomplete → trialing while the trial runs at `now`, else active */
  markCardVerified(providerSubscriptionId: string, now: Date): Promise<SellerSubscription | undefined>;
  /** every subscription of a user, oldest first */
  listByUser(userId: number): Promise<SellerSubscription[]>;
  /** the seller's listings public at `now`: what the plan's limit counts */
  countLiveListings(userId: number, now: Date): Promise<number>;
}

export interface VerificationCodesRepository {
  get(id: number): Promise<VerificationCode | undefined>;
  /**
   * Resend limit, per target and requester: inserts the code only if neither its owner nor its client
   * had a code sent to the same channel and target after `sentSince` (another target is not held up,
   * decision 0051), replacing the owner's unverified codes for that channel and target. The new row,
   * or undefined when it was refused.
   */
  issue(row: New<VerificationCode>, sentSince: Date): Promise<VerificationCode | undefined>;
  /** the newest unverified code of an owner for a channel and target */
  findPending(owner: string, channel: VerificationCode['channel'], target: string): Promise<VerificationCode | undefined>;
  /**
   * Attempts counted exactly: adds one attempt if the code is unverified, unexpired at `now` and has
   * fewer than `maxAttempts`. The updated row, or undefined when no attempt was left.
   */
  countAttempt(id: number, maxAttempts: number, now: Date): Promise<VerificationCode | undefined>;
  /** the codes of any of `owners` verified after `verifiedSince`, oldest first (what a verification session holds) */
  listVerified(owners: readonly string[], verifiedSince: Date): Promise<VerificationCode[]>;
  /** unverified → verified at `now`; undefined when it was verified already */
  markVerified(id: number, now: Date): Promise<VerificationCode | undefined>;
  remove(id: number): Promise<boolean>;
  /** removes the codes sent before `sentBefore`; how many */
  removeSentBefore(sentBefore: Date): Promise<number>;
}

export interface FavoritesRepository {
  /**
   * Idempotent: the existing row when the user already keeps the puppy. Undefined when the puppy does
   * not exist (deleted at that moment): a favourite never points at nothing, without holding the listing.
   */
  add(userId: number, puppyId: number, now: Date): Promise<Favorite | undefined>;
  remove(userId: number, puppyId: number): Promise<boolean>;
  /** oldest first, as they were added */
  listByUser(userId: number): Promise<Favorite[]>;
}

export interface SellerApplicationsRepository {
  findByUser(userId: number): Promise<SellerApplication | undefined>;
  /** one application per user: a second one updates the first (idempotent) */
  upsert(row: New<SellerApplication>): Promise<SellerApplication>;
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
  transition(id: number, from: readonly string[], patch: Patch<LocalPaymentObject>): Promise<LocalPaymentObject | undefined>;
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

// ---- seller payouts (docs/decisions/0101) ----

export interface PayoutsRepository {
  get(id: number): Promise<Payout | undefined>;
  findByOrder(orderId: number): Promise<Payout | undefined>;
  /** one payout per order: when the order has one, it is returned unchanged */
  createForOrder(row: New<Payout>): Promise<Payout>;
  /** changes the row only while its status is one of `from`: undefined when it was not (or is unknown) */
  transition(id: number, from: readonly PayoutStatus[], patch: Patch<Payout>): Promise<Payout | undefined>;
  /** the seller's payouts, newest first */
  listBySeller(sellerId: number): Promise<Payout[]>;
  /**
   * What the release job works on, oldest first, at most `limit`: scheduled payouts whose window ended
   * at `now`; claims to settle (transferring, reversing); and released payouts whose seller's account
   * can receive them. A payout waiting for its seller's account, or refused until `attemptAt`, is not
   * listed, so such payouts never fill the page and hold up due ones (decision 0107).
   */
  listDue(now: Date, limit: number): Promise<Payout[]>;
  /** what an admin must look at, oldest first: held payouts, reversals under way or refused, transfers refused (releasing or paid with a refusal) */
  listForAdmin(): Promise<Payout[]>;
}

export interface PayoutAccountsRepository {
  findByUser(userId: number): Promise<PayoutAccount | undefined>;
  findByAccountId(accountId: string): Promise<PayoutAccount | undefined>;
  /** one account per seller: when the seller has one, it is returned unchanged */
  createForUser(row: New<PayoutAccount>): Promise<PayoutAccount>;
  /** undefined when the account is unknown */
  update(accountId: string, patch: Patch<Omit<PayoutAccount, 'userId' | 'accountId'>>): Promise<PayoutAccount | undefined>;
}

export interface ContactsRepository {
  get(id: number): Promise<ContactMessage | undefined>;
  insert(row: New<ContactMessage>): Promise<ContactMessage>;
}

export interface UploadsRepository {
  /** bytes of every upload of the user */
  usedBytes(userId: number): Promise<number>;
  /** the user's uploads, oldest first */
  listByUser(userId: number): Promise<Upload[]>;
  /**
   * Records an upload only if the user's uploads stay within `quotaBytes` (checked with the user's
   * uploads serialised, so two at once cannot both pass). The row, or undefined when over quota.
   */
  record(row: New<Upload>, quotaBytes: number): Promise<Upload | undefined>;
  /** forgets the uploads made at or before `cutoff` that no listing uses, and answers them */
  forgetUnused(cutoff: Date): Promise<Upload[]>;
}

export interface SettingsRepository {
  /** the payment mode (without the money check's report) */
  get(): Promise<Settings>;
  set(patch: Partial<Omit<Settings, 'moneyCheck'>>): Promise<Settings>;
  /** the last money check's report (null before the first): /admin shows it, whichever process ran it */
  moneyCheck(): Promise<MoneyCheckReport | null>;
  /** replaces the last report */
  setMoneyCheck(report: MoneyCheckReport): Promise<void>;
}

// ---- conversations, reports, moderation (docs/decisions/0090–0092) ----

/** a conversation seen by one of its parties: unread when the other party wrote last after they read */
export function isUnreadFor(c: Conversation, userId: number): boolean {
  if (c.lastSenderId === userId) return false;
  const readAt = c.buyerId === userId ? c.buyerReadAt : c.sellerReadAt;
  return readAt === null || Date.parse(readAt) < Date.parse(c.lastMessageAt);
}

/** a conversation's first row, on both stores: its first message moves it, and nobody has read or been mailed yet */
export function firstConversationRow(row: Pick<Conversation, 'puppyId' | 'buyerId' | 'sellerId'>, senderId: number, at: string): New<Conversation> {
  return { ...row, createdAt: at, lastMessageAt: at, lastSenderId: senderId, buyerReadAt: null, sellerReadAt: null, buyerMailedAt: null, sellerMailedAt: null };
}

export interface ConversationsRepository {
  get(id: number): Promise<Conversation | undefined>;
  findByPuppyAndBuyer(puppyId: number, buyerId: number): Promise<Conversation | undefined>;
  /**
   * One conversation per puppy and buyer: creates it with its first message, or adds the message to
   * the existing one (a second inquiry continues the thread). Either way the conversation's last
   * message moves and the sender has read it.
   */
  startOrContinue(
    row: Pick<Conversation, 'puppyId' | 'buyerId' | 'sellerId'>,
    message: Pick<Message, 'senderId' | 'body' | 'flags'>,
    now: Date,
  ): Promise<{ conversation: Conversation; message: Message }>;
  /** adds a message to a conversation (the sender has read it); undefined when it is unknown */
  addMessage(conversationId: number, message: Pick<Message, 'senderId' | 'body' | 'flags'>, now: Date): Promise<{ conversation: Conversation; message: Message } | undefined>;
  /** the conversations a user is a party to, the latest message first */
  listByUser(userId: number): Promise<Conversation[]>;
  /** how many conversations have something the user has not read */
  countUnread(userId: number): Promise<number>;
  /** the number of conversations of each of these puppies (puppies with none are left out) */
  countByPuppies(puppyIds: readonly number[]): Promise<Map<number, number>>;
  /** the party has read the thread up to `now` */
  markRead(id: number, userId: number, now: Date): Promise<Conversation | undefined>;
  /**
   * The mail throttle: claims the right to mail `recipientId` about this conversation at `now`, only
   * if they were never mailed about it, or read it since the last mail, or the last mail was sent at
   * or before `mailedBefore`. True for the one caller that claimed it.
   */
  claimMail(id: number, recipientId: number, now: Date, mailedBefore: Date): Promise<boolean>;
}

export interface MessagesRepository {
  get(id: number): Promise<Message | undefined>;
  /** oldest first */
  listByConversation(conversationId: number): Promise<Message[]>;
  /** the last message of each conversation */
  lastOf(conversationIds: readonly number[]): Promise<Map<number, Message>>;
}

export interface ReportsRepository {
  get(id: number): Promise<Report | undefined>;
  create(row: Omit<New<Report>, 'status' | 'resolvedAt' | 'resolvedBy'>): Promise<Report>;
  /** the open reports, oldest first */
  listOpen(): Promise<Report[]>;
  /** open → resolved once: the row for the caller that resolved it, else undefined */
  resolve(id: number, adminId: number, now: Date): Promise<Report | undefined>;
}

export interface ModerationRepository {
  /** records a decision */
  record(row: New<ModerationAction>): Promise<ModerationAction>;
  /** the newest decisions first */
  listActions(limit: number): Promise<ModerationAction[]>;
  /** hides a listing with the reason its seller sees; undefined when unknown */
  hideListing(puppyId: number, reason: string, now: Date): Promise<Puppy | undefined>;
  /** shows a hidden listing again; undefined when unknown */
  unhideListing(puppyId: number): Promise<Puppy | undefined>;
  /**
   * Suspends an account and hides its listings that are not hidden yet (with `reason`), in one
   * change. Undefined when unknown.
   */
  suspendUser(userId: number, reason: string, now: Date): Promise<User | undefined>;
  /** lifts a suspension and shows again the listings it hid (those hidden with `reason`) */
  unsuspendUser(userId: number, reason: string): Promise<User | undefined>;
  /** the hidden listings and the suspended accounts (for the admin's undo) */
  listHidden(): Promise<Puppy[]>;
  listSuspended(): Promise<User[]>;
}

// ---- end of conversations, reports, moderation ----

export interface Repositories {
  readonly users: UsersRepository;
  readonly breeds: BreedsRepository;
  readonly sessions: SessionsRepository;
  readonly puppies: PuppiesRepository;
  readonly orders: OrdersRepository;
  readonly paymentEvents: PaymentEventsRepository;
  readonly listingFees: ListingFeesRepository;
  readonly sellerSubscriptions: SellerSubscriptionsRepository;
  readonly verificationCodes: VerificationCodesRepository;
  readonly favorites: FavoritesRepository;
  readonly sellerApplications: SellerApplicationsRepository;
  readonly donations: DonationsRepository;
  readonly localPayments: LocalPaymentsRepository;
  readonly contacts: ContactsRepository;
  readonly uploads: UploadsRepository;
  readonly settings: SettingsRepository;
  // conversations, reports, moderation (decisions 0090–0092)
  readonly conversations: ConversationsRepository;
  readonly messages: MessagesRepository;
  readonly reports: ReportsRepository;
  readonly moderation: ModerationRepository;
  // seller payouts (decision 0101)
  readonly payouts: PayoutsRepository;
  readonly payoutAccounts: PayoutAccountsRepository;
}

export interface AsyncStorage extends Repositories {
  /**
   * Runs `fn` with repositories bound to one transaction: all its changes commit together, or none
   * when it throws (the error is rethrown). Transactions do not nest. On PostgreSQL: READ COMMITTED
   * plus the row locks of `lock()` and the conditional methods; on lowdb: one transaction at a time.
   */
  transaction<T>(fn: (tx: Repositories) => Promise<T>): Promise<T>;
  /**
   * Whether this store can serve requests now (GET /readyz, decision 0093): it answers, and on PostgreSQL
   * every migration this version ships is applied. Never throws: a failure is `{ ok: false, reason }`.
   */
  ready(): Promise<StoreReadiness>;
  close(): Promise<void>;
  /**
   * lowdb only (decision 0086). A stamp that stays the same exactly while the public catalogue
   * does (no listing or breed changed, no listing expired), so the domain may keep catalogue answers
   * in this process (puppy-catalogue.ts). A store other processes write to (PostgreSQL) must not
   * offer it: this process would not see their changes. Absent: every query goes to the store.
   */
  catalogueVersion?(now: Date): string;
  /**
   * PostgreSQL only (decision 0093). Rate-limit counters every process on the database shares (a limit of 5
   * is 5 across processes). Absent (lowdb, one process): each limiter counts in memory.
   */
  readonly rateLimits?: RateLimitCounters;
  /**
   * PostgreSQL only (decision 0094). Who runs a scheduled job this interval, when several processes share
   * the database (jobs/scheduler.ts). Absent (lowdb): the one process that holds the data dir runs it.
   */
  readonly jobLeases?: JobLeases;
  /**
   * PostgreSQL only (decision 0096). Tells the other processes on the database that something happened (a
   * publish, so each rebuilds its site). Absent (lowdb): there are no other processes.
   */
  readonly announcements?: Announcements;
}

/** one process's news for the others; a process never hears its own */
export interface Announcements {
  announce(topic: 'publish'): Promise<void>;
  /** `handler` runs each time another process announces `topic` */
  listen(topic: 'publish', handler: () => void): Promise<void>;
}

/** one claim per job and interval across processes */
export interface JobLeases {
  /**
   * true for exactly one caller per job while its last claimed run is younger than `minGapMs`:
   * the caller that wins runs the job, every other one skips this tick
   */
  claim(name: string, minGapMs: number, now: Date): Promise<boolean>;
}

/** fixed-window hit counters, keyed by limiter and client (http/rate-limit-store.ts) */
export interface RateLimitCounters {
  /** one hit in the key's window (a new window of `windowMs` from `now` when the last one ended) */
  hit(key: string, windowMs: number, now: Date): Promise<{ hits: number; windowEndsAt: Date }>;
  /** takes back one hit (a request the limiter does not count after all) */
  unhit(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** forgets the counters whose window ended before `before`; how many */
  sweep(before: Date): Promise<number>;
}

/** the answer of AsyncStorage.ready(): the reason is short and safe to show a balancer */
export type StoreReadiness = { ok: true } | { ok: false; reason: string };
