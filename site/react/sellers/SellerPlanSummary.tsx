// The seller's plan in one line, for My Listings (docs/decisions/0033: "the seller's plan shows in My Listings with its
// trial end date and listing limit"). Renders nothing for an account without a plan.
// Usage inside a logged-in island: <SellerPlanSummary />
import type { SellerPlanView } from '#contracts/sellers.ts';
import { useApi } from '../../lib/swr.ts';
import { formatLongDate } from '../../lib/sellers/trial.ts';

export const PLAN_KEY = '/api/seller/plan';

const PLAN_NAMES = { monthly: 'Monthly', biannual: 'Six Months', annual: 'Annual' } as const;

export function describePlan(view: SellerPlanView): string {
  const limit =
    view.listingLimit === null
      ? `${view.liveListings} live listings (unlimited)`
      : `${view.liveListings} of ${view.listingLimit} listings live`;
  const period =
    view.status === 'trialing' && view.trialEnd
      ? `free trial until ${formatLongDate(view.trialEnd)}`
      : view.currentPeriodEnd
        ? `renews ${formatLongDate(view.currentPeriodEnd)}`
        : view.status;
  return `${PLAN_NAMES[view.plan]} plan · ${period} · ${limit}`;
}

export function SellerPlanSummary() {
  const { data: plan } = useApi<SellerPlanView | null>(PLAN_KEY);
  if (!plan) return null;
  return (
    <p className="seller-plan-summary">
      <strong>Your seller plan:</strong> {describePlan(plan)}. New listings go live without a listing fee
      {plan.listingLimit !== null && plan.liveListings >= plan.listingLimit ? ' once a slot frees up' : ''}.
    </p>
  );
}
