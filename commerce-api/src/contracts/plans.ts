// Business constants of docs/product.md §9 that the server decides with (amounts in integer cents). The CMS holds
// the plans' display copy; a test checks that its prices match these.

export const LISTING_FEE_CENTS = 1999;
export const CARE_PACKAGE_CENTS = 4999;
/** a paid listing fee or a plan activation keeps a listing public this long */
export const LISTING_DAYS = 30;
export const TRIAL_DAYS = 7;
export const DONATION_PRESETS = [10, 25, 50, 100, 250] as const;
export const DEFAULT_DONATION = 25;
/** donation bounds the server enforces (dollars) */
export const MIN_DONATION = 1;
export const MAX_DONATION = 10_000;

export const PLAN_IDS = ['monthly', 'biannual', 'annual'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanTerms {
  id: PlanId;
  priceId: `price_${PlanId}`;
  amountCents: number;
  /** listings the plan keeps live at once; null is unlimited */
  listingLimit: number | null;
  featuredPerMonth: number;
}

export const PLANS: Readonly<Record<PlanId, PlanTerms>> = {
  monthly: { id: 'monthly', priceId: 'price_monthly', amountCents: 1999, listingLimit: 10, featuredPerMonth: 0 },
  biannual: { id: 'biannual', priceId: 'price_biannual', amountCents: 9999, listingLimit: 20, featuredPerMonth: 1 },
  annual: { id: 'annual', priceId: 'price_annual', amountCents: 17999, listingLimit: null, featuredPerMonth: 3 },
};

export function planByPriceId(priceId: string): PlanTerms | undefined {
  return Object.values(PLANS).find((plan) => plan.priceId === priceId);
}
