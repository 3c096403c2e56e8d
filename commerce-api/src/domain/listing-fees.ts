// The listing fee (docs/product.md §2 Listing payment, §4, §9, §10): $19.99 makes a draft or an expired
// listing public for 30 days. An active listing answers alreadyPaid; a seller plan with room covers the
// listing without a fee. The listing goes live only when a verified payment (fulfilment, from the
// provider's own state) or a plan says so: activate-listing-plan never takes the client's word for it.
import { randomUUID } from 'node:crypto';
import { formatLongDate } from '#contracts/money.ts';
import { LISTING_FEE_CENTS } from '#contracts/plans.ts';
import type {
  ActivateListingPlanInput,
  ActivateListingPlanResponse,
  ListingFeeIntentInput,
  ListingFeeIntentResponse,
} from '#contracts/payments.ts';
import { AppError, ForbiddenError, NotFoundError } from '../errors.ts';
import type { MailMessage } from '../mail/messages.ts';
import { button, greeting, link, paragraph } from '../mail/blocks.ts';
import type { Fulfilment } from './fulfilment/types.ts';
import type { PaymentIntentSnapshot, PaymentProvider } from '../payments/provider.ts';
import type { Store, Repositories } from './store/index.ts';
import { activateListingIn } from './listing-activation.ts';
import type { ListingFeePayment, Puppy, User } from './model.ts';
import { listingStatus } from './puppy-catalogue.ts';
import { activateWithinPlan } from './seller-plans.ts';
import { syncUserPlan } from './subscriptions.ts';
import type { Log } from '../logging/log.ts';

export interface ListingFeeContext {
  store: Store;
  provider: PaymentProvider;
  fulfilment: Fulfilment;
  now: () => Date;
  log: Log;
}

async function ownPuppy(store: Repositories, user: User, puppyId: number): Promise<Puppy> {
  const puppy = await store.puppies.get(puppyId);
  if (!puppy) throw new NotFoundError('Puppy Not Found');
  if (puppy.userId !== user.id) throw new ForbiddenError('You can only pay the listing fee for your own listing.');
  return puppy;
}

function puppySummary(puppy: Puppy, now: Date): ListingFeeIntentResponse['puppy'] {
  return { id: puppy.id, name: puppy.name, listingStatus: listingStatus(puppy, now), expiresAt: puppy.expiresAt };
}

const RESUMABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

export async function startListingFee(
  ctx: ListingFeeContext,
  user: User,
  input: ListingFeeIntentInput,
): Promise<ListingFeeIntentResponse> {
  const { store } = ctx;
  let puppy = await ownPuppy(store, user, input.puppyId);

  // A payment that went through but whose webhook never came is applied now, not charged twice.
  const pending = await store.listingFees.recentPending(user.id, puppy.id);
  let resumable: PaymentIntentSnapshot | undefined;
  for (const payment of pending) {
    try {
      const intent = await ctx.provider.retrievePaymentIntent(payment.paymentIntentId);
      if (intent.status === 'succeeded') await ctx.fulfilment.syncPaymentIntent(intent);
      else if (!resumable && RESUMABLE.has(intent.status) && intent.amountCents === LISTING_FEE_CENTS)
        resumable = intent;
    } catch (error) {
      ctx.log.warn(
        `listing fee ${payment.paymentIntentId}: re-check failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  const now = ctx.now();
  puppy = (await store.puppies.get(puppy.id)) ?? puppy;
  if (listingStatus(puppy, now) === 'active') {
    return alreadyPaid(puppy, now, `This listing is already active until ${formatLongDate(puppy.expiresAt!)}.`);
  }
  // the plan's slot is taken in one step (activateWithinPlan): two listings at once cannot share the last one
  const covered = await activateWithinPlan(store, user.id, puppy.id, now);
  if (covered)
    return alreadyPaid(
      covered,
      now,
      `Your seller plan covers this listing: it is active until ${formatLongDate(covered.expiresAt!)}.`,
    );

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
    // one row per intent: a row the webhook (or a retry) made first stays as it is
    await store.listingFees.createForIntent({
      puppyId: puppy.id,
      userId: user.id,
      amountCents: LISTING_FEE_CENTS,
      paymentIntentId: intent.id,
      status: 'pending',
      createdAt: now.toISOString(),
      paidAt: null,
    });
  }
  return {
    clientSecret: intent.clientSecret,
    alreadyPaid: false,
    message: '',
    intentId: intent.id,
    amountCents: LISTING_FEE_CENTS,
    puppy: puppySummary(puppy, now),
  };
}

function alreadyPaid(puppy: Puppy, now: Date, message: string): ListingFeeIntentResponse {
  return {
    clientSecret: null,
    alreadyPaid: true,
    message,
    intentId: null,
    amountCents: LISTING_FEE_CENTS,
    puppy: puppySummary(puppy, now),
  };
}

/**
 * A succeeded listing-fee intent marks its payment paid and makes the listing public for 30 days
 * (renewing an expired one), once per intent however many webhooks, re-checks and processes apply it:
 * listingFees.markSucceeded lets one caller win, and the listing changes in the same transaction.
 * Returns the listing it activated (only to that one caller).
 */
export async function recordListingFee(
  store: Store,
  intent: PaymentIntentSnapshot,
  now: Date,
): Promise<{ payment: ListingFeePayment; puppy: Puppy } | undefined> {
  let payment = await store.listingFees.findByIntent(intent.id);
  if (!payment) {
    const puppyId = Number(intent.metadata['puppyId']);
    const userId = Number(intent.metadata['userId']);
    if (!Number.isSafeInteger(puppyId) || !Number.isSafeInteger(userId)) return undefined;
    payment = await store.listingFees.createForIntent({
      puppyId,
      userId,
      amountCents: intent.amountCents,
      paymentIntentId: intent.id,
      status: 'pending',
      createdAt: now.toISOString(),
      paidAt: null,
    });
  }
  if (payment.status !== 'pending') return undefined;
  if (intent.status === 'canceled') {
    await store.listingFees.markCanceled(intent.id);
    return undefined;
  }
  if (intent.status !== 'succeeded' || intent.amountReceivedCents < LISTING_FEE_CENTS) return undefined;
  return store.transaction(async (tx) => {
    const paid = await tx.listingFees.markSucceeded(intent.id, now);
    if (!paid) return undefined;
    const puppy = await activateListingIn(tx, paid.puppyId, now);
    return puppy ? { payment: paid, puppy } : undefined;
  });
}

export function listingLiveMail(user: User, puppy: Puppy, siteUrl: string): MailMessage {
  return {
    to: user.email,
    subject: `${puppy.name} is live on PuppyNest`,
    text: `Hi ${user.username},\n\nThank you: your listing fee is paid and ${puppy.name} is visible to buyers until ${formatLongDate(puppy.expiresAt!)}.\n\nSee it: ${siteUrl}/puppies/${puppy.id}\nManage your listings: ${siteUrl}/my-listings\n`,
    kind: 'listing',
    blocks: [
      greeting(user.username),
      paragraph(
        `Thank you: your listing fee is paid and ${puppy.name} is visible to buyers until ${formatLongDate(puppy.expiresAt!)}.`,
      ),
      button(`See ${puppy.name}'s listing`, `/puppies/${puppy.id}`),
      link('Manage your listings', '/my-listings'),
    ],
  };
}

/**
 * POST /api/user/activate-listing-plan: re-checks the user's pending listing-fee payments with the
 * provider (so a lost webhook cannot keep a paid listing hidden), applies a seller plan that covers the
 * listing, and refreshes the user's plan fields. Nothing is activated on the client's word.
 */
export async function activateListingPlan(
  ctx: ListingFeeContext,
  user: User,
  input: ActivateListingPlanInput,
): Promise<ActivateListingPlanResponse> {
  const { store } = ctx;
  if (input.puppyId !== undefined) await ownPuppy(store, user, input.puppyId);
  const pending = await store.listingFees.pendingOfUser(user.id, input.puppyId, 5);
  for (const payment of pending) {
    try {
      await ctx.fulfilment.refresh(payment.paymentIntentId);
    } catch (error) {
      ctx.log.warn(
        `listing fee ${payment.paymentIntentId}: re-check failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  const now = ctx.now();
  let puppy = input.puppyId !== undefined ? await store.puppies.get(input.puppyId) : undefined;
  let activated = false;
  if (puppy && listingStatus(puppy, now) !== 'active') {
    const covered = await activateWithinPlan(store, user.id, puppy.id, now);
    if (covered) {
      puppy = covered;
      activated = true;
    }
  }
  const updated = await syncUserPlan(store, user.id, now);
  if (!updated) throw new AppError(401, 'not_logged_in', 'You need to be logged in to do that.');
  const planEnd = updated.listingPlanExpiresAt;
  const status = puppy ? listingStatus(puppy, now) : null;
  const message = !puppy
    ? updated.hasActiveListingPlan
      ? planEnd
        ? `Your seller plan is active until ${formatLongDate(planEnd)}.`
        : 'Your seller plan is active.'
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
}
