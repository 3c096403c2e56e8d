// The saved searches area of the store (docs/decisions/0131, docs/product.md §21): the searches people
// save on /puppies, one delivery row per (search, listing) so a listing is mailed to a search once, and
// the matching job's high-water mark over the listings. Every rule that must hold across processes is one
// method that reports whether it won (a unique constraint or a conditional update on PostgreSQL).
import type { AlertDelivery, Puppy, SavedSearch } from '../model.ts';
import type { New, Patch } from './rows.ts';

export interface SavedSearchesRepository {
  get(id: number): Promise<SavedSearch | undefined>;
  create(row: New<SavedSearch>): Promise<SavedSearch>;
  update(id: number, patch: Patch<SavedSearch>): Promise<SavedSearch | undefined>;
  /** removes the search and its delivery rows; false when it was not there */
  remove(id: number): Promise<boolean>;
  /** an account's searches, oldest first */
  listByUser(userId: number): Promise<SavedSearch[]>;
  /** the searches of an address without an account (userId null), oldest first */
  listByEmail(email: string): Promise<SavedSearch[]>;
  /** every active search (confirmed, not paused): the matching job's candidates */
  listActive(): Promise<SavedSearch[]>;
  /**
   * The pending search whose confirmation token hashes to `tokenHash`, made active, while its link has
   * not expired at `now`: the token works once (it is cleared), and undefined otherwise.
   */
  confirm(tokenHash: string, now: Date): Promise<SavedSearch | undefined>;
  /** active daily searches whose last digest was before `before` (or never), at most `limit` */
  dueDigests(before: Date, limit: number): Promise<SavedSearch[]>;
  /** true for the one caller that moves the search's last digest from before `before` to `now` */
  claimDigest(id: number, before: Date, now: Date): Promise<boolean>;
}

export interface AlertDeliveriesRepository {
  /**
   * One row per (search, listing): true for the one caller that wrote it, false when it was there already
   * (another process, or an earlier run). An instant alert is written with `sentAt` set: the row is the claim.
   */
  claim(row: New<AlertDelivery>): Promise<boolean>;
  /** a daily search's waiting rows, each taken once (sentAt set to `now`); oldest first */
  takeWaiting(searchId: number, now: Date): Promise<AlertDelivery[]>;
  listBySearch(searchId: number): Promise<AlertDelivery[]>;
}

export interface AlertMarksRepository {
  /** how far the matching job has read the listings' updatedAt; null before its first run */
  matchedUntil(): Promise<string | null>;
  setMatchedUntil(at: string): Promise<void>;
  /**
   * Public listings (not a draft, not expired at `now`, not hidden) whose updatedAt is after `since`,
   * oldest change first, at most `limit`.
   */
  listingsChangedSince(since: string, now: Date, limit: number): Promise<Puppy[]>;
}

/** the repositories of the saved searches area (Repositories is every area's) */
export interface SavedSearchesRepositories {
  readonly savedSearches: SavedSearchesRepository;
  readonly alertDeliveries: AlertDeliveriesRepository;
  readonly alertMarks: AlertMarksRepository;
}
