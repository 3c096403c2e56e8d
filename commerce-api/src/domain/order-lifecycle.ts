// What people do to an order after checkout (docs/product.md §10; decisions 0056, 0107): the seller
// marks it handed over (the puppy is adopted, the payout scheduled); an admin cancels it with a full
// refund. Both are events of the money life (money-life.ts), decided on the order as it is, locked, in
// the store: of a cancel and a handover sent at the same moment one wins, and the other answers what
// happened. A cancel first claims the refund (the order is refunding, the payout stopped in the same
// transaction), then settles it with the provider (order-refunds.ts); what the provider refuses or
// does not answer leaves the refund pending, shown to the admin, never an order that says otherwise.
import { FINAL_ORDER_STATUSES, type OrderChangeResponse } from '#contracts/orders.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.ts';
import { sendPaymentMails } from './fulfilment/payment-mail.ts';
import { moveOrder, movePayout } from './money-life.ts';
import type { Order, User } from './model.ts';
import { cancellationMails } from './order-mails.ts';
import { settleRefund, type RefundContext } from './order-refunds.ts';
import { orderView, visibleOrder } from './order-views.ts';
import { orderParties } from './orders.ts';
import type { PayoutContext } from './payouts/context.ts';
import { mailStep } from './payouts/mails.ts';
import { newPayout } from './payouts/release.ts';

/** what a cancel needs: the payout terms are not among it */
export type OrderCancelContext = RefundContext;

const isFinal = (order: Order) => FINAL_ORDER_STATUSES.includes(order.status);

/**
 * POST /api/orders/:reference/handed-over: the seller says the puppy went home. The seller's payout is
 * scheduled for the end of the buyer's window (decision 0101), and the buyer is asked to confirm or report.
 */
export async function markHandedOver(ctx: PayoutContext, user: User, reference: string): Promise<OrderChangeResponse> {
  const { store } = ctx;
  const now = ctx.now();
  const { order, viewer } = await visibleOrder(store, user, reference);
  if (viewer !== 'seller') throw new ForbiddenError('Only the seller of this puppy can mark it as handed over.');
  const at = now.toISOString();
  // paid → handed over once; the puppy is adopted and the payout scheduled in the same transaction
  const updated = await store.transaction(async (tx) => {
    const moved = await moveOrder(tx, order, 'handOver', { handedOverAt: at });
    if (!moved) return undefined;
    if (await tx.puppies.lock(order.puppyId))
      await tx.puppies.update(order.puppyId, { status: 'adopted', updatedAt: at });
    // a payment the buyer's bank disputes, or a suspended seller: the payout is born held
    const hold =
      moved.disputeStatus === 'open'
        ? 'dispute'
        : (await tx.users.get(moved.sellerId))?.suspendedAt
          ? 'suspended'
          : null;
    const scheduled = newPayout(moved, now, ctx);
    return {
      order: moved,
      payout: await tx.payouts.createForOrder(
        hold ? { ...scheduled, status: 'held', heldAt: at, holdReason: hold } : scheduled,
      ),
    };
  });
  if (!updated) {
    const current = (await store.orders.get(order.id)) ?? order;
    if (current.status === 'handed_over') {
      return {
        order: await orderView(store, current, 'seller', ctx.now()),
        changed: false,
        message: `Order ${current.reference} was already marked as handed over.`,
      };
    }
    if (current.status === 'pending')
      throw new ConflictError(
        'The payment for this order is still being confirmed. Try again in a moment.',
        'order_pending',
      );
    if (current.status === 'charged_back')
      throw new ConflictError(
        `The buyer's bank took back the payment for order ${current.reference}, so its puppy cannot be handed over.`,
        'order_charged_back',
      );
    throw new ConflictError(
      `Order ${current.reference} was cancelled, so its puppy cannot be handed over.`,
      'order_canceled',
    );
  }
  if (updated.payout.status === 'scheduled') await mailStep(ctx, 'handed_over', updated.payout, updated.order);
  const name = (await store.puppies.get(order.puppyId))?.name ?? 'The puppy';
  return {
    order: await orderView(store, updated.order, 'seller', ctx.now()),
    changed: true,
    message: `${name} is marked as handed over to the new family.`,
  };
}

/** POST /api/admin/orders/:reference/cancel: a full refund (or release of the hold), the puppy back on sale */
export async function cancelOrder(
  ctx: OrderCancelContext,
  reference: string,
  reason: string,
): Promise<OrderChangeResponse> {
  const { store } = ctx;
  const found = await store.orders.findByReference(reference);
  if (!found) throw new NotFoundError('No order with this reference was found.');
  if (isFinal(found)) {
    return {
      order: await orderView(store, found, 'admin', ctx.now()),
      changed: false,
      message: `Order ${reference} was already cancelled. Nothing was changed.`,
    };
  }
  if (found.disputeStatus === 'open') {
    throw new ConflictError(
      `The buyer's bank is deciding a dispute of the payment for order ${reference}: it cannot be refunded until the dispute closes. Nothing was changed.`,
      'order_disputed',
    );
  }
  const at = ctx.now().toISOString();
  // The claim: the order is refunding and its unsent payout stopped, in one transaction with the order
  // locked, so a handover, a release or a transfer claim sees the cancel, or the cancel sees them.
  const claimed = await store.transaction(async (tx) => {
    const current = await tx.orders.lock(found.id);
    if (!current || current.disputeStatus === 'open') return undefined;
    const moved = await moveOrder(tx, current, 'cancel', { canceledAt: at, cancelReason: reason, refundError: null });
    const payout = moved ? await tx.payouts.findByOrder(moved.id) : undefined;
    if (payout) await movePayout(tx, payout, 'stop', { canceledAt: at });
    return moved;
  });
  if (!claimed) {
    // another cancel won the claim (it settles the refund), or the order changed meanwhile
    const current = (await store.orders.get(found.id)) ?? found;
    if (current.status === 'refunding')
      return {
        order: await orderView(store, current, 'admin', ctx.now()),
        changed: false,
        message: `Order ${reference} is already being cancelled. Nothing was changed.`,
      };
    if (isFinal(current))
      return {
        order: await orderView(store, current, 'admin', ctx.now()),
        changed: false,
        message: `Order ${reference} was already cancelled. Nothing was changed.`,
      };
    if (current.disputeStatus === 'open')
      throw new ConflictError(
        `The buyer's bank is deciding a dispute of the payment for order ${reference}: it cannot be refunded until the dispute closes. Nothing was changed.`,
        'order_disputed',
      );
    throw new ConflictError(
      `Order ${reference} changed while it was being cancelled. Look at it again; nothing was changed.`,
      'order_changed',
    );
  }
  // Settled now when the provider answers; else the job settles it, and the answer says so.
  const { order, outcome } = await settleRefund(ctx, found.id);
  const settledOrder = order ?? found;
  if (outcome.state === 'pending') {
    const { puppy, buyer, seller } = await orderParties(store, settledOrder);
    await sendPaymentMails(ctx, cancellationMails(settledOrder, puppy, buyer, seller, 'pending', ctx.siteUrl));
    return {
      order: await orderView(store, settledOrder, 'admin', ctx.now()),
      changed: true,
      message: `Order ${reference} is cancelled, and its refund is pending: ${outcome.message}`,
    };
  }
  const how =
    outcome.state === 'released' ? "the hold on the buyer's card was released" : 'the buyer was refunded in full';
  return {
    order: await orderView(store, settledOrder, 'admin', ctx.now()),
    changed: true,
    message: `Order ${reference} is cancelled: ${how}, and the puppy is available again.`,
  };
}

/** POST /api/admin/orders/:reference/retry-refund: an admin asks the provider again for a pending refund */
export async function retryRefund(ctx: OrderCancelContext, reference: string): Promise<OrderChangeResponse> {
  const order = await ctx.store.orders.findByReference(reference);
  if (!order) throw new NotFoundError('No order with this reference was found.');
  if (order.status !== 'refunding')
    throw new ConflictError(
      `Order ${reference} has no refund pending (it is ${order.status}). Nothing was changed.`,
      'no_refund_pending',
    );
  // the admin's retry asks again, also after a refusal: clearing it is the claim that excludes a refund by other means
  if (order.refundError) {
    const cleared = await ctx.store.transaction(async (tx) => {
      const current = await tx.orders.lock(order.id);
      return current?.refundError ? moveOrder(tx, current, 'refundRefused', { refundError: null }) : undefined;
    });
    if (!cleared)
      return {
        order: await orderView(ctx.store, (await ctx.store.orders.get(order.id)) ?? order, 'admin', ctx.now()),
        changed: false,
        message: `Order ${reference} changed meanwhile. Nothing was changed.`,
      };
  }
  const { order: after, outcome } = await settleRefund(ctx, order.id);
  const message =
    outcome.state === 'pending'
      ? `The refund of order ${reference} is still pending: ${outcome.message}`
      : `The refund of order ${reference} is done.`;
  return {
    order: await orderView(ctx.store, after ?? order, 'admin', ctx.now()),
    changed: outcome.state !== 'pending',
    message,
  };
}

/**
 * POST /api/admin/orders/:reference/refunded-elsewhere: the admin gave the buyer the money back outside
 * the provider (the provider will not refund it). Only once the seller's payout is stopped or taken back:
 * a refunded order never leaves the seller paid.
 */
export async function markRefundedElsewhere(
  ctx: OrderCancelContext,
  reference: string,
  note: string,
): Promise<OrderChangeResponse> {
  const { store } = ctx;
  const order = await store.orders.findByReference(reference);
  if (!order) throw new NotFoundError('No order with this reference was found.');
  const payout = await store.payouts.findByOrder(order.id);
  if (payout && payout.status !== 'canceled' && payout.status !== 'reversed') {
    throw new ConflictError(
      `The seller's payout for order ${reference} is ${payout.status}: it must be stopped or taken back before the order can be marked refunded.`,
      'payout_not_taken_back',
    );
  }
  // Only money the provider took and refused to give back: an authorisation is released, never paid back by hand.
  if ((await ctx.provider.retrievePaymentIntent(order.paymentIntentId)).status !== 'succeeded') {
    throw new ConflictError(
      `The payment of order ${reference} was never taken: there is nothing to refund by other means.`,
      'not_captured',
    );
  }
  const at = ctx.now().toISOString();
  const moved = await store.transaction(async (tx) => {
    // Only after a refusal, and only while it stands: a retry clears the refusal before it asks the
    // provider, so a refund by the provider and one by other means never both happen (decision 0107).
    const current = await tx.orders.lock(order.id);
    if (!current?.refundError) return undefined;
    const done = await moveOrder(tx, current, 'refundedElsewhere', {
      refundError: `Refunded outside the payment provider: ${note}`,
      canceledAt: current.canceledAt ?? at,
    });
    const puppy = done ? await tx.puppies.lock(order.puppyId) : undefined;
    if (puppy && puppy.status !== 'available' && !(await tx.orders.findLive(puppy.id)))
      await tx.puppies.update(puppy.id, { status: 'available', updatedAt: at });
    return done;
  });
  if (!moved) {
    const current = (await store.orders.get(order.id)) ?? order;
    if (current.status === 'refunding')
      throw new ConflictError(
        `The refund of order ${reference} is being asked of the payment provider, which has not refused it. Nothing was changed.`,
        'refund_in_progress',
      );
    throw new ConflictError(
      `Order ${reference} has no refund pending (it is ${current.status}). Nothing was changed.`,
      'no_refund_pending',
    );
  }
  return {
    order: await orderView(store, moved, 'admin', ctx.now()),
    changed: true,
    message: `Order ${reference} is marked as refunded by other means.`,
  };
}
