// A payout's release (issue 18, docs/decisions/0101). The seller marks the order handed over, which
// schedules the payout for the end of the buyer's window; the buyer's confirmation, the end of the window
// (the release-payouts job) or an admin releases it; a released payout is transferred to the seller's
// account once that account has payouts enabled.
//
// One transfer per order, ever, also with several processes: each step is a conditional transition
// that one caller wins (scheduled → releasing, releasing → paid), and the transfer itself carries the
// order reference as its idempotency key, so two callers sending the same released payout at the same
// moment get the provider's one transfer.
import type { OrderChangeResponse } from '#contracts/orders.ts';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../../errors.ts';
import { InsufficientBalanceError, PaymentProviderError, type TransferSnapshot } from '../../payments/provider.ts';
import type { New, Repositories } from '../../storage/repositories.ts';
import { sendPaymentMails } from '../fulfilment/payment-mail.ts';
import type { Order, Payout, PayoutStatus } from '../model.ts';
import { orderView, visibleOrder } from '../order-views.ts';
import { orderParties } from '../orders.ts';
import { formatPayoutDate, releaseAtFor, shareOf, type PayoutContext } from './context.ts';
import { payoutMails, type PayoutParties, type PayoutStep } from './mails.ts';

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
  };
}

async function partiesOf(store: Repositories, payout: Payout, known?: Order): Promise<PayoutParties | undefined> {
  const order = known ?? (await store.orders.get(payout.orderId));
  return order ? { order, payout, ...(await orderParties(store, order)) } : undefined;
}

export async function mailStep(ctx: Pick<PayoutContext, 'store' | 'mailer' | 'log' | 'siteUrl'>, step: PayoutStep, payout: Payout, order?: Order): Promise<void> {
  const parties = await partiesOf(ctx.store, payout, order);
  if (parties) await sendPaymentMails(ctx, payoutMails(step, parties, ctx.siteUrl));
}

/** a refusal the provider gave for this transfer (not an outage): the payout waits with it, and is tried again */
const isRefusal = (error: unknown) => error instanceof InsufficientBalanceError || (error instanceof AppError && !(error instanceof PaymentProviderError) && error.status < 500);

/**
 * Sends a released payout: one transfer of the seller's share to the seller's account. A payout whose
 * seller has no account with payouts enabled waits (the release job and the account's next update try
 * again); a transfer the provider refuses is kept as lastError and tried again by the job.
 */
async function sendPayout(ctx: PayoutContext, payout: Payout): Promise<Payout> {
  const { store } = ctx;
  if (payout.status !== 'releasing') return payout;
  const [order, account] = await Promise.all([store.orders.get(payout.orderId), store.payoutAccounts.findByUser(payout.sellerId)]);
  if (!order || !account || account.status !== 'payouts_enabled') return payout;
  let transfer: TransferSnapshot;
  try {
    // A transfer made for this order before (its sender stopped before recording it, perhaps more than
    // a day ago, when Stripe's idempotency key no longer holds) is the one: never a second.
    transfer = (await ctx.provider.findTransfer(order.reference)) ?? await ctx.provider.createTransfer({
      amountCents: payout.amountCents,
      destination: account.accountId,
      transferGroup: order.reference,
      metadata: { orderReference: order.reference, payoutId: String(payout.id) },
      idempotencyKey: `payout:${order.reference}`,
    });
  } catch (error) {
    if (!isRefusal(error)) throw error;
    const message = (error as Error).message;
    ctx.log(`payout for order ${order.reference} waits: the transfer was refused: ${message}`);
    return (await store.payouts.transition(payout.id, ['releasing'], { lastError: message })) ?? payout;
  }
  return recordTransfer(ctx, payout, transfer, order);
}

/** releasing → paid with this transfer, once (the sender, or the transfer.created event, whichever is first) */
export async function recordTransfer(ctx: PayoutContext, payout: Payout, transfer: TransferSnapshot, order?: Order): Promise<Payout> {
  const paid = await ctx.store.payouts.transition(payout.id, ['releasing'], { status: 'paid', transferId: transfer.id, paidAt: ctx.now().toISOString(), lastError: null });
  if (!paid) {
    const current = (await ctx.store.payouts.get(payout.id)) ?? payout;
    if (current.transferId !== transfer.id) ctx.log(`payout ${payout.id}: transfer ${transfer.id} was made while the payout was ${current.status}: check it`);
    return current;
  }
  await mailStep(ctx, 'paid', paid, order);
  return paid;
}

/** moves the payout to releasing from one of `from`; the caller that wins mails both sides and sends it */
async function release(ctx: PayoutContext, payout: Payout, from: readonly PayoutStatus[], patch: Partial<Payout> = {}): Promise<Payout | undefined> {
  const released = await ctx.store.payouts.transition(payout.id, from, { ...patch, status: 'releasing', releasedAt: ctx.now().toISOString() });
  if (!released) return undefined;
  await mailStep(ctx, 'released', released);
  return sendPayout(ctx, released);
}

/** the release-payouts job: payouts whose window ended, and released ones still to send */
export async function releaseDuePayouts(ctx: PayoutContext, now: Date): Promise<{ released: number; sent: number }> {
  let released = 0;
  let sent = 0;
  for (const payout of await ctx.store.payouts.listDue(now, 100)) {
    try {
      const after = payout.status === 'scheduled' ? await release(ctx, payout, ['scheduled']) : await sendPayout(ctx, payout);
      if (payout.status === 'scheduled' && after) released++;
      if (after?.status === 'paid') sent++;
    } catch (error) {
      // One payout's failure (the provider unreachable) must not stop the others; the next run retries it.
      ctx.log(`payout ${payout.id} was not sent: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { released, sent };
}

/** every released payout of a seller that waited for the account: sent now that it can receive them */
export async function sendWaitingPayouts(ctx: PayoutContext, sellerId: number): Promise<void> {
  for (const payout of await ctx.store.payouts.listBySeller(sellerId)) {
    if (payout.status === 'releasing' && !payout.transferId) await sendPayout(ctx, payout);
  }
}

async function buyersPayout(ctx: PayoutContext, user: Parameters<typeof visibleOrder>[1], reference: string, doing: string): Promise<{ order: Order; payout: Payout; name: string }> {
  const { order, viewer } = await visibleOrder(ctx.store, user, reference);
  if (viewer !== 'buyer') throw new ForbiddenError(`Only the buyer of this puppy can ${doing}.`);
  const name = (await ctx.store.puppies.get(order.puppyId))?.name ?? 'the puppy';
  const payout = await ctx.store.payouts.findByOrder(order.id);
  if (!payout || order.status !== 'handed_over') {
    if (order.status === 'canceled' || order.status === 'refunded') throw new ConflictError(`Order ${order.reference} was cancelled.`, 'order_canceled');
    throw new ConflictError(`The seller has not marked ${name} as handed over yet.`, 'not_handed_over');
  }
  return { order, payout, name };
}

async function answer(ctx: PayoutContext, order: Order, viewer: 'buyer' | 'admin', changed: boolean, message: string): Promise<OrderChangeResponse> {
  const current = (await ctx.store.orders.get(order.id)) ?? order;
  return { order: await orderView(ctx.store, current, viewer), changed, message };
}

/** POST /api/orders/:reference/confirm-receipt: the buyer has the puppy; the seller is paid now */
export async function confirmReceipt(ctx: PayoutContext, user: Parameters<typeof visibleOrder>[1], reference: string): Promise<OrderChangeResponse> {
  const { order, payout, name } = await buyersPayout(ctx, user, reference, 'confirm receipt');
  const at = ctx.now().toISOString();
  const released = await release(ctx, payout, ['scheduled'], { confirmedAt: at });
  if (released) return answer(ctx, order, 'buyer', true, `Thank you for confirming that ${name} arrived. The seller is being paid.`);
  const current = (await ctx.store.payouts.get(payout.id)) ?? payout;
  if (current.status === 'held') throw new ConflictError('You reported a problem with this order: our team will decide and contact you.', 'payout_held');
  if (current.status === 'reversed' || current.status === 'canceled') throw new ConflictError(`Order ${order.reference} was refunded.`, 'order_canceled');
  return answer(ctx, order, 'buyer', false, `The seller of ${name} has already been paid. Nothing was changed.`);
}

/** POST /api/orders/:reference/report-problem: within the window, holds the payout for an admin */
export async function reportProblem(ctx: PayoutContext, user: Parameters<typeof visibleOrder>[1], reference: string, problem: string): Promise<OrderChangeResponse> {
  const { order, payout } = await buyersPayout(ctx, user, reference, 'report a problem with it');
  const now = ctx.now();
  if (payout.status === 'held') return answer(ctx, order, 'buyer', false, 'You have already reported a problem with this order. Our team will contact you.');
  if (payout.status !== 'scheduled' || Date.parse(payout.releaseAt) <= now.getTime()) {
    throw new ConflictError(
      `The time to report a problem with order ${order.reference} ended on ${formatPayoutDate(payout.releaseAt)} or when you confirmed receipt. Please write to us on the contact page.`,
      'report_window_closed',
    );
  }
  const held = await ctx.store.payouts.transition(payout.id, ['scheduled'], { status: 'held', heldAt: now.toISOString(), problem });
  if (!held) return reportProblem(ctx, user, reference, problem);
  await mailStep(ctx, 'held', held, order);
  return answer(ctx, order, 'buyer', true, "Thank you. We hold the seller's payment while our team looks into it, and will contact you within 2 business days.");
}

/** POST /api/admin/payouts/:reference/release: an admin decides a held payout for the seller */
export async function adminRelease(ctx: PayoutContext, reference: string): Promise<OrderChangeResponse> {
  const order = await ctx.store.orders.findByReference(reference);
  const payout = order ? await ctx.store.payouts.findByOrder(order.id) : undefined;
  if (!order || !payout) throw new NotFoundError('No payout with this order reference was found.');
  const released = await release(ctx, payout, ['held']);
  if (released) return answer(ctx, order, 'admin', true, `The payout for order ${reference} is released to the seller.`);
  const current = (await ctx.store.payouts.get(payout.id)) ?? payout;
  if (current.status === 'releasing' || current.status === 'paid') return answer(ctx, order, 'admin', false, `The payout for order ${reference} was already released. Nothing was changed.`);
  throw new ConflictError(`The payout for order ${reference} is not held (it is ${current.status}), so there is nothing to release.`, 'payout_not_held');
}
