// The listing insights area of the store (docs/product.md §23, decision 0135): the daily view aggregate with
// its visitor marks and the day's salt, and the reads the insights need from favourites, conversations and
// orders. Counting a view is one method that reports whether it counted: one statement on PostgreSQL (the
// mark's unique key decides), one synchronous write on lowdb, so a visitor counts once across processes.
import type { ViewSource } from '#contracts/insights.ts';
import type { ListingViewDay } from '../model.ts';

/** which count of a day's row each source adds to (the same columns on both stores) */
export const VIEW_SOURCE_FIELD: Readonly<Record<ViewSource, keyof ListingViewDay>> = {
  search: 'fromSearch',
  breed: 'fromBreed',
  breeder: 'fromBreeder',
  alert: 'fromAlert',
  direct: 'fromDirect',
  site: 'fromSite',
  external: 'fromExternal',
};

/** one listing's favourites, conversations, checkouts started and sales on one day (UTC) */
export interface ListingActivityDay {
  puppyId: number;
  /** YYYY-MM-DD */
  day: string;
  favorites: number;
  conversations: number;
  checkouts: number;
  sales: number;
}

export interface CountedView {
  puppyId: number;
  /** YYYY-MM-DD (UTC) */
  day: string;
  /** the hash of the day's salt, the visitor and the listing (domain/insights.ts) */
  visitorKey: string;
  source: ViewSource;
}

export interface ListingViewsRepository {
  /**
   * The salt of `day`: the one already there, or `fresh` when there was none (the first caller of the day,
   * in any process, decides; every other one gets the same).
   */
  daySalt(day: string, fresh: string): Promise<string>;
  /**
   * Counts the view when its visitor key is new for the day: marks it and adds one to the listing's day
   * (and to its source). true when it counted; false when the key was there already, or the listing is gone.
   */
  record(view: CountedView): Promise<boolean>;
  /** forgets the marks and salts of the days before `day`; how many marks */
  sweep(day: string): Promise<number>;
  /** the listings' view days from `fromDay` on (YYYY-MM-DD), any order */
  days(puppyIds: readonly number[], fromDay: string): Promise<ListingViewDay[]>;
  /**
   * Per listing and day from `since` on: favourites saved, conversations started, orders created (checkouts
   * started) and orders paid (sales). Days without any are left out.
   */
  activity(puppyIds: readonly number[], since: Date): Promise<ListingActivityDay[]>;
  /** the ids of the breed's public listings at `now` (not expired, not hidden) */
  liveIdsOfBreed(breedId: number, now: Date): Promise<number[]>;
}

/** the repositories of the insights area (Repositories is every area's) */
export interface InsightsRepositories {
  readonly listingViews: ListingViewsRepository;
}
