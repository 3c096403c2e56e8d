// The listings area of the store (docs/decisions/0109-the-domain-owns-its-store.md): breeds, listings
// and the public catalogue's query, uploads.
import type { Breed, Gender, Puppy, PuppyStatus, Upload } from '../model.ts';
import type { New, Patch } from './rows.ts';

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
  sort?: 'newest' | 'price-asc' | 'price-desc' | 'age-asc' | 'rating' | 'distance';
  /**
   * only listings placed at a ZIP (decision 0129), within `miles` of this point when `miles` is not null,
   * each card with its distance; `sort: 'distance'` puts the nearest first (ties: newest first). Without
   * `near` that sort is the newest first.
   */
  near?: { latitude: number; longitude: number; miles: number | null };
  /** only these listings (the ones featured now: decision 0134) */
  ids?: readonly number[];
  /** only listings whose both parents have their breed's recommended tests verified (decision 0121) */
  healthTested?: boolean;
  /**
   * only listings of sellers with the Identity verified badge: a payout account with payouts enabled
   * and no revocation of that badge in force (decision 0118)
   */
  verifiedSellers?: boolean;
  /** capped at CATALOGUE_MAX_PAGE */
  limit: number;
  offset?: number;
}

/**
 * A public listing as a catalogue page holds it: its breed, and its own public fields
 * (LISTING_FIELDS in the contracts, decision 0110) as JSON object text, in that order. A page of them
 * goes out without being parsed and serialised again: PostgreSQL keeps each listing's card with its
 * row (puppy_card, migration 0008, decision 0105); lowdb writes the cards of the page it returns.
 */
export interface CatalogueCard {
  breedId: number;
  /** the seller, whose rating the catalogue adds (decision 0119) */
  userId: number;
  json: string;
  /** with `near`: the miles from that point to the listing's ZIP centre, unrounded */
  distance?: number;
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
  /**
   * Changes whenever what a card shows beyond its listing's row may have changed (the sellers'
   * evidence, the features showing), as of this page's own read; undefined on a store that cannot
   * tell, and on an empty first page (nothing matched, so no card shows a fact). What the catalogue
   * keeps of those facts is kept under it (domain/card-facts.ts).
   */
  factsStamp?: string;
}

/**
 * One breed's public listings, counted (decision 0130). The price quartiles are the 25th and 75th
 * percentiles of every public listing's price, any status, interpolated between neighbours as
 * PostgreSQL's percentile_cont does and rounded to whole dollars (half up).
 */
export interface BreedListingFigures {
  available: number;
  listings: number;
  priceQuartiles: { low: number; high: number } | null;
  /** each seller with public listings of the breed, and how many */
  sellers: Array<{ userId: number; listings: number }>;
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
  activateWithinLimit(
    id: number,
    sellerId: number,
    limit: number | null,
    expiresAt: string,
    now: Date,
  ): Promise<Puppy | undefined>;
  /** the listings public at `now` that match, newest first unless sorted (ties: newest first) */
  searchPublic(query: CatalogueQuery, now: Date): Promise<CataloguePage>;
  /** a breed page's live figures (decision 0130): one breed's public listings at `now`, counted */
  breedFigures(breedId: number, now: Date): Promise<BreedListingFigures>;
  // ---- listings area (decision 0086) ----
  /** every listing of a seller, newest first: drafts, expired and hidden ones included */
  listBySeller(userId: number): Promise<Puppy[]>;
  /** the listings public at `now`, newest first, with their last change (sitemap.xml) */
  listPublicStamps(now: Date): Promise<Array<{ id: number; updatedAt: string }>>;
  /** which of `urls` a listing other than `exceptId` uses (main image, gallery or video) */
  mediaInUse(urls: readonly string[], exceptId: number): Promise<Set<string>>;
  // ---- end listings area ----
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

/** the repositories of the listings area (Repositories is every area's) */
export interface ListingsRepositories {
  readonly breeds: BreedsRepository;
  readonly puppies: PuppiesRepository;
  readonly uploads: UploadsRepository;
}
