// The listing fee (docs/product.md §2 Listing payment, §4, §9, §10): $19.99 makes a draft or an expired
// listing public for 30 days. An active listing answers alreadyPaid; a seller plan with room covers the
// listing without a fee. The listing goes live only when a verified payment (fulfilment, from the
// provider's own state) or a plan says so: activate-listing-plan never takes the client's word for it.
import { randomUUID } from 'node:crypto';
import { formatLongDate } from '#contracts/money.ts';
import { LISTING_FEE_CENTS } from '#contracts/plans.ts';
import type { ActivateListingPlanInput, ActivateListingPlanResponse, ListingFeeIntentInput, ListingFeeIntentResponse } from '#contracts/payments.ts';
import { ForbiddenError, NotFoundError } from '../errors.ts';
import type { MailMessage } from '../mail/messages.ts';
import type { Fulfilment } from './fulfilment/types.ts';
import type { PaymentIntentSnapshot, PaymentProvider } from '../payments/provider.ts';
import type { Collections, Storage } from '../storage/storage.ts';
import { activateListing } from './listing-activation.ts';
import type { ListingFeePayment, Puppy, User } from './model.ts';
import { listingStatus } from './puppy-catalogue.ts';
import { activeSubscription, planCoverage } from './seller-plans.ts';

export interface ListingFeeContext {
  storage: Storage;
  provider: PaymentProvider;
  fulfilment: Fulfilment;
  now: () => Date;
  log: (line: string) => void;
}

function ownPuppy(db: Collections, user: User, puppyId: number): Puppy {
  const puppy = db.puppies.get(puppyId);
  if (!puppy) throw new NotFoundError('Puppy Not Found');
  if (puppy.userId !== user.id) throw new ForbiddenError('You can only pay the listing fee for your own listing.');
  return puppy;
}

function puppySummary(puppy: Puppy, now: Date): ListingFeeIntentResponse['puppy'] {
  return { id: puppy.id, name: puppy.name, listingStatus: listingStatus(puppy, now), expiresAt: puppy.expiresAt };
}

const RESUMABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

export async function startListingFee(ctx: ListingFeeContext, user: User, input: ListingFeeIntentInput): Promise<ListingFeeIntentResponse> {
  let puppy = ownPuppy(ctx.storage.db, user, input.puppyId);

  // A payment that went through but whose webhook never came is applied now, not charged twice.
  const pending = ctx.storage.db.listingFeePayments.filter((p) => p.userId === user.id && p.puppyId === puppy.id && p.status === 'pending').slice(-3).reverse();
  let resumable: PaymentIntentSnapshot | undefined;
  for (const payment of pending) {
    try {
      const intent = await ctx.provider.retrievePaymentIntent(payment.paymentIntentId);
      if (intent.status === 'succeeded') await ctx.fulfilment.syncPaymentIntent(intent);
      else if (!resumable && RESUMABLE.has(intent.status) && intent.amountCents === LISTING_FEE_CENTS) resumable = intent;
    } catch (error) {
      ctx.log(`listing fee ${payment.paymentIntentId}: re-check failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const now = ctx.now();
  puppy = ctx.storage.db.puppies.get(puppy.id) ?? puppy;
  if (listingStatus(puppy, now) === 'active') {
    return alreadyPaid(puppy, now, `This listing is already active until ${formatLongDate(puppy.expiresAt!)}.`);
  }
  const covered = await ctx.storage.write((db) => {
    const coverage = planCoverage(db, user.id, now);
    return coverage?.hasRoom ? activateListing(db, puppy.id, now) : undefined;
  });
  if (covered) return alreadyPaid(covered, now, `Your seller plan covers this listing: it is active until ${formatLongDate(covered.expiresAt!)}.`);

  const intent =
    resumable ??
    (await ctx.provider.createPaymentIntent({
      amountCents: LISTING_FEE_CENTS,
      captureMethod: 'automatic',
      description: `PuppyNest listing fee: ${puppy.name} (30 days)`,
      metadata: { purpose: 'listing_fee', puppyId: String(puppy.id), userId: String(user.id) },
      idempotencyKey: `listing-fee:${user.id}:${puppy.id}:${input.visitId ?? randomUUID()}`,
      receiptEmail: user.email,
    }));
  if (!resumable) {
    await ctx.storage.write((db) => {
      if (db.listingFeePayments.find((p) => p.paymentIntentId === intent.id)) return;
      db.listingFeePayments.insert({
        puppyId: puppy.id,
        userId: user.id,
        amountCents: LISTING_FEE_CENTS,
        paymentIntentId: intent.id,
        status: 'pending',
        createdAt: now.toISOString(),
        paidAt: null,
      });
    });
  }
  return { clientSecret: intent.clientSecret, alreadyPaid: false, message: '', intentId: intent.id, amountCents: LISTING_FEE_CENTS, puppy: puppySummary(puppy, now) };
}

function alreadyPaid(puppy: Puppy, now: Date, message: string): ListingFeeIntentResponse {
  return { clientSecret: null, alreadyPaid: true, message, intentId: null, amountCents: LISTING_FEE_CENTS, puppy: puppySummary(puppy, now) };
}

/**
 * Inside storage.write(): a succeeded listing-fee intent marks its payment paid and makes the listing
 * public for 30 days (renewing an expired one), once per intent. Returns the listing it activated.
 */
export function recordListingFee(db: Collections, intent: PaymentIntentSnapshot, now: Date): { payment: ListingFeePayment; puppy: Puppy } | undefined {
  let payment = db.listingFeePayments.find((p) => p.paymentIntentId === intent.id);
  if (!payment) {
    const puppyId = Number(intent.metadata['puppyId']);
    const userId = Number(intent.metadata['userId']);
    if (!Number.isSafeInteger(puppyId) || !Number.isSafeInteger(userId)) return undefined;
    payment = db.listingFeePayments.insert({ puppyId, userId, amountCents: intent.amountCents, paymentIntentId: intent.id, status: 'pending', createdAt: now.toISOString(), paidAt: null });
  }
  if (payment.status !== 'pending') return undefined;
  if (intent.status === 'canceled') {
    db.listingFeePayments.update(payment.id, { status: 'canceled' });
    return undefined;
  }
  if (intent.status !== 'succeeded' || intent.amountReceivedCents < LISTING_FEE_CENTS) return undefined;
  const paid = db.listingFeePayments.update(payment.id, { status: 'succeeded', paidAt: now.toISOString() })!;
  const puppy = activateListing(db, paid.puppyId, now);
  return puppy ? { payment: paid, puppy } : undefined;
}

export function listingLiveMail(user: User, puppy: Puppy, siteUrl: string): MailMessage {
  return {
    to: user.email,
    subject: `${puppy.name} is live on PuppyNest`,
    text: `Hi ${user.username},\n\nThank you: your listing fee is paid and ${puppy.name} is visible to buyers until ${formatLongDate(puppy.expiresAt!)}.\n\nSee it: ${siteUrl}/puppies/${puppy.id}\nManage your listings: ${siteUrl}/my-listings\n`,
  };
}

/**
 * POST /api/user/activate-listing-plan: re-checks the user's pending listing-fee payments with the
 * provider (so a lost webhook cannot keep a paid listing hidden), applies a seller plan that covers the
 * listing, and refreshes the user's plan fields. Nothing is activated on the client's word.
 */
export async function activateListingPlan(ctx: ListingFeeContext, user: User, input: ActivateListingPlanInput): Promise<ActivateListingPlanResponse> {
  if (input.puppyId !== undefined) ownPuppy(ctx.storage.db, user, input.puppyId);
  const pending = ctx.storage.db.listingFeePayments
    .filter((p) => p.userId === user.id && p.status === 'pending' && (input.puppyId === undefined || p.puppyId === input.puppyId))
    .slice(-5);
  for (const payment of pending) {
    try {
      await ctx.fulfilment.refresh(payment.paymentIntentId);
    } catch (error) {
      ctx.log(`listing fee ${payment.paymentIntentId}: re-check failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const now = ctx.now();
  return ctx.storage.write((db) => {
    let puppy = input.puppyId !== undefined ? db.puppies.get(input.puppyId) : undefined;
    let activated = false;
    if (puppy && listingStatus(puppy, now) !== 'active') {
      const coverage = planCoverage(db, user.id, now);
      if (coverage?.hasRoom) {
        puppy = activateListing(db, puppy.id, now) ?? puppy;
        activated = true;
      }
    }
    const subscription = activeSubscription(db, user.id, now);
    const planEnd = subscription ? (subscription.currentPeriodEnd ?? subscription.trialEnd) : null;
    const updated = db.users.update(user.id, { hasActiveListingPlan: Boolean(subscription), listingPlanExpiresAt: planEnd })!;
    const status = puppy ? listingStatus(puppy, now) : null;
    const message = !puppy
      ? subscription
        ? planEnd ? `Your seller plan is active until ${formatLongDate(planEnd)}.` : 'Your seller plan is active.'
        : 'No seller plan is active.'
      : status === 'active'
        ? `${puppy.name} is active until ${formatLongDate(puppy.expiresAt!)}.`
        : 'No verified payment covers this listing yet: pay the listing fee to make it public.';
    return {
      activated: activated || status === 'active',
      message,
      puppy: puppy ? { id: puppy.id, listingStatus: status!, expiresAt: puppy.expiresAt } : null,
      hasActiveListingPlan: updated.hasActiveListingPlan,
      listingPlanExpiresAt: updated.listingPlanExpiresAt,
    };
  });
}
