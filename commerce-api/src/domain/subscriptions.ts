// Seller plans (docs/product.md §2 Seller onboarding payment form, §4 Subscription payment, §9, §10):
// a subscription with a 7-day trial at the plan's price id; the card is checked with a SetupIntent so
// the first charge after the trial can happen off-session. The plan counts (seller-plans.ts) once the
// card is verified: 'incomplete' until then, 'trialing' after.
import { planByPriceId, TRIAL_DAYS } from '#contracts/plans.ts';
import type { SubscriptionInput, SubscriptionResponse } from '#contracts/payments.ts';
import { ConflictError, ValidationError } from '../errors.ts';
import type { PaymentProvider, SetupIntentSnapshot, SubscriptionSnapshot } from '../payments/provider.ts';
import type { Store } from './store/index.ts';
import type { SellerSubscription, SubscriptionStatus, User } from './model.ts';

export interface SubscriptionContext {
  store: Store;
  provider: PaymentProvider;
  now: Date;
}

const EVERY_STATUS: readonly SubscriptionStatus[] = ['incomplete', 'trialing', 'active', 'past_due', 'canceled'];
const VERIFIED: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due', 'canceled'];

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

export async function startSubscription(
  ctx: SubscriptionContext,
  user: User,
  input: SubscriptionInput,
): Promise<SubscriptionResponse> {
  const { store } = ctx;
  const plan = planByPriceId(input.priceId);
  if (!plan) throw new ValidationError('Unknown plan', { priceId: 'Unknown plan' });
  if (await store.sellerSubscriptions.findActive(user.id, ctx.now))
    throw new ConflictError('You already have an active seller plan.', 'plan_active');

  const { subscription, setupIntent } = await ctx.provider.createSubscription({
    email: input.email,
    paymentMethodId: input.paymentMethodId,
    priceId: plan.priceId,
    trialDays: TRIAL_DAYS,
    metadata: { purpose: 'subscription_setup', userId: String(user.id), plan: plan.id },
    idempotencyKey: `subscription:${user.id}:${plan.priceId}:${input.paymentMethodId}`,
  });
  const verified = setupIntent.status === 'succeeded';
  const fields = {
    status: verified ? subscriptionStatusOf(subscription.status) : ('incomplete' as const),
    trialEnd: subscription.trialEnd,
    currentPeriodEnd: subscription.currentPeriodEnd ?? subscription.trialEnd,
  };
  // The same request again (same idempotency key: the same provider subscription) finds its row; only
  // a row whose card was not verified yet takes the new answer.
  const existing = await store.sellerSubscriptions.findByProviderId(subscription.id);
  const row = existing
    ? ((await store.sellerSubscriptions.transition(subscription.id, ['incomplete'], fields)) ?? existing)
    : await store.sellerSubscriptions.createForProvider({
        userId: user.id,
        plan: plan.id,
        priceId: plan.priceId,
        providerSubscriptionId: subscription.id,
        createdAt: ctx.now.toISOString(),
        ...fields,
      });
  await syncUserPlan(store, user.id, ctx.now);
  const requiresAction = setupIntent.status === 'requires_action' || setupIntent.status === 'requires_confirmation';
  return {
    clientSecret: requiresAction ? setupIntent.clientSecret : null,
    requiresAction,
    status: requiresAction ? 'requires_action' : row.status === 'active' ? 'active' : 'trialing',
    plan: plan.id,
    trialEnd: row.trialEnd,
  };
}

/**
 * The user's plan fields (docs/product.md §3 hasActiveListingPlan, listingPlanExpiresAt) follow their
 * subscriptions: read and written with the user's row locked, so of two changes at once the later
 * sync reads the later state. Call it after changing a subscription. The updated user.
 */
export function syncUserPlan(store: Store, userId: number, now: Date): Promise<User | undefined> {
  return store.transaction(async (tx) => {
    if (!(await tx.users.lock(userId))) return undefined;
    const subscription = await tx.sellerSubscriptions.findActive(userId, now);
    return tx.users.update(userId, {
      hasActiveListingPlan: Boolean(subscription),
      listingPlanExpiresAt: subscription ? (subscription.currentPeriodEnd ?? subscription.trialEnd) : null,
    });
  });
}

/** a verified card starts the trial of an incomplete subscription, once */
export async function recordSetupIntent(
  store: Store,
  setup: SetupIntentSnapshot,
  now: Date,
): Promise<SellerSubscription | undefined> {
  const providerSubscriptionId = setup.metadata['subscription'];
  if (!providerSubscriptionId || setup.status !== 'succeeded') return undefined;
  const updated = await store.sellerSubscriptions.markCardVerified(providerSubscriptionId, now);
  if (updated) await syncUserPlan(store, updated.userId, now);
  return updated;
}

/** customer.subscription.* events keep status and periods current */
export async function recordSubscription(store: Store, subscription: SubscriptionSnapshot, now: Date): Promise<void> {
  const status = subscriptionStatusOf(subscription.status);
  const plan = subscription.priceId ? planByPriceId(subscription.priceId) : undefined;
  // An unverified card keeps the plan from counting, whatever the trial says; only an end overrides it.
  const updated = await store.sellerSubscriptions.transition(
    subscription.id,
    status === 'canceled' ? EVERY_STATUS : VERIFIED,
    {
      status,
      trialEnd: subscription.trialEnd,
      // no period in the event: the stored one stays (undefined leaves a field as it was)
      currentPeriodEnd: subscription.currentPeriodEnd ?? undefined,
      ...(plan ? { plan: plan.id, priceId: plan.priceId } : {}),
    },
  );
  if (updated) await syncUserPlan(store, updated.userId, now);
}
