// Listing insights for sellers (docs/product.md §23, decision 0135): what /insights, GET /api/insights and
// GET /api/insights.csv answer, by the seller's plan, and what the puppy page's view beacon sends. The server
// decides the level from the plan: a lower plan's answer has no field of a higher one.
import * as v from 'valibot';
import type { PlanId } from './plans.ts';

/** what each plan shows (docs/product.md §9: monthly basic, six-month advanced, annual premium analytics) */
export const INSIGHT_LEVELS = ['basic', 'advanced', 'premium'] as const;
export type InsightLevel = (typeof INSIGHT_LEVELS)[number];
export const LEVEL_OF_PLAN: Readonly<Record<PlanId, InsightLevel>> = {
  monthly: 'basic',
  biannual: 'advanced',
  annual: 'premium',
};
export const INSIGHT_LEVEL_LABELS: Readonly<Record<InsightLevel, string>> = {
  basic: 'Basic analytics',
  advanced: 'Advanced analytics',
  premium: 'Premium analytics',
};

/** the window every figure covers: the last 30 days, today (UTC) included */
export const INSIGHT_DAYS = 30;

/** the address marker alert mails add to a listing's link, so its view counts as "alert mail" */
export const ALERT_MARKER = 'alert';
export const FROM_PARAM = 'from';

/** where a view came from, as the beacon's referrer and marker say (decision 0135) */
export const VIEW_SOURCES = ['search', 'breed', 'breeder', 'alert', 'direct', 'site', 'external'] as const;
export type ViewSource = (typeof VIEW_SOURCES)[number];
export const VIEW_SOURCE_LABELS: Readonly<Record<ViewSource, string>> = {
  search: 'Search (Available Puppies)',
  breed: 'Breed pages',
  breeder: 'Breeder pages',
  alert: 'Alert emails',
  direct: 'Direct (no referrer)',
  site: 'Other PuppyNest pages',
  external: 'Other sites',
};
export type ViewSourceCounts = Record<ViewSource, number>;

/** the five numbers, per listing, per day and in total */
export const INSIGHT_METRICS = ['views', 'favorites', 'conversations', 'checkouts', 'sales'] as const;
export type InsightMetric = (typeof INSIGHT_METRICS)[number];
export const INSIGHT_METRIC_LABELS: Readonly<Record<InsightMetric, string>> = {
  views: 'Views',
  favorites: 'Saves',
  conversations: 'Conversations',
  checkouts: 'Checkouts started',
  sales: 'Sales',
};
export type InsightTotals = Record<InsightMetric, number>;

export interface ListingInsight {
  puppyId: number;
  name: string;
  breedName: string;
  totals: InsightTotals;
  /** advanced and premium: the median of the breed's live listings over the same 30 days */
  breedMedian?: InsightTotals & { listings: number };
  /** premium: where this listing's views came from */
  sources?: ViewSourceCounts;
}

export interface InsightDay extends InsightTotals {
  /** YYYY-MM-DD (UTC) */
  day: string;
}

export interface InsightsView {
  plan: PlanId;
  level: InsightLevel;
  /** first and last day of the window, YYYY-MM-DD */
  from: string;
  to: string;
  totals: InsightTotals;
  listings: ListingInsight[];
  /** advanced and premium: one row per day of the window, oldest first */
  daily?: InsightDay[];
  /** premium: where all views came from */
  sources?: ViewSourceCounts;
}

/** what /insights shows a seller without a plan, and GET /api/insights refuses with (403) */
export const NO_PLAN_MESSAGE =
  'Listing insights come with a seller plan: basic analytics with the monthly plan, advanced with the six-month plan and premium with the annual plan. Pick a plan to see how your listings do.';

/** /insights' locals (#contracts/pages.ts): the view, or the reason there is none */
export type InsightsPage = { kind: 'insights'; insights: InsightsView } | { kind: 'no-plan'; message: string };

/**
 * What the beacon sends (POST /api/puppies/{id}/views, a form body as navigator.sendBeacon posts it): the
 * page's referrer and the address marker. Anything unreadable counts as no referrer: a view is never refused
 * for its body.
 */
export const ViewBeaconSchema = v.object({
  referrer: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(2000)), ''), ''),
  from: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(40)), ''), ''),
});
export type ViewBeacon = v.InferOutput<typeof ViewBeaconSchema>;

/** the beacon's and the no-script pixel's addresses */
export const viewBeaconPath = (puppyId: number) => `/api/puppies/${puppyId}/views`;
export const viewPixelPath = (puppyId: number) => `/api/puppies/${puppyId}/views.gif`;
