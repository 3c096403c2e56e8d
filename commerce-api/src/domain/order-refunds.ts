// Settling a claimed refund (docs/product.md §10 "The money life", decision 0107). An order whose money
// goes back is first moved to refunding (the claim: an admin's cancel, money taken for a puppy that went
// to another family) or born canceled (an authorisation to release). Settling it asks the provider, in
// this order: the seller's payout is stopped or reversed (payouts/refund.ts), then the authorisation is
// released or the payment refunded, each with the same idempotency key on every try. Whoever settles it
// (the admin's request, the webhook, the job a minute later) moves the order once, by the table.
import { FINAL_ORDER_STATUSES } from '#contracts/orders.ts';
import { isProviderRefusal, withRetries, type PaymentIntentSnapshot } from '../payments/provider.ts';
import { sendPaymentMails } from './fulfilment/payment-mail.ts';
import { moveOrder } from './money-life.ts';
import type { Order } from './model.ts';
import { cancellationMails } from './order-mails.ts';
import { orderParties } from './orders.ts';
import { takeBack, type RefundContext } from './payouts/refund.ts';

export type { RefundContext };

/** where the buyer's money stands after a try: back (released or refunded), or still going back, and why */
export type RefundOutcome = { state: 'released' | 'refunded' } | { state: 'pending'; message: string };

const alreadyRefunded = (error: unknown) =>
  error instanceof Error && /already been refunded|already_refunded/i.test(error.message);

/** settles the order's claimed refund as far as the provider allows now; safe to call any number of times */
export async function settleRefund(
  ctx: RefundContext,
  orderId: number,
): Promise<{ order: Order | undefined; outcome: RefundOutcome }> {
  const { store } = ctx;
  const order = await store.orders.get(orderId);
  if (!order) return { order, outcome: { state: 'pending', message: 'The order is gone.' } };
  if (order.status !== 'refunding' && order.status !== 'canceled') {
    const state = order.status === 'refunded' || order.status === 'charged_back' ? 'refunded' : 'released';
    return FINAL_ORDER_STATUSES.includes(order.status)
      ? { order, outcome: { state } }
      : { order, outcome: { state: 'pending', message: `Order ${order.reference} is ${order.status}.` } };
  }
  const seller = await takeBack(ctx, order);
  if (seller.outcome !== 'taken_back') {
    // The seller's money is not back yet: the buyer's refund waits for it, never the other way round.
    if (seller.outcome === 'refused') await moveOrder(store, order, 'refundRefused', { refundError: seller.message });
    return {
      order: (await store.orders.get(order.id)) ?? order,
      outcome: { state: 'pending', message: seller.message },
    };
  }
  let outcome: RefundOutcome;
  try {
    outcome = await giveMoneyBack(ctx, order);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (isProviderRefusal(error)) {
      const refundError = `The payment provider refused to refund order ${order.reference}: ${message}`;
      await moveOrder(store, order, 'refundRefused', { refundError });
      ctx.log.warn(refundError);
      return {
        order: (await store.orders.get(order.id)) ?? order,
        outcome: {
          state: 'pending',
          message: `${refundError} The refund is pending: retry it, or refund the buyer by other means.`,
        },
      };
    }
    ctx.log.warn(`the refund of order ${order.reference} was not made (retried by the job): ${message}`);
    return {
      order,
      outcome: {
        state: 'pending',
        message: `The payment service did not answer. The refund of order ${order.reference} is pending and is tried again every minute.`,
      },
    };
  }
  const at = ctx.now().toISOString();
  const settled = await store.transaction(async (tx) => {
    const moved =
      outcome.state === 'refunded'
        ? await moveOrder(tx, order, 'refunded', { refundError: null, canceledAt: order.canceledAt ?? at })
        : order.status === 'refunding'
          ? await moveOrder(tx, order, 'released', { refundError: null, canceledAt: order.canceledAt ?? at })
          : undefined;
    // the puppy is on sale again unless another order holds it
    const puppy = await tx.puppies.lock(order.puppyId);
    if (moved && puppy && puppy.status !== 'available' && !(await tx.orders.findLive(puppy.id)))
      await tx.puppies.update(puppy.id, { status: 'available', updatedAt: at });
    return moved;
  });
  // Only the caller that settled an admin's cancel mails it, so each side hears once.
  if (settled?.cancelReason) {
    const { puppy, buyer, seller: sellerUser } = await orderParties(store, settled);
    await sendPaymentMails(
      ctx,
      cancellationMails(
        settled,
        puppy,
        buyer,
        sellerUser,
        outcome.state === 'released' ? 'released' : 'refunded',
        ctx.siteUrl,
      ),
    );
  }
  return { order: settled ?? (await store.orders.get(order.id)) ?? order, outcome };
}

/** releases an authorised payment or refunds a taken one; a capture that wins the race is refunded */
async function giveMoneyBack(ctx: RefundContext, order: Order): Promise<RefundOutcome> {
  const { provider } = ctx;
  const id = order.paymentIntentId;
  let intent: PaymentIntentSnapshot = await withRetries(() => provider.retrievePaymentIntent(id));
  if (intent.status !== 'succeeded' && intent.status !== 'canceled') {
    try {
      intent = await withRetries(() => provider.cancelPaymentIntent(id, `release:${id}`));
    } catch (error) {
      intent = await withRetries(() => provider.retrievePaymentIntent(id));
      if (intent.status !== 'succeeded' && intent.status !== 'canceled') throw error;
    }
  }
  if (intent.status === 'canceled') return { state: 'released' };
  try {
    await withRetries(() => provider.refundPaymentIntent(id, `refund:${id}`));
  } catch (error) {
    if (!alreadyRefunded(error)) throw error;
  }
  return { state: 'refunded' };
}

/** the job: every claimed refund not yet settled (an outage, a transfer that was under way) is tried again */
export async function settleClaimedRefunds(ctx: RefundContext): Promise<number> {
  let settled = 0;
  for (const order of await ctx.store.orders.listRefunding(100)) {
    // a refusal waits for an admin: the job does not ask the provider for the same no every minute
    if (order.refundError) continue;
    try {
      if ((await settleRefund(ctx, order.id)).outcome.state !== 'pending') settled++;
    } catch (error) {
      ctx.log.warn(
        `the refund of order ${order.reference} was not settled: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return settled;
}
