// A dispute (chargeback) of a puppy's payment (docs/product.md §10 "The money life", decision 0107). The buyer's
// bank decides, not PuppyNest; the policy for the seller's payout while it does:
// - opened: a payout not yet sent is held (reason: dispute); one already paid stays paid, since the
//   seller may yet win. An open dispute blocks every release and transfer, and an admin's refund.
// - won: the money stays; a payout held for the dispute goes on where it was.
// - lost: the bank gave the buyer the money back. The order ends charged back; an unsent payout is
//   stopped and a paid one is taken back (the reversal is claimed, retried by the job until it is).
// Every change is applied from the provider's dispute as it is now: events arrive in any order.
import { DISPUTE_STATUS_LABELS, type DisputeStatus } from '#contracts/orders.ts';
import type { DisputeSnapshot } from '../payments/provider.ts';
import { moveOrder, movePayout } from './money-life.ts';
import { resumeAt, type PayoutContext } from './payouts/context.ts';
import { takeBack } from './payouts/refund.ts';

/** Stripe's dispute statuses in the three the order records */
export function disputeStatusOf(status: string): DisputeStatus {
  if (status === 'won' || status === 'warning_closed') return 'won';
  if (status === 'lost') return 'lost';
  return 'open';
}

export async function applyDispute(ctx: PayoutContext, snapshot: DisputeSnapshot): Promise<void> {
  const { store } = ctx;
  const found = await store.orders.findByIntent(snapshot.paymentIntentId);
  if (!found) return; // a listing fee's or a donation's payment: no order, nothing held
  const status = disputeStatusOf(snapshot.status);
  const at = ctx.now().toISOString();
  const order = await store.transaction(async (tx) => {
    const current = await tx.orders.lock(found.id);
    if (!current) return undefined;
    // a closed dispute never opens again (a late "created" after "closed" changes nothing)
    if (current.disputeId === snapshot.id && current.disputeStatus !== 'open' && status === 'open') return current;
    const recorded =
      (await moveOrder(tx, current, 'disputeChanged', {
        disputeId: snapshot.id,
        disputeStatus: status,
        disputeAmountCents: snapshot.amountCents,
      })) ?? current;
    const payout = await tx.payouts.findByOrder(current.id);
    if (status === 'open' && payout) await movePayout(tx, payout, 'hold', { heldAt: at, holdReason: 'dispute' });
    if (status === 'won' && payout?.status === 'held' && payout.holdReason === 'dispute') {
      await movePayout(tx, payout, 'unhold', {
        holdReason: null,
        heldAt: null,
        releaseAt: resumeAt(payout.releaseAt, payout.confirmedAt ?? payout.releasedAt, at),
      });
    }
    if (status === 'lost') {
      const lost = await moveOrder(tx, recorded, 'disputeLost', {
        refundError: null,
        canceledAt: recorded.canceledAt ?? at,
      });
      // a puppy that never went home is on sale again
      const puppy = lost && recorded.status !== 'handed_over' ? await tx.puppies.lock(recorded.puppyId) : undefined;
      if (puppy && puppy.status === 'reserved' && !(await tx.orders.findLive(puppy.id)))
        await tx.puppies.update(puppy.id, { status: 'available', updatedAt: at });
      return lost ?? recorded;
    }
    return recorded;
  });
  if (!order) return;
  ctx.log.warn(`order ${order.reference}: ${DISPUTE_STATUS_LABELS[status].toLowerCase()} (${snapshot.id})`);
  // the seller's money comes back after a lost dispute; a refusal or an outage is retried by the job
  if (order.status === 'charged_back') await takeBack(ctx, order);
}
