// A payout's release (decisions 0101, 0107). The seller marks the order handed over, which schedules
// the payout for the end of the buyer's window; the buyer's confirmation, the end of the window (the
// release-payouts job) or an admin releases it; a released payout is transferred to the seller's
// account once that account has payouts enabled.
//
// One transfer per order, ever, also with several processes: each step is an event of the money life
// (money-life.ts) that one caller wins, checked against the order in the same transaction; the
// transfer is claimed (releasing → transferring) before the provider is called, and carries the order
// reference as its idempotency key.
import type { OrderChangeResponse } from '#contracts/orders.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors.ts';
import { isProviderRefusal, withRetries, type TransferSnapshot } from '../../payments/provider.ts';
import type { New, Repositories } from '../store/index.ts';
import { movePayout } from '../money-life.ts';
import { paymentsAreLive } from '../payment-mode.ts';
import type { Order, Payout } from '../model.ts';
import { orderView, visibleOrder } from '../order-views.ts';
import { formatPayoutDate, releaseAtFor, shareOf, type PayoutContext } from './context.ts';
import { mailStep } from './mails.ts';
import { settleRefund } from '../order-refunds.ts';
import { takeBack } from './refund.ts';

/** the payout a handover at `at` schedules (made in the handover's transaction) */
export function newPayout(order: Order, at: Date, terms: Pick<PayoutContext, 'feePercent' | 'holdDays'>): New<Payout> {
  return {
    orderId: order.id,
    sellerId: order.sellerId,
    ...shareOf(order.puppyPriceCents, terms.feePercent),
    status: 'scheduled',
    releaseAt: releaseAtFor(at, terms.holdDays),
    createdAt: at.toISOString(),
    confirmedAt: null,
    heldAt: null,
    problem: null,
    releasedAt: null,
    transferId: null,
    paidAt: null,
    reversedAt: null,
    canceledAt: null,
    lastError: null,
    holdReason: null,
    attemptAt: null,
  };
}

/** after a refused transfer, the job tries again this much later (the platform's balance may fill up) */
const RETRY_AFTER_REFUSAL_MS = 10 * 60_000;

/**
 * Why the payout of `order` may not move towards the seller now, or null when it may: the order must
 * still be handed over (a cancel or a lost dispute ends that), with no open dispute, and its seller
 * not suspended. Read inside the transaction that moves the payout, with the order locked, so a
 * cancel or a dispute cannot slip in between the check and the move (decision 0107).
 */
async function blockedBecause(tx: Repositories, orderId: number, sellerId: number): Promise<string | null> {
  const order = await tx.orders.lock(orderId);
  if (!order || order.status !== 'handed_over') return 'the order is not handed over';
  if (order.disputeStatus === 'open') return "the buyer's bank disputes the payment";
  if ((await tx.users.get(sellerId))?.suspendedAt) return 'the seller is suspended';
  return null;
}

/** moves the payout by `event` only while its order allows it; undefined when it did not move */
async function moveGuarded(
  ctx: PayoutContext,
  payout: Payout,
  event: 'release' | 'adminRelease' | 'claimTransfer',
  patch: Partial<Payout> = {},
): Promise<Payout | undefined> {
  return ctx.store.transaction(async (tx) =>
    (await blockedBecause(tx, payout.orderId, payout.sellerId)) ? undefined : movePayout(tx, payout, event, patch),
  );
}

/**
 * Sends a released payout: one transfer of the seller's share to the seller's account. The transfer
 * is claimed first (releasing → transferring, only while the order allows it); only the caller that
 * claimed it calls the provider. A payout whose seller has no account with payouts enabled, or whose
 * account or order is of another payment mode, waits. A refusal puts it back to releasing with the
 * reason, tried again later; an outage leaves the claim for the job, which repeats the same call with
 * the same idempotency key (and first looks for a transfer already made for the order).
 */
async function sendPayout(ctx: PayoutContext, payout: Payout): Promise<Payout> {
  const { store } = ctx;
  if (payout.status !== 'releasing' && payout.status !== 'transferring') return payout;
  const [order, account] = await Promise.all([
    store.orders.get(payout.orderId),
    store.payoutAccounts.findByUser(payout.sellerId),
  ]);
  if (!order || !account || account.status !== 'payouts_enabled') return payout;
  const mode = await paymentsAreLive(store);
  if ((order.livemode ?? false) !== mode || account.livemode !== mode) {
    // Test money never becomes live money, nor live money a test transfer (decision 0107).
    const why = `The order or the payout account was made in ${mode ? 'test' : 'live'} mode, and payments are now in ${mode ? 'live' : 'test'} mode.`;
    return (await movePayout(store, payout, 'wait', { lastError: why, attemptAt: later(ctx) })) ?? payout;
  }
  const claimed =
    payout.status === 'transferring' ? payout : await moveGuarded(ctx, payout, 'claimTransfer', { attemptAt: null });
  if (!claimed) return (await store.payouts.get(payout.id)) ?? payout;
  let transfer: TransferSnapshot;
  try {
    // A transfer made for this order before (its sender stopped before recording it, perhaps more than
    // a day ago, when Stripe's idempotency key no longer holds) is the one: never a second.
    transfer = await withRetries(
      async () =>
        (await ctx.provider.findTransfer(order.reference)) ??
        ctx.provider.createTransfer({
          amountCents: claimed.amountCents,
          destination: account.accountId,
          transferGroup: order.reference,
          metadata: { orderReference: order.reference, payoutId: String(claimed.id) },
          idempotencyKey: `payout:${order.reference}`,
        }),
    );
  } catch (error) {
    if (!isProviderRefusal(error)) throw error;
    const message = (error as Error).message;
    ctx.log.warn(`payout for order ${order.reference} waits: the transfer was refused: ${message}`);
    return (
      (await movePayout(store, claimed, 'transferRefused', { lastError: message, attemptAt: later(ctx) })) ?? claimed
    );
  }
  return recordTransfer(ctx, claimed, transfer, order);
}

const later = (ctx: PayoutContext) => new Date(ctx.now().getTime() + RETRY_AFTER_REFUSAL_MS).toISOString();

/** transferring → paid with this transfer, once (the sender, or the transfer.created event, whichever is first) */
export async function recordTransfer(
  ctx: PayoutContext,
  payout: Payout,
  transfer: TransferSnapshot,
  order?: Order,
): Promise<Payout> {
  const paid = await movePayout(ctx.store, payout, 'transferred', {
    transferId: transfer.id,
    paidAt: ctx.now().toISOString(),
    lastError: null,
    attemptAt: null,
  });
  if (!paid) {
    const current = (await ctx.store.payouts.get(payout.id)) ?? payout;
    if (current.transferId !== transfer.id)
      ctx.log.warn(
        `payout ${payout.id}: transfer ${transfer.id} was made while the payout was ${current.status}: check it`,
      );
    return current;
  }
  await mailStep(ctx, 'paid', paid, order);
  return paid;
}

/** moves the payout to releasing by `event`; the caller that wins mails both sides and sends it */
async function release(
  ctx: PayoutContext,
  payout: Payout,
  event: 'release' | 'adminRelease',
  patch: Partial<Payout> = {},
): Promise<Payout | undefined> {
  const released = await moveGuarded(ctx, payout, event, {
    ...patch,
    releasedAt: ctx.now().toISOString(),
    holdReason: null,
  });
  if (!released) return undefined;
  await mailStep(ctx, 'released', released);
  try {
    return await sendPayout(ctx, released);
  } catch (error) {
    // The release is recorded; a provider that did not answer leaves the transfer claimed, and the job
    // sends it with the same key. The person who released it is told it is on its way, not an error.
    ctx.log.warn(
      `payout ${released.id} is released; its transfer is retried by the job: ${error instanceof Error ? error.message : String(error)}`,
    );
    return (await ctx.store.payouts.get(released.id)) ?? released;
  }
}

/**
 * The release-payouts job: payouts whose window ended, released ones whose seller can receive them,
 * claims left unsettled (a transfer or reversal whose process stopped, or an outage), and refunds
 * claimed but not settled (order-refunds.ts).
 */
export async function releaseDuePayouts(
  ctx: PayoutContext,
  now: Date,
): Promise<{ released: number; sent: number; reversed: number }> {
  let released = 0;
  let sent = 0;
  let reversed = 0;
  for (const payout of await ctx.store.payouts.listDue(now, 100)) {
    try {
      const order = await ctx.store.orders.get(payout.orderId);
      if (order && (payout.status === 'reversing' || order.status === 'refunding' || order.status === 'charged_back')) {
        // The order's money went back (a cancel, a lost dispute) while this payout was claimed or sent:
        // a transfer under way is finished with its own key first, then taken back, and a refunding
        // order settles its refund once the seller's money is back (a charged-back one has none).
        if (payout.status === 'transferring') await sendPayout(ctx, payout);
        if (order.status === 'refunding') await settleRefund(ctx, order.id);
        else await takeBack(ctx, order);
        if ((await ctx.store.payouts.get(payout.id))?.status === 'reversed') reversed++;
        continue;
      }
      const after =
        payout.status === 'scheduled' ? await release(ctx, payout, 'release') : await sendPayout(ctx, payout);
      if (payout.status === 'scheduled' && after) released++;
      if (after?.status === 'paid') sent++;
    } catch (error) {
      // One payout's failure (the provider unreachable) must not stop the others; the next run retries it.
      ctx.log.warn(`payout ${payout.id} was not sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { released, sent, reversed };
}

/** every released payout of a seller that waited for the account: sent now that it can receive them */
export async function sendWaitingPayouts(ctx: PayoutContext, sellerId: number): Promise<void> {
  for (const payout of await ctx.store.payouts.listBySeller(sellerId)) {
    if (payout.status === 'releasing') await sendPayout(ctx, payout);
  }
}

async function buyersPayout(
  ctx: PayoutContext,
  user: Parameters<typeof visibleOrder>[1],
  reference: string,
  doing: string,
): Promise<{ order: Order; payout: Payout; name: string }> {
  const { order, viewer } = await visibleOrder(ctx.store, user, reference);
  if (viewer !== 'buyer') throw new ForbiddenError(`Only the buyer of this puppy can ${doing}.`);
  const name = (await ctx.store.puppies.get(order.puppyId))?.name ?? 'the puppy';
  const payout = await ctx.store.payouts.findByOrder(order.id);
  if (!payout || order.status !== 'handed_over') {
    if (order.status === 'canceled' || order.status === 'refunded')
      throw new ConflictError(`Order ${order.reference} was cancelled.`, 'order_canceled');
    throw new ConflictError(`The seller has not marked ${name} as handed over yet.`, 'not_handed_over');
  }
  return { order, payout, name };
}

async function answer(
  ctx: PayoutContext,
  order: Order,
  viewer: 'buyer' | 'admin',
  changed: boolean,
  message: string,
): Promise<OrderChangeResponse> {
  const current = (await ctx.store.orders.get(order.id)) ?? order;
  return { order: await orderView(ctx.store, current, viewer, ctx.now()), changed, message };
}

/** POST /api/orders/:reference/confirm-receipt: the buyer has the puppy; the seller is paid now */
export async function confirmReceipt(
  ctx: PayoutContext,
  user: Parameters<typeof visibleOrder>[1],
  reference: string,
): Promise<OrderChangeResponse> {
  const { order, payout, name } = await buyersPayout(ctx, user, reference, 'confirm receipt');
  const at = ctx.now().toISOString();
  const released = await release(ctx, payout, 'release', { confirmedAt: at });
  if (released)
    return answer(
      ctx,
      order,
      'buyer',
      true,
      `Thank you for confirming that ${name} arrived. The seller is being paid.`,
    );
  const current = (await ctx.store.payouts.get(payout.id)) ?? payout;
  if (current.status === 'held') {
    if (current.holdReason === 'problem' || !current.holdReason)
      throw new ConflictError(
        'You reported a problem with this order: our team will decide and contact you.',
        'payout_held',
      );
    throw new ConflictError(
      `The seller's payment for order ${order.reference} is on hold while PuppyNest looks into the order. Nothing was changed.`,
      'payout_held',
    );
  }
  if (current.status === 'scheduled')
    throw new ConflictError(
      `Order ${order.reference} cannot be confirmed right now. Nothing was changed.`,
      'order_changed',
    );
  if (current.status === 'reversing' || current.status === 'reversed' || current.status === 'canceled')
    throw new ConflictError(`Order ${order.reference} was refunded.`, 'order_canceled');
  return answer(ctx, order, 'buyer', false, `The seller of ${name} has already been paid. Nothing was changed.`);
}

/** POST /api/orders/:reference/report-problem: within the window, holds the payout for an admin */
export async function reportProblem(
  ctx: PayoutContext,
  user: Parameters<typeof visibleOrder>[1],
  reference: string,
  problem: string,
): Promise<OrderChangeResponse> {
  const { order, payout } = await buyersPayout(ctx, user, reference, 'report a problem with it');
  const now = ctx.now();
  if (payout.status === 'held')
    return answer(
      ctx,
      order,
      'buyer',
      false,
      'You have already reported a problem with this order. Our team will contact you.',
    );
  if (payout.status !== 'scheduled' || Date.parse(payout.releaseAt) <= now.getTime()) {
    throw new ConflictError(
      `The time to report a problem with order ${order.reference} ended on ${formatPayoutDate(payout.releaseAt)} or when you confirmed receipt. Please write to us on the contact page.`,
      'report_window_closed',
    );
  }
  const held = await ctx.store.transaction(async (tx) => {
    // the order is read with the lock a cancel takes: a report never holds the payout of a cancelled order
    if ((await tx.orders.lock(order.id))?.status !== 'handed_over') return undefined;
    return movePayout(tx, payout, 'report', { heldAt: now.toISOString(), problem, holdReason: 'problem' });
  });
  if (!held) {
    const current = await ctx.store.orders.get(order.id);
    if (current?.status !== 'handed_over')
      throw new ConflictError(`Order ${order.reference} was cancelled.`, 'order_canceled');
    return reportProblem(ctx, user, reference, problem);
  }
  await mailStep(ctx, 'held', held, order);
  return answer(
    ctx,
    order,
    'buyer',
    true,
    "Thank you. We hold the seller's payment while our team looks into it, and will contact you within 2 business days.",
  );
}

/** POST /api/admin/payouts/:reference/release: an admin decides a held payout for the seller */
export async function adminRelease(ctx: PayoutContext, reference: string): Promise<OrderChangeResponse> {
  const order = await ctx.store.orders.findByReference(reference);
  const payout = order ? await ctx.store.payouts.findByOrder(order.id) : undefined;
  if (!order || !payout) throw new NotFoundError('No payout with this order reference was found.');
  const released = await release(ctx, payout, 'adminRelease');
  if (released)
    return answer(ctx, order, 'admin', true, `The payout for order ${reference} is released to the seller.`);
  const current = (await ctx.store.payouts.get(payout.id)) ?? payout;
  if (current.status === 'releasing' || current.status === 'transferring' || current.status === 'paid')
    return answer(
      ctx,
      order,
      'admin',
      false,
      `The payout for order ${reference} was already released. Nothing was changed.`,
    );
  if (current.status === 'held') {
    // held, but the order does not allow it: say which rule keeps it
    const why = await ctx.store.transaction((tx) => blockedBecause(tx, order.id, payout.sellerId));
    throw new ConflictError(
      `The payout for order ${reference} stays held: ${why ?? 'try again in a moment'}.`,
      'payout_blocked',
    );
  }
  throw new ConflictError(
    `The payout for order ${reference} is not held (it is ${current.status}), so there is nothing to release.`,
    'payout_not_held',
  );
}

/** POST /api/admin/payouts/:reference/retry: an admin sends a released payout again now (after a refusal) */
export async function retryPayout(ctx: PayoutContext, reference: string): Promise<OrderChangeResponse> {
  const order = await ctx.store.orders.findByReference(reference);
  const payout = order ? await ctx.store.payouts.findByOrder(order.id) : undefined;
  if (!order || !payout) throw new NotFoundError('No payout with this order reference was found.');
  const waiting = await movePayout(ctx.store, payout, 'wait', { attemptAt: null });
  if (!waiting)
    throw new ConflictError(
      `The payout for order ${reference} is ${payout.status}: there is no transfer waiting to be sent again.`,
      'payout_not_waiting',
    );
  const after = await sendPayout(ctx, waiting);
  if (after.status === 'paid')
    return answer(ctx, order, 'admin', true, `The payout for order ${reference} was sent to the seller.`);
  return answer(
    ctx,
    order,
    'admin',
    false,
    `The payout for order ${reference} is still waiting: ${after.lastError ?? "the seller's payout account cannot receive it yet"}.`,
  );
}
