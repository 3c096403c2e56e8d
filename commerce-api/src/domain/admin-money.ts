// What /admin lists of the money life (decision 0107): payments the buyer's bank disputes, and refunds
// that wait for an admin (refused by the provider, or waiting for the seller's payout to come back).
import type { AdminMoneyIssue, AdminMoneyIssuesResponse } from '#contracts/payouts.ts';
import type { Repositories } from './store/index.ts';
import type { Order } from './model.ts';

async function issueOf(store: Repositories, order: Order): Promise<AdminMoneyIssue> {
  const [puppy, payout] = await Promise.all([store.puppies.get(order.puppyId), store.payouts.findByOrder(order.id)]);
  return {
    reference: order.reference,
    puppyName: puppy?.name ?? 'A puppy no longer listed',
    orderStatus: order.status,
    totalCents: order.totalCents,
    dispute: order.disputeStatus
      ? { status: order.disputeStatus, amountCents: order.disputeAmountCents ?? order.totalCents }
      : null,
    payoutStatus: payout?.status ?? null,
    refundError: order.refundError ?? null,
  };
}

export async function adminMoneyIssues(store: Repositories): Promise<AdminMoneyIssuesResponse> {
  const [disputed, refunding] = await Promise.all([store.orders.listDisputed(100), store.orders.listRefunding(100)]);
  return {
    disputes: await Promise.all(disputed.map((order) => issueOf(store, order))),
    refunds: await Promise.all(refunding.map((order) => issueOf(store, order))),
  };
}
