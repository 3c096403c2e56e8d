// Whether a seller's plan (trialing or active subscription) lets a listing go live without a fee,
// within the plan's listing limit (docs/product.md §9: 10 / 20 / unlimited).
import { PLANS, type PlanTerms } from '#contracts/plans.ts';
import type { SellerPlanView } from '#contracts/sellers.ts';
import type { Repositories } from './store/index.ts';
import { listingExpiry } from './listing-activation.ts';
import type { Puppy, SellerSubscription } from './model.ts';

export interface PlanCoverage {
  plan: PlanTerms;
  subscription: SellerSubscription;
  /** the seller's listings that are public now */
  liveListings: number;
  /** true while another listing fits under the limit */
  hasRoom: boolean;
}

function coverageOf(subscription: SellerSubscription, liveListings: number): PlanCoverage {
  const plan = PLANS[subscription.plan];
  return { plan, subscription, liveListings, hasRoom: plan.listingLimit === null || liveListings < plan.listingLimit };
}

/** the seller's plan and its use at `now` (a view: taking a slot goes through activateWithinPlan) */
export async function planCoverageOf(
  store: Repositories,
  userId: number,
  now: Date,
): Promise<PlanCoverage | undefined> {
  const subscription = await store.sellerSubscriptions.findActive(userId, now);
  if (!subscription) return undefined;
  return coverageOf(subscription, await store.sellerSubscriptions.countLiveListings(userId, now));
}

/**
 * The plan covers the listing: public for the listing period if the seller's plan has a free slot.
 * The slot is taken by puppies.activateWithinLimit, so two listings at once (in any processes) cannot
 * both take the last one. The listing, or undefined without a plan or a free slot.
 */
export async function activateWithinPlan(
  store: Repositories,
  userId: number,
  puppyId: number,
  now: Date,
): Promise<Puppy | undefined> {
  const subscription = await store.sellerSubscriptions.findActive(userId, now);
  const puppy = subscription && (await store.puppies.get(puppyId));
  if (!subscription || !puppy) return undefined;
  return store.puppies.activateWithinLimit(
    puppyId,
    userId,
    PLANS[subscription.plan].listingLimit,
    listingExpiry(puppy, now),
    now,
  );
}

/** GET /api/seller/plan: the seller's trialing or active plan with its limit and use, or null */
export async function sellerPlanView(store: Repositories, userId: number, now: Date): Promise<SellerPlanView | null> {
  const coverage = await planCoverageOf(store, userId, now);
  if (!coverage) return null;
  const { subscription } = coverage;
  return {
    plan: subscription.plan,
    status: subscription.status,
    trialEnd: subscription.trialEnd,
    currentPeriodEnd: subscription.currentPeriodEnd,
    listingLimit: coverage.plan.listingLimit,
    liveListings: coverage.liveListings,
  };
}
