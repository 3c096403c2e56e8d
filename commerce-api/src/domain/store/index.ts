// The async storage seam the domain works on (docs/decisions/0076): one repository per
// aggregate, with methods shaped by what the domain does, and a transaction helper. Two
// implementations pass one contract suite (tests/unit/storage/contract/): storage/lowdb/ over
// the lowdb file, and storage/postgres/ on PostgreSQL.
//
// A rule that used to be check-then-change inside storage.write() is ONE method here ("claim",
// "reserve", "countAttempt", …) that reports whether it won: on lowdb it is one synchronous write, on
// PostgreSQL one conditional statement or a constraint. So the rule holds across processes without
// the caller holding a lock. Every time a rule reads comes in as `now` (one clock: the app's).
//
// The domain owns this seam (docs/decisions/0109-the-domain-owns-its-store.md): storage/ implements it
// and imports it from here; domain/ never imports storage/. One file per area, as the stores split
// their repositories: accounts, listings, payments, payouts, conversations, site, breeders,
// reviews, parents, saved searches, featured listings, insights.
import type { AccountsRepositories } from './accounts.ts';
import type { ConversationsRepositories } from './conversations.ts';
import type { ListingsRepositories } from './listings.ts';
import type { PaymentsRepositories } from './payments.ts';
import type { PayoutsRepositories } from './payouts.ts';
import type { ReviewsRepositories } from './reviews.ts';
import type { SiteRepositories } from './site.ts';
import type { BreedersRepositories } from './breeders.ts';
import type { ParentsRepositories } from './parents.ts';
import type { SavedSearchesRepositories } from './saved-searches.ts';
import type { FeaturesRepositories } from './features.ts';
import type { InsightsRepositories } from './insights.ts';

export * from './rows.ts';
export * from './accounts.ts';
export * from './listings.ts';
export * from './payments.ts';
export * from './payouts.ts';
export * from './conversations.ts';
export * from './site.ts';
export * from './breeders.ts';
export * from './reviews.ts';
export * from './parents.ts';
export * from './saved-searches.ts';
export * from './features.ts';
export * from './insights.ts';

/** every repository, one area per file */
export interface Repositories
  extends
    AccountsRepositories,
    ListingsRepositories,
    PaymentsRepositories,
    PayoutsRepositories,
    ConversationsRepositories,
    SiteRepositories,
    BreedersRepositories,
    ReviewsRepositories,
    ParentsRepositories,
    SavedSearchesRepositories,
    FeaturesRepositories,
    InsightsRepositories {}

export interface Store extends Repositories {
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

/** the answer of Store.ready(): the reason is short and safe to show a balancer */
export type StoreReadiness = { ok: true } | { ok: false; reason: string };
