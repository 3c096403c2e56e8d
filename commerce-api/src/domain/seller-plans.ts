// Whether a seller's plan (trialing or active subscription) lets a listing go live without a fee,
// within the plan's listing limit (docs/product.md §9: 10 / 20 / unlimited).
import { PLANS, type PlanTerms } from '#contracts/plans.ts';
import type { Collections } from '../storage/storage.ts';
import type { SellerSubscription } from './model.ts';

export function activeSubscription(db: Collections, userId: number, now: Date): SellerSubscription | undefined {
  return db.sellerSubscriptions.find(
    (s) =>
      s.userId === userId &&
      (s.status === 'trialing' || s.status === 'active') &&
      (s.currentPeriodEnd === null || Date.parse(s.currentPeriodEnd) > now.getTime()),
  );
}

export interface PlanCoverage {
  plan: PlanTerms;
  subscription: SellerSubscription;
  /** the seller's listings that are public now */
  liveListings: number;
  /** true while another listing fits under the limit */
  hasRoom: boolean;
}

export function planCoverage(db: Collections, userId: number, now: Date): PlanCoverage | undefined {
  const subscription = activeSubscription(db, userId, now);
  if (!subscription) return undefined;
  const plan = PLANS[subscription.plan];
  const liveListings = db.puppies.count((p) => p.userId === userId && p.expiresAt !== null && Date.parse(p.expiresAt) > now.getTime());
  return { plan, subscription, liveListings, hasRoom: plan.listingLimit === null || liveListings < plan.listingLimit };
}
