// The featured listings area of the store (docs/decisions/0134-featured-listings.md, docs/product.md §22).
import type { ListingFeature } from '../model.ts';
import type { New } from './rows.ts';

/** why a feature was not taken: the month's allowance is spent, or the listing is featured already */
export type FeatureRefusal = 'allowance' | 'already_featured';

export interface ListingFeaturesRepository {
  get(id: number): Promise<ListingFeature | undefined>;
  /**
   * The seller's last feature of the month: records `row` only while the seller has fewer than
   * `allowance` features started at or after `monthStart` (removed ones count) and the listing has no
   * feature running at `now` that was not removed. A seller's features are serialised (one synchronous
   * write on lowdb, the seller's row locked on PostgreSQL), so two at once cannot both take the last one.
   */
  claimWithinAllowance(
    row: New<ListingFeature>,
    allowance: number,
    monthStart: Date,
    now: Date,
  ): Promise<{ feature: ListingFeature } | { refused: FeatureRefusal }>;
  /** every feature of a seller, newest first (removed and ended ones included) */
  listBySeller(userId: number): Promise<ListingFeature[]>;
  /**
   * The features showing at `now`: not removed, not ended, and the seller's plan is trialing or active
   * with its period not ended (the listing's own state is the catalogue's to check). Oldest first.
   */
  listShowing(now: Date): Promise<ListingFeature[]>;
  /** removes a feature once, with the admin's reason; undefined when unknown or removed already */
  remove(id: number, reason: string, adminId: number, now: Date): Promise<ListingFeature | undefined>;
}

export interface FeaturesRepositories {
  readonly listingFeatures: ListingFeaturesRepository;
}
