// Seller plans (docs/product.md §2 Seller onboarding payment form, §4 Subscription payment, §9, §10):
// a subscription with a 7-day trial at the plan's price id; the card is checked with a SetupIntent so
// the first charge after the trial can happen off-session. The plan counts (planCoverage) once the card
// is verified: 'incomplete' until then, 'trialing' after.
import { planByPriceId, TRIAL_DAYS } from '#contracts/plans.ts';
import type { SubscriptionInput, SubscriptionResponse } from '#contracts/payments.ts';
import { ConflictError, ValidationError } from '../errors.ts';
import type { PaymentProvider, SetupIntentSnapshot, SubscriptionSnapshot } from '../payments/provider.ts';
import type { Collections, Storage } from '../storage/storage.ts';
import type { SellerSubscription, SubscriptionStatus, User } from './model.ts';
import { activeSubscription } from './seller-plans.ts';

export interface SubscriptionContext {
  storage: Storage;
  provider: PaymentProvider;
  now: Date;
}

/** Stripe's subscription statuses in the five the app keeps */
export function subscriptionStatusOf(status: string): SubscriptionStatus {
  switch (status) {
    case 'trialing':
    case 'active':
    case 'past_due':
    case 'incomplete':
      return status;
    case 'unpaid':
      return 'past_due';
    default:
      return 'canceled';
  }
}

export async function startSubscription(ctx: SubscriptionContext, user: User, input: SubscriptionInput): Promise<SubscriptionResponse> {
  const plan = planByPriceId(input.priceId);
  if (!plan) throw new ValidationError('Unknown plan', { priceId: 'Unknown plan' });
  if (activeSubscription(ctx.storage.db, user.id, ctx.now)) throw new ConflictError('You already have an active seller plan.', 'plan_active');

  const { subscription, setupIntent } = await ctx.provider.createSubscription({
    email: input.email,
    paymentMethodId: input.paymentMethodId,
    priceId: plan.priceId,
    trialDays: TRIAL_DAYS,
    metadata: { purpose: 'subscription_setup', userId: String(user.id), plan: plan.id },
    idempotencyKey: `subscription:${user.id}:${plan.priceId}:${input.paymentMethodId}`,
  });
  const verified = setupIntent.status === 'succeeded';
  const row = await ctx.storage.write((db) => {
    const existing = db.sellerSubscriptions.find((s) => s.providerSubscriptionId === subscription.id);
    const fields = {
      status: verified ? subscriptionStatusOf(subscription.status) : ('incomplete' as const),
      trialEnd: subscription.trialEnd,
      currentPeriodEnd: subscription.currentPeriodEnd ?? subscription.trialEnd,
    };
    const saved = existing
      ? (db.sellerSubscriptions.update(existing.id, existing.status === 'incomplete' ? fields : {}) ?? existing)
      : db.sellerSubscriptions.insert({
          userId: user.id,
          plan: plan.id,
          priceId: plan.priceId,
          providerSubscriptionId: subscription.id,
          createdAt: ctx.now.toISOString(),
          ...fields,
        });
    syncUserPlan(db, user.id, ctx.now);
    return saved;
  });
  const requiresAction = setupIntent.status === 'requires_action' || setupIntent.status === 'requires_confirmation';
  return {
    clientSecret: requiresAction ? setupIntent.clientSecret : null,
    requiresAction,
    status: requiresAction ? 'requires_action' : row.status === 'active' ? 'active' : 'trialing',
    plan: plan.id,
    trialEnd: row.trialEnd,
  };
}

/** the user's plan fields (docs/product.md §3 hasActiveListingPlan, listingPlanExpiresAt) follow the subscription */
export function syncUserPlan(db: Collections, userId: number, now: Date): void {
  const subscription = activeSubscription(db, userId, now);
  db.users.update(userId, {
    hasActiveListingPlan: Boolean(subscription),
    listingPlanExpiresAt: subscription ? (subscription.currentPeriodEnd ?? subscription.trialEnd) : null,
  });
}

/** Inside storage.write(): a verified card starts the trial of an incomplete subscription */
export function recordSetupIntent(db: Collections, setup: SetupIntentSnapshot, now: Date): SellerSubscription | undefined {
  const providerSubscriptionId = setup.metadata['subscription'];
  if (!providerSubscriptionId || setup.status !== 'succeeded') return undefined;
  const row = db.sellerSubscriptions.find((s) => s.providerSubscriptionId === providerSubscriptionId);
  if (!row || row.status !== 'incomplete') return undefined;
  const updated = db.sellerSubscriptions.update(row.id, { status: row.trialEnd && Date.parse(row.trialEnd) > now.getTime() ? 'trialing' : 'active' });
  syncUserPlan(db, row.userId, now);
  return updated;
}

/** Inside storage.write(): customer.subscription.* events keep status and periods current */
export function recordSubscription(db: Collections, subscription: SubscriptionSnapshot, now: Date): void {
  const row = db.sellerSubscriptions.find((s) => s.providerSubscriptionId === subscription.id);
  if (!row) return;
  const status = subscriptionStatusOf(subscription.status);
  // An unverified card keeps the plan from counting, whatever the trial says; only an end overrides it.
  if (row.status === 'incomplete' && status !== 'canceled') return;
  const plan = subscription.priceId ? planByPriceId(subscription.priceId) : undefined;
  db.sellerSubscriptions.update(row.id, {
    status,
    trialEnd: subscription.trialEnd,
    currentPeriodEnd: subscription.currentPeriodEnd ?? row.currentPeriodEnd,
    ...(plan ? { plan: plan.id, priceId: plan.priceId } : {}),
  });
  syncUserPlan(db, row.userId, now);
}
