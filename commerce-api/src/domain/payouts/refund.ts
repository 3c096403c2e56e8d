// The seller's side of a refund (decisions 0101, 0107). Once an order's refund is claimed (the order is
// refunding, or charged back by a lost dispute), its payout must never reach the seller, or must come
// back before the buyer's money goes: a payout not yet sent is stopped; a paid one's reversal is claimed
// (paid → reversing) and then asked of the provider with the order's idempotency key. A transfer under
// way (transferring) settles first; the next call reverses it.
import { formatCents } from '#contracts/money.ts';
import { isProviderRefusal, withRetries } from '../../payments/provider.ts';
import { movePayout } from '../money-life.ts';
import type { Order, Payout } from '../model.ts';
import type { PayoutContext } from './context.ts';
import { mailStep } from './mails.ts';

/** what a refund and its payout's take-back need of the payout context */
export type RefundContext = Pick<PayoutContext, 'store' | 'provider' | 'mailer' | 'now' | 'log' | 'siteUrl'>;

/**
 * Where the seller's money stands after a call: `taken_back` (nothing of it is with the seller: no
 * payout, stopped, or reversed), `sending` (a transfer is under way: try again once it settles),
 * `refused` (the provider refused the reversal: the seller's balance is short), or `outage`.
 */
export type TakeBack = { outcome: 'taken_back' } | { outcome: 'sending' | 'refused' | 'outage'; message: string };

/** stops or takes back the payout of an order whose money goes back to the buyer */
export async function takeBack(ctx: RefundContext, order: Order): Promise<TakeBack> {
  const { store } = ctx;
  const found = await store.payouts.findByOrder(order.id);
  if (!found) return { outcome: 'taken_back' };
  const at = ctx.now().toISOString();
  let payout: Payout = found;
  if (payout.status === 'scheduled' || payout.status === 'held' || payout.status === 'releasing') {
    payout =
      (await movePayout(store, payout, 'stop', { canceledAt: at, attemptAt: null })) ??
      (await store.payouts.get(payout.id)) ??
      payout;
  }
  if (payout.status === 'paid')
    payout =
      (await movePayout(store, payout, 'claimReversal', { attemptAt: null })) ??
      (await store.payouts.get(payout.id)) ??
      payout;
  switch (payout.status) {
    case 'canceled':
    case 'reversed':
      return { outcome: 'taken_back' };
    case 'transferring':
      return {
        outcome: 'sending',
        message: `The seller's payout for order ${order.reference} is being sent right now; it is taken back as soon as it arrives, and then the buyer is refunded.`,
      };
    case 'reversing':
      return reverse(ctx, order, payout);
    default:
      return {
        outcome: 'sending',
        message: `The seller's payout for order ${order.reference} is ${payout.status}; try again in a moment.`,
      };
  }
}

/** asks the provider to reverse the claimed transfer (same key every time), and settles the claim */
async function reverse(ctx: RefundContext, order: Order, payout: Payout): Promise<TakeBack> {
  const { store } = ctx;
  const transferId = payout.transferId;
  if (!transferId)
    return { outcome: 'refused', message: `The payout for order ${order.reference} has no transfer to take back.` };
  try {
    await withRetries(() => ctx.provider.reverseTransfer(transferId, `reverse:${order.reference}`));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!isProviderRefusal(error)) {
      ctx.log.warn(`the reversal for order ${order.reference} was not made (retried by the job): ${message}`);
      return {
        outcome: 'outage',
        message: `The payment service did not answer; the seller's payout for order ${order.reference} is taken back by the next retry, then the buyer is refunded.`,
      };
    }
    const refused = await movePayout(store, payout, 'reversalRefused', {
      lastError: `The transfer to the seller could not be reversed: ${message}`,
    });
    // Mailed the first time it is refused, not at every retry.
    if (refused && !payout.lastError) await mailStep(ctx, 'reversal_failed', refused, order);
    return {
      outcome: 'refused',
      message: `The ${formatCents(payout.amountCents)} transferred to the seller could not be taken back: the seller's balance is short. The refund waits until it is; order ${order.reference} shows the refund as pending.`,
    };
  }
  await movePayout(store, payout, 'reversed', { reversedAt: ctx.now().toISOString(), lastError: null });
  return { outcome: 'taken_back' };
}
