// The async storage seam the domain moves to (issue 13, docs/decisions/0076): one repository per
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
  Donation,
  Upload,
  Favorite,
  ListingFeePayment,
  Order,
  OrderStatus,
  PaymentEvent,
  Puppy,
  PuppyStatus,
  Gender,
  SellerApplication,
  Session,
  Settings,
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
/** the total is counted up to this many matches; past it the answer says "1,000+" (TARGETS.md) */
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
  /** capped at CATALOGUE_MAX_PAGE */
  limit: number;
  offset?: number;
}

export interface CataloguePage {
  items: Puppy[];
  /** the matches, counted up to CATALOGUE_TOTAL_CAP */
  total: number;
  /** true when there are more than CATALOGUE_TOTAL_CAP matches ("1,000+") */
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
}

export interface OrdersRepository {
  get(id: number): Promise<Order | undefined>;
  findByIntent(paymentIntentId: string): Promise<Order | undefined>;
  /** the pending, paid or handed-over order of a puppy */
  findLive(puppyId: number): Promise<Order | undefined>;
  /** throws PuppyHasLiveOrderError when `row` is live and the puppy already has a live order */
  create(row: New<Order>): Promise<Order>;
  /** changes the status only from one of `from`: undefined when the order was not in one of them */
  transition(id: number, from: readonly OrderStatus[], patch: Patch<Order> & { status: OrderStatus }): Promise<Order | undefined>;
  listByBuyer(buyerId: number): Promise<Order[]>;
}

export interface PaymentEventsRepository {
  /** each provider event once: the new row for the first caller, undefined for every later one */
  claim(eventId: string, type: string, now: Date): Promise<PaymentEvent | undefined>;
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
}

export interface VerificationCodesRepository {
  get(id: number): Promise<VerificationCode | undefined>;
  /**
   * Resend limit: inserts the code only if neither its owner nor its client had a code sent after
   * `sentSince`, replacing the owner's unverified codes for the same channel and target. The new
   * row, or undefined when it was refused.
   */
  issue(row: New<VerificationCode>, sentSince: Date): Promise<VerificationCode | undefined>;
  /** the newest unverified code of an owner for a channel and target */
  findPending(owner: string, channel: VerificationCode['channel'], target: string): Promise<VerificationCode | undefined>;
  /**
   * Attempts counted exactly: adds one attempt if the code is unverified, unexpired at `now` and has
   * fewer than `maxAttempts`. The updated row, or undefined when no attempt was left.
   */
  countAttempt(id: number, maxAttempts: number, now: Date): Promise<VerificationCode | undefined>;
  /** unverified → verified at `now`; undefined when it was verified already */
  markVerified(id: number, now: Date): Promise<VerificationCode | undefined>;
  remove(id: number): Promise<boolean>;
  /** removes the codes sent before `sentBefore`; how many */
  removeSentBefore(sentBefore: Date): Promise<number>;
}

export interface FavoritesRepository {
  /** idempotent: the existing row when the user already keeps the puppy */
  add(userId: number, puppyId: number, now: Date): Promise<Favorite>;
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

export interface ContactsRepository {
  get(id: number): Promise<ContactMessage | undefined>;
  insert(row: New<ContactMessage>): Promise<ContactMessage>;
}

export interface UploadsRepository {
  /** bytes of every upload of the user */
  usedBytes(userId: number): Promise<number>;
  /**
   * Records an upload only if the user's uploads stay within `quotaBytes` (checked with the user's
   * uploads serialised, so two at once cannot both pass). The row, or undefined when over quota.
   */
  record(row: New<Upload>, quotaBytes: number): Promise<Upload | undefined>;
  /** forgets the uploads made at or before `cutoff` that no listing uses, and answers them */
  forgetUnused(cutoff: Date): Promise<Upload[]>;
}

export interface SettingsRepository {
  get(): Promise<Settings>;
  set(patch: Partial<Settings>): Promise<Settings>;
}

export interface Repositories {
  readonly users: UsersRepository;
  readonly breeds: BreedsRepository;
  readonly sessions: SessionsRepository;
  readonly puppies: PuppiesRepository;
  readonly orders: OrdersRepository;
  readonly paymentEvents: PaymentEventsRepository;
  readonly listingFees: ListingFeesRepository;
  readonly verificationCodes: VerificationCodesRepository;
  readonly favorites: FavoritesRepository;
  readonly sellerApplications: SellerApplicationsRepository;
  readonly donations: DonationsRepository;
  readonly contacts: ContactsRepository;
  readonly uploads: UploadsRepository;
  readonly settings: SettingsRepository;
}

export interface AsyncStorage extends Repositories {
  /**
   * Runs `fn` with repositories bound to one transaction: all its changes commit together, or none
   * when it throws (the error is rethrown). Transactions do not nest. On PostgreSQL: READ COMMITTED
   * plus the row locks of `lock()` and the conditional methods; on lowdb: one transaction at a time.
   */
  transaction<T>(fn: (tx: Repositories) => Promise<T>): Promise<T>;
  /**
   * Whether this store can serve requests now (GET /readyz, issue 14): it answers, and on PostgreSQL
   * every migration this version ships is applied. Never throws: a failure is `{ ok: false, reason }`.
   */
  ready(): Promise<StoreReadiness>;
  close(): Promise<void>;
}

/** the answer of AsyncStorage.ready(): the reason is short and safe to show a balancer */
export type StoreReadiness = { ok: true } | { ok: false; reason: string };
