// An admin's refund of an order whose seller may have been paid (issue 18, docs/decisions/0101). Before
// the buyer's money goes back, the seller's payout is stopped, or, when it was transferred already,
// the transfer is reversed. A reversal the provider refuses (the seller's balance is short) is kept on
// the payout, shown to the admin, mailed to both sides, and the refund waits: the order is unchanged.
import { formatCents } from '#contracts/money.ts';
import { ConflictError } from '../../errors.ts';
import { InsufficientBalanceError } from '../../payments/provider.ts';
import type { Order, Payout } from '../model.ts';
import type { PayoutContext } from './context.ts';
import { mailStep } from './release.ts';

type RefundContext = Pick<PayoutContext, 'store' | 'provider' | 'mailer' | 'now' | 'log' | 'siteUrl'>;

/** stops or takes back the order's payout before a refund; throws (changing nothing more) when it cannot */
export async function takeBackPayout(ctx: RefundContext, order: Order): Promise<void> {
  const { store } = ctx;
  let payout = await store.payouts.findByOrder(order.id);
  if (!payout) return;
  const at = ctx.now().toISOString();
  if (payout.status === 'scheduled' || (payout.status === 'releasing' && !payout.transferId && !(await canReceive(ctx, payout)))) {
    // Not sent, and nothing can send it meanwhile: held, so the release job leaves it alone.
    payout = (await store.payouts.transition(payout.id, [payout.status], { status: 'held', heldAt: payout.heldAt ?? at })) ?? (await store.payouts.get(payout.id))!;
  }
  if (payout.status === 'releasing') {
    throw new ConflictError(`The seller's payout for order ${order.reference} is being sent right now. Try the refund again in a minute; the order has not been changed.`, 'payout_in_progress');
  }
  if (payout.status !== 'paid' || !payout.transferId) return;
  try {
    await ctx.provider.reverseTransfer(payout.transferId, `reverse:${order.reference}`);
  } catch (error) {
    if (!(error instanceof InsufficientBalanceError)) throw error;
    const failed = await store.payouts.transition(payout.id, ['paid'], { lastError: `The transfer to the seller could not be reversed: ${error.message}` });
    // Mailed the first time it fails, not at every retry of the admin.
    if (failed && !payout.lastError) await mailStep(ctx, 'reversal_failed', failed, order);
    throw new ConflictError(
      `The ${formatCents(payout.amountCents)} transferred to the seller could not be taken back: the seller's balance is short. The refund waits; order ${order.reference} has not been changed.`,
      'balance_insufficient',
    );
  }
  await store.payouts.transition(payout.id, ['paid'], { status: 'reversed', reversedAt: at, lastError: null });
}

/** after the refund: a payout that was never sent is cancelled */
export async function cancelPayout(ctx: RefundContext, order: Order): Promise<void> {
  const payout = await ctx.store.payouts.findByOrder(order.id);
  if (payout) await ctx.store.payouts.transition(payout.id, ['held'], { status: 'canceled', canceledAt: ctx.now().toISOString() });
}

async function canReceive(ctx: RefundContext, payout: Payout): Promise<boolean> {
  return (await ctx.store.payoutAccounts.findByUser(payout.sellerId))?.status === 'payouts_enabled';
}
