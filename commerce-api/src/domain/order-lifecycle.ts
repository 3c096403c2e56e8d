// What people do to an order after checkout (docs/product.md §10; docs/decisions/0056): the seller
// marks it handed over (the puppy is adopted); an admin cancels it with a full refund through the
// payment provider (the puppy is available again). The provider is asked first: a refund it refuses
// leaves the order exactly as it was. The change itself is a conditional transition decided from the
// order as it is then, so a second cancel, or one racing the capture, changes nothing twice; a cancel
// under way is claimed in the payment-event table, so two clicks (in any process) never refund twice.
import type { OrderChangeResponse } from '#contracts/orders.ts';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../errors.ts';
import type { MailMessage } from '../mail/messages.ts';
import type { PaymentIntentSnapshot, PaymentProvider } from '../payments/provider.ts';
import type { Order, Puppy, User } from './model.ts';
import { sendPaymentMails } from './fulfilment/payment-mail.ts';
import { orderView, visibleOrder } from './order-views.ts';
import { orderLines, orderParties } from './orders.ts';
import type { PayoutContext } from './payouts/context.ts';
import { cancelPayout, takeBackPayout } from './payouts/refund.ts';
import { mailStep, newPayout } from './payouts/release.ts';

/** what a cancel needs: the payout terms are not among it */
export type OrderCancelContext = Omit<PayoutContext, 'feePercent' | 'holdDays'>;

/** the provider would not give the money back: nothing here changed */
export class RefundRefusedError extends AppError {
  constructor(reference: string, reason: string) {
    super(502, 'refund_refused', `The payment provider refused to refund order ${reference}: ${reason} The order has not been changed.`);
  }
}

const isFinal = (order: Order) => order.status === 'canceled' || order.status === 'refunded';

/**
 * POST /api/orders/:reference/handed-over: the seller says the puppy went home. The seller's payout is
 * scheduled for the end of the buyer's window (issue 18), and the buyer is asked to confirm or report.
 */
export async function markHandedOver(ctx: PayoutContext, user: User, reference: string): Promise<OrderChangeResponse> {
  const { store } = ctx;
  const now = ctx.now();
  const { order, viewer } = await visibleOrder(store, user, reference);
  if (viewer !== 'seller') throw new ForbiddenError('Only the seller of this puppy can mark it as handed over.');
  const at = now.toISOString();
  // paid → handed over once; the puppy is adopted and the payout scheduled in the same transaction
  const updated = await store.transaction(async (tx) => {
    const moved = await tx.orders.transition(order.id, ['paid'], { status: 'handed_over', handedOverAt: at });
    if (!moved) return undefined;
    if (await tx.puppies.lock(order.puppyId)) await tx.puppies.update(order.puppyId, { status: 'adopted', updatedAt: at });
    return { order: moved, payout: await tx.payouts.createForOrder(newPayout(moved, now, ctx)) };
  });
  if (!updated) {
    const current = (await store.orders.get(order.id)) ?? order;
    if (current.status === 'handed_over') {
      return { order: await orderView(store, current, 'seller'), changed: false, message: `Order ${current.reference} was already marked as handed over.` };
    }
    if (current.status === 'pending') throw new ConflictError('The payment for this order is still being confirmed. Try again in a moment.', 'order_pending');
    throw new ConflictError(`Order ${current.reference} was cancelled, so its puppy cannot be handed over.`, 'order_canceled');
  }
  await mailStep(ctx, 'handed_over', updated.payout, updated.order);
  const name = (await store.puppies.get(order.puppyId))?.name ?? 'The puppy';
  return { order: await orderView(store, updated.order, 'seller'), changed: true, message: `${name} is marked as handed over to the new family.` };
}

/**
 * The claim that a cancel of this order is under way: in the event table, so it holds across
 * processes. Named for the minute it was made, so a claim left by a process that died mid-cancel
 * blocks the next cancel for a minute at most (the money is safe either way: the provider calls
 * carry idempotency keys).
 */
const cancelClaim = (reference: string, at: Date) => `cancel-order:${reference}:${Math.floor(at.getTime() / 60_000)}`;

/** POST /api/admin/orders/:reference/cancel: a full refund (or release of the hold), the puppy back on sale */
export async function cancelOrder(ctx: OrderCancelContext, reference: string): Promise<OrderChangeResponse> {
  const { store } = ctx;
  const found = await store.orders.findByReference(reference);
  if (!found) throw new NotFoundError('No order with this reference was found.');
  if (isFinal(found)) {
    return { order: await orderView(store, found, 'admin'), changed: false, message: `Order ${reference} was already cancelled. Nothing was changed.` };
  }
  const claim = cancelClaim(reference, ctx.now());
  if (!(await store.paymentEvents.claim(claim, 'admin.order_cancel', ctx.now()))) {
    throw new ConflictError(`Order ${reference} is being cancelled right now.`, 'order_cancel_in_progress');
  }
  try {
    // issue 18: the seller's payout is stopped, or taken back, before the buyer's money goes back
    await takeBackPayout(ctx, found);
    const outcome = await giveMoneyBack(ctx.provider, found);
    // The provider's own event for this release or refund may have been applied already (it can mark
    // the order canceled first): the order ends in the state that says where the money is.
    const at = ctx.now().toISOString();
    const status = outcome === 'released' ? 'canceled' : 'refunded';
    const order = await store.transaction(async (tx) => {
      const current = (await tx.orders.lock(found.id)) ?? found;
      const from = (['pending', 'paid', 'handed_over', 'canceled', 'refunded'] as const).filter((s) => s !== status);
      const updated = current.status === status ? current : ((await tx.orders.transition(current.id, from, { status, canceledAt: current.canceledAt ?? at })) ?? current);
      const puppy = await tx.puppies.lock(current.puppyId);
      if (puppy && puppy.status !== 'available' && !(await tx.orders.findLive(puppy.id))) await tx.puppies.update(puppy.id, { status: 'available', updatedAt: at });
      return updated;
    });
    await cancelPayout(ctx, order);
    const { puppy, buyer, seller } = await orderParties(store, order);
    // The refund is done and recorded; a mail outage must not undo it (failures are logged).
    await sendPaymentMails(ctx, cancellationMails(order, puppy, buyer, seller, outcome, ctx.siteUrl));
    const how = outcome === 'released' ? "the hold on the buyer's card was released" : 'the buyer was refunded in full';
    return { order: await orderView(store, order, 'admin'), changed: true, message: `Order ${reference} is cancelled: ${how}, and the puppy is available again.` };
  } finally {
    await store.paymentEvents.release(claim);
  }
}

/**
 * Releases an authorised payment or refunds a taken one. A capture that wins the race against the
 * release is refunded instead. An earlier refund of the same payment counts as done.
 */
async function giveMoneyBack(provider: PaymentProvider, order: Order): Promise<'released' | 'refunded'> {
  const id = order.paymentIntentId;
  try {
    let intent: PaymentIntentSnapshot = await provider.retrievePaymentIntent(id);
    if (intent.status !== 'succeeded' && intent.status !== 'canceled') {
      try {
        intent = await provider.cancelPaymentIntent(id, `cancel-order:${id}`);
      } catch (error) {
        intent = await provider.retrievePaymentIntent(id);
        if (intent.status !== 'succeeded' && intent.status !== 'canceled') throw error;
      }
    }
    if (intent.status === 'canceled') return 'released';
    try {
      await provider.refundPaymentIntent(id, `refund:${id}`);
    } catch (error) {
      if (!(error instanceof Error && /already been refunded|already_refunded/i.test(error.message))) throw error;
    }
    return 'refunded';
  } catch (error) {
    throw new RefundRefusedError(order.reference, error instanceof Error ? error.message : 'no reason was given.');
  }
}

export function cancellationMails(order: Order, puppy: Puppy | undefined, buyer: User | undefined, seller: User | undefined, outcome: 'released' | 'refunded', siteUrl: string): MailMessage[] {
  const name = puppy?.name ?? 'the puppy';
  const lines = orderLines(order, name);
  const money =
    outcome === 'released'
      ? 'The hold on your card has been released: you were not charged.'
      : 'The full amount has been refunded to your card. Refunds usually appear within 5 to 10 business days.';
  const mails: MailMessage[] = [];
  if (buyer) {
    mails.push({
      to: buyer.email,
      subject: `Your PuppyNest order ${order.reference} was cancelled`,
      text: `Hi ${buyer.username},\n\nYour order for ${name} has been cancelled by PuppyNest. ${money}\n\n${lines}\n\nYour orders: ${siteUrl}/my-orders\nQuestions? ${siteUrl}/contact\n`,
    });
  }
  if (seller) {
    mails.push({
      to: seller.email,
      subject: `Order ${order.reference} for ${name} was cancelled`,
      text: `Hi ${seller.username},\n\nThe order for ${name} has been cancelled by PuppyNest and the buyer's payment returned. ${name} is available again on PuppyNest.\n\n${lines}\n\nYour listings: ${siteUrl}/my-listings\n`,
    });
  }
  return mails;
}
