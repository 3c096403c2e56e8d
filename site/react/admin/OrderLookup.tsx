// /admin: find any order by its reference and cancel it with a full refund (docs/product.md §6, §10;
// docs/decisions/0056, 0101). The reference is checked with the same schema the API uses. The cancel asks
// first, saying what it moves and asking why (CancelOrderDialog); the server stops or takes back the
// seller's payout, refunds through the payment provider, puts the puppy back on sale and mails both sides
// the reason. A refund the provider refuses or does not answer leaves the order "Refund pending", its
// reason shown as an alert until an admin settles it (docs/product.md §10).
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import {
  DISPUTE_STATUS_LABELS,
  LIVE_ORDER_STATUSES,
  OrderReferenceSchema,
  PAYOUT_STATUS_LABELS,
  type OrderChangeResponse,
  type OrderPayoutView,
  type OrderView,
  type PayoutHoldReason,
} from '#contracts/orders.ts';
import { ApiError, getJson } from '../../lib/api-client.ts';
import { formatCents } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { Field } from '../Field.tsx';
import { formatOrderDate, OrderStatus } from '../orders/OrderStatus.tsx';
import { CancelOrderDialog, cancelLabel } from './CancelOrderDialog.tsx';
import '../../styles/panel.css';
import './OrderLookup.css';

const HOLD_REASONS: Readonly<Record<PayoutHoldReason, string>> = {
  problem: 'the buyer reported a problem',
  dispute: 'the payment is disputed',
  suspended: 'the seller is suspended',
};

function payoutLine(payout: OrderPayoutView): string {
  const held = payout.status === 'held' && payout.holdReason ? ` (${HOLD_REASONS[payout.holdReason]})` : '';
  const amount = payout.amountCents === null ? '' : ` · ${formatCents(payout.amountCents)}`;
  return `${PAYOUT_STATUS_LABELS[payout.status]}${held}${amount}`;
}

export function OrderLookup() {
  const [problem, setProblem] = useState<string | null>(null);
  const [order, setOrder] = useState<OrderView | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const find = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = new FormData(event.currentTarget).get('reference');
    const parsed = v.safeParse(OrderReferenceSchema, typed);
    setOrder(null);
    if (!parsed.success) {
      setProblem(parsed.issues[0].message);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      setOrder(await getJson<OrderView>(`/api/orders/${parsed.output}`));
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'The order could not be loaded.');
    } finally {
      setBusy(false);
    }
  };

  const cancelled = (answer: OrderChangeResponse) => {
    setConfirming(false);
    setOrder(answer.order);
    // a cancel whose refund the provider refused or has not answered still cancels: its refund is pending
    const pending = answer.order.status === 'refunding';
    toast({
      title: !answer.changed ? 'Nothing Changed' : pending ? 'Refund Pending' : 'Order Cancelled',
      description: answer.message,
      variant: answer.changed && !pending ? 'success' : 'default',
    });
  };

  const failed = async (reference: string, error: unknown) => {
    setConfirming(false);
    toast({
      title: 'Refund Failed',
      description: error instanceof ApiError ? error.message : 'The order could not be cancelled.',
      variant: 'destructive',
    });
    // a refused refund leaves the order waiting, with the provider's reason on it
    try {
      setOrder(await getJson<OrderView>(`/api/orders/${reference}`));
    } catch {
      // the toast already said what went wrong; the order as shown stays
    }
  };

  return (
    <section className="panel admin-card order-lookup" aria-labelledby="order-lookup-title">
      <h2 id="order-lookup-title">Find an Order</h2>
      <form className="order-find" onSubmit={find} noValidate aria-label="Find an order">
        <Field label="Order reference" error={problem ?? undefined} alert>
          {(control) => <input {...control} name="reference" placeholder="PN-20260601-1A2B3C4D" autoComplete="off" />}
        </Field>
        <button type="submit" disabled={busy || confirming} aria-busy={busy}>
          Find order
        </button>
      </form>
      {order && (
        <div aria-live="polite">
          {order.refundError && order.status === 'refunding' && (
            <p className="order-lookup-alert" role="alert">
              <strong>The refund is pending:</strong> {order.refundError}
            </p>
          )}
          <dl>
            <dt>Reference</dt>
            <dd>
              <strong>{order.reference}</strong>
            </dd>
            <dt>Status</dt>
            <dd>
              <OrderStatus order={order} />
            </dd>
            <dt>Date</dt>
            <dd>{formatOrderDate(order.createdAt)}</dd>
            <dt>Puppy</dt>
            <dd>{order.puppy ? <a href={`/puppies/${order.puppy.id}`}>{order.puppy.name}</a> : 'No longer listed'}</dd>
            <dt>Total</dt>
            <dd>{formatCents(order.totalCents)}</dd>
            <dt>Buyer</dt>
            <dd>{order.buyer ? `${order.buyer.name} (${order.buyer.email})` : 'Unknown'}</dd>
            <dt>Seller</dt>
            <dd>{order.seller ? `${order.seller.name} (${order.seller.email})` : 'Unknown'}</dd>
            {order.payout && (
              <>
                <dt>Seller payout</dt>
                <dd>{payoutLine(order.payout)}</dd>
              </>
            )}
            {order.dispute && (
              <>
                <dt>Dispute</dt>
                <dd>
                  <span className={`dispute-badge dispute-badge-${order.dispute.status}`}>
                    {DISPUTE_STATUS_LABELS[order.dispute.status]}
                  </span>{' '}
                  · {formatCents(order.dispute.amountCents)}
                </dd>
              </>
            )}
            {order.refundError && order.status !== 'refunding' && (
              <>
                <dt>Refund</dt>
                <dd>{order.refundError}</dd>
              </>
            )}
            {order.cancelReason && (
              <>
                <dt>Cancel reason</dt>
                <dd className="order-lookup-reason">{order.cancelReason}</dd>
              </>
            )}
          </dl>
          {order.payout?.status === 'paid' && LIVE_ORDER_STATUSES.includes(order.status) && (
            <p>
              The seller has been paid for this order: a cancel takes the payout back from the seller before the buyer
              is refunded.
            </p>
          )}
          {LIVE_ORDER_STATUSES.includes(order.status) && order.dispute?.status === 'open' && (
            <p>
              The buyer&apos;s bank is deciding a dispute of this payment: the order cannot be cancelled and refunded
              until the dispute closes.
            </p>
          )}
          {LIVE_ORDER_STATUSES.includes(order.status) && order.dispute?.status !== 'open' && (
            <>
              <button type="button" className="contrast" onClick={() => setConfirming(true)} disabled={busy}>
                {cancelLabel(order.totalCents)}
              </button>
              <CancelOrderDialog
                target={order}
                open={confirming}
                onClose={() => setConfirming(false)}
                onDone={cancelled}
                onFailed={(error) => void failed(order.reference, error)}
              />
            </>
          )}
        </div>
      )}
    </section>
  );
}
