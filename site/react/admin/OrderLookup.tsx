// /admin: find any order by its reference and cancel it with a full refund (docs/product.md §6, §10; docs/decisions/0056). The
// reference is checked with the same schema the API uses; the server does the refund through the
// payment provider, puts the puppy back on sale and mails buyer and seller. A refund the provider
// refuses leaves the order as it was, and its message is shown here.
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { OrderReferenceSchema, PAYOUT_STATUS_LABELS, type OrderChangeResponse, type OrderView } from '#contracts/orders.ts';
import { ApiError, getJson, postJson } from '../../lib/api-client.ts';
import { formatCents } from '../../lib/format.ts';
import { toast } from '../../lib/toast.ts';
import { Field } from '../Field.tsx';
import { formatOrderDate, OrderStatus } from '../orders/OrderStatus.tsx';
import '../../styles/panel.css';
import './OrderLookup.css';

const CANCELABLE: ReadonlyArray<OrderView['status']> = ['pending', 'paid', 'handed_over'];

export function OrderLookup() {
  const [problem, setProblem] = useState<string | null>(null);
  const [order, setOrder] = useState<OrderView | null>(null);
  const [busy, setBusy] = useState<'find' | 'cancel' | null>(null);

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
    setBusy('find');
    try {
      setOrder(await getJson<OrderView>(`/api/orders/${parsed.output}`));
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'The order could not be loaded.');
    } finally {
      setBusy(null);
    }
  };

  const cancel = async (reference: string) => {
    setBusy('cancel');
    try {
      const answer = await postJson<OrderChangeResponse>(`/api/admin/orders/${reference}/cancel`);
      setOrder(answer.order);
      toast({ title: answer.changed ? 'Order Cancelled' : 'Nothing Changed', description: answer.message, variant: answer.changed ? 'success' : 'default' });
    } catch (error) {
      toast({ title: 'Refund Failed', description: error instanceof ApiError ? error.message : 'The order could not be cancelled.', variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="panel admin-card order-lookup" aria-labelledby="order-lookup-title">
      <h2 id="order-lookup-title">Find an Order</h2>
      <form onSubmit={find} noValidate aria-label="Find an order">
        <Field label="Order reference" error={problem ?? undefined} alert>
          {(control) => <input {...control} name="reference" placeholder="PN-20260601-1A2B3C4D" autoComplete="off" />}
        </Field>
        <button type="submit" disabled={busy !== null} aria-busy={busy === 'find'}>
          Find order
        </button>
      </form>
      {order && (
        <div aria-live="polite">
          <dl>
            <dt>Reference</dt>
            <dd>
              <strong>{order.reference}</strong>
            </dd>
            <dt>Status</dt>
            <dd>
              <OrderStatus status={order.status} />
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
                <dd>
                  {PAYOUT_STATUS_LABELS[order.payout.status]}
                  {order.payout.amountCents !== null && ` · ${formatCents(order.payout.amountCents)}`}
                </dd>
              </>
            )}
          </dl>
          {order.payout?.status === 'paid' && CANCELABLE.includes(order.status) && (
            <p>The seller has been paid for this order: a cancel takes the payout back from the seller before the buyer is refunded.</p>
          )}
          {CANCELABLE.includes(order.status) && (
            <button type="button" className="contrast" onClick={() => cancel(order.reference)} disabled={busy !== null} aria-busy={busy === 'cancel'}>
              Cancel order and refund {formatCents(order.totalCents)}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
