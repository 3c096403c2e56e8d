// Featured listings (docs/product.md §22, docs/decisions/0134-featured-listings.md): what a seller sends to
// feature a listing, what an admin sends to remove a feature, and the views My Listings and the admin
// page read. Imports only valibot (decision 0072).
import * as v from 'valibot';
import { numberish } from './common.ts';

/** how long a feature runs (or until the listing sells or expires, or the plan ends) */
export const FEATURE_DAYS = 30;
/** a page of /puppies shows at most this many featured listings above its results */
export const FEATURED_PER_PAGE = 2;

export const FeatureInputSchema = v.object({
  puppyId: v.pipe(
    numberish('Choose the listing to feature.'),
    v.integer('Choose the listing to feature.'),
    v.minValue(1, 'Choose the listing to feature.'),
  ),
});
export type FeatureInput = v.InferOutput<typeof FeatureInputSchema>;

export const FEATURE_REASON_MAX = 500;
export const FeatureRemoveSchema = v.object({
  reason: v.pipe(
    v.string('Say why the feature is removed: the seller reads it.'),
    v.trim(),
    v.nonEmpty('Say why the feature is removed: the seller reads it.'),
    v.maxLength(FEATURE_REASON_MAX, `Keep the reason under ${FEATURE_REASON_MAX} characters.`),
  ),
});
export type FeatureRemoveInput = v.InferOutput<typeof FeatureRemoveSchema>;

/** the seller's features this month: "2 of 3 features left this month · 3 more on Dec 14, 2026" */
export interface FeatureAllowanceView {
  plan: 'monthly' | 'biannual' | 'annual';
  perMonth: number;
  used: number;
  left: number;
  /** when this allowance month began (from the plan's start) */
  monthStart: string;
  /** when the next month's features arrive */
  nextAt: string;
}

/** what a listing is now, as My Listings shows it (the server decides) */
export type ListingStateId = 'draft' | 'live' | 'featured' | 'expired' | 'hidden' | 'not_available';

export interface ListingStateView {
  state: ListingStateId;
  /** while featured: when the feature ends (its 30 days, or the listing's expiry if sooner) */
  featuredUntil: string | null;
  /** a moderator's reason, when hidden */
  hiddenReason: string | null;
  /** the latest feature an admin removed, with the reason the seller reads */
  removedFeature: { removedAt: string; reason: string } | null;
  /** live, not featured, and the plan has a feature left: the Feature button shows */
  canFeature: boolean;
}

/** GET /api/my-listings/states */
export interface MyListingStatesView {
  /** null without a trialing or active plan */
  allowance: FeatureAllowanceView | null;
  listings: Record<string, ListingStateView>;
}

/** POST /api/features: the feature taken */
export interface FeatureView {
  id: number;
  puppyId: number;
  startedAt: string;
  endsAt: string;
  allowance: FeatureAllowanceView;
}

/** GET /api/admin/features: the features showing now */
export interface AdminFeatureView {
  id: number;
  puppyId: number;
  puppyName: string;
  seller: string;
  startedAt: string;
  endsAt: string;
}
