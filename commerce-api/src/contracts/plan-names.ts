// The plans' names as the seller tools and the team's inbox write them (decision 0136, docs/product.md
// §9, §24), and the support each plan comes with: six-month is priority email support, annual phone and
// email support, so both are answered before the monthly plan's and a visitor's.
import type { PlanId } from './plans.ts';

export const PLAN_NAMES: Readonly<Record<PlanId, string>> = {
  monthly: 'Monthly',
  biannual: 'Six-month',
  annual: 'Annual',
};

/** the plans with priority support */
export const PRIORITY_PLANS: ReadonlySet<PlanId> = new Set<PlanId>(['annual', 'biannual']);

/** the order the team answers in: annual, six-month, monthly, then messages without a plan */
export const SUPPORT_ORDER: readonly PlanId[] = ['annual', 'biannual', 'monthly'];

/** "Annual (priority)", "Monthly", "No plan": the plan line of a message to the team */
export function supportPlanLabel(plan: PlanId | null): string {
  if (!plan) return 'No plan';
  return PRIORITY_PLANS.has(plan) ? `${PLAN_NAMES[plan]} (priority)` : PLAN_NAMES[plan];
}

/** a message's place in the team's inbox: 0 for annual … 3 without a plan (migration 0022 orders the same) */
export function supportRank(plan: PlanId | null | undefined): number {
  const rank = plan ? SUPPORT_ORDER.indexOf(plan) : -1;
  return rank === -1 ? SUPPORT_ORDER.length : rank;
}
