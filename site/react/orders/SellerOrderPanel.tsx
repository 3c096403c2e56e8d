// The order on a reserved or sold listing, as its seller sees it on My Listings (docs/decisions/0056):
// reference, date, the buyer's name and email, and "Mark handed over" once the payment is in, which
// makes the order handed over and the puppy adopted.
import { useState } from 'react';
import type { OrderChangeResponse, OrderView } from '#contracts/orders.ts';
import { ApiError, postJson } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { formatOrderDate, OrderStatus } from './OrderStatus.tsx';
import './SellerOrderPanel.css';

interface Props {
  order: OrderView;
  puppyName: string;
  /** called after the server changed the order, so the page reloads its listings and orders */
  onChanged: () => void;
}

export function SellerOrderPanel({ order, puppyName, onChanged }: Props) {
  const [busy, setBusy] = useState(false);
  const handOver = async () => {
    setBusy(true);
    try {
      const answer = await postJson<OrderChangeResponse>(`/api/orders/${order.reference}/handed-over`);
      toast({ title: 'Handed Over', description: answer.message, variant: 'success' });
      onChanged();
    } catch (error) {
      toast({ title: 'Error', description: error instanceof ApiError ? error.message : 'Could not mark the puppy as handed over.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="order-panel" aria-label={`Order for ${puppyName}`}>
      <p className="order-meta">
        <span>
          Order <strong>{order.reference}</strong>
        </span>
        <span>{formatOrderDate(order.createdAt)}</span>
        <OrderStatus status={order.status} />
      </p>
      {order.buyer && (
        <p>
          Buyer: {order.buyer.name} · <a href={`mailto:${order.buyer.email}?subject=${encodeURIComponent(`Order ${order.reference}: ${puppyName}`)}`}>{order.buyer.email}</a>
        </p>
      )}
      {order.status === 'paid' && (
        <button type="button" className="secondary" onClick={handOver} disabled={busy} aria-busy={busy}>
          Mark handed over
        </button>
      )}
    </section>
  );
}
