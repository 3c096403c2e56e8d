// The order on a reserved or sold listing, as its seller sees it on My Listings (docs/decisions/0056):
// reference, date, the buyer's name and email, and "Mark handed over" once the payment is in, which
// makes the order handed over, the puppy adopted, and starts the buyer's window before the seller's
// share is released (docs/decisions/0101). That starts money moving, so it asks first, naming the days
// and the share: both come from /api/earnings, the one place the API states them before the handover.
import { useState, type FormEvent } from 'react';
import type { OrderChangeResponse, OrderView } from '#contracts/orders.ts';
import type { EarningsResponse } from '#contracts/payouts.ts';
import { ApiError, postJson } from '../../lib/api-client.ts';
import { formatCents } from '../../lib/format.ts';
import { useApi } from '../../lib/swr.ts';
import { toast } from '../../lib/toast.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { formatOrderDate, OrderStatus } from './OrderStatus.tsx';
import './SellerOrderPanel.css';

interface Props {
  order: OrderView;
  puppyName: string;
  /** the order as the API answered after changing it, so the page shows it and reloads its listings */
  onChanged: (order: OrderView) => void;
}

/** what the handover starts: the buyer's window, then the seller's share */
function handoverMessage(puppyName: string, order: OrderView, earnings: EarningsResponse | undefined): string {
  const row = earnings?.rows.find((candidate) => candidate.reference === order.reference);
  const share = row
    ? `your share of ${formatCents(row.amountCents)}`
    : `your share of ${puppyName}'s price of ${formatCents(order.puppyPriceCents)}`;
  const days = earnings?.holdDays;
  if (days === 0)
    return `Mark ${puppyName} as handed over? The buyer can then no longer report a problem, and ${share} is released to you at once.`;
  const window = days === undefined ? 'a few days' : `${days} ${days === 1 ? 'day' : 'days'}`;
  return `Mark ${puppyName} as handed over? The buyer then has ${window} to report a problem; after that ${share} is released to you.`;
}

export function SellerOrderPanel({ order, puppyName, onChanged }: Props) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // asked only for an order that can be handed over; one request for every such panel on the page
  const earnings = useApi<EarningsResponse>(order.status === 'paid' ? '/api/earnings' : null);

  const handOver = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await postJson<OrderChangeResponse>(`/api/orders/${order.reference}/handed-over`);
      setConfirming(false);
      toast({ title: 'Handed Over', description: answer.message, variant: 'success' });
      onChanged(answer.order);
    } catch (error) {
      setConfirming(false);
      toast({
        title: 'Error',
        description: error instanceof ApiError ? error.message : 'Could not mark the puppy as handed over.',
        variant: 'destructive',
      });
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
        <OrderStatus order={order} />
      </p>
      {order.buyer && (
        <p>
          Buyer: {order.buyer.name} ·{' '}
          <a
            href={`mailto:${order.buyer.email}?subject=${encodeURIComponent(`Order ${order.reference}: ${puppyName}`)}`}
          >
            {order.buyer.email}
          </a>
        </p>
      )}
      {order.status === 'paid' && (
        <>
          <button
            type="button"
            className="secondary"
            onClick={() => setConfirming(true)}
            disabled={busy}
            aria-busy={busy}
          >
            Mark handed over
          </button>
          <ConfirmDialog
            open={confirming}
            title="Mark handed over"
            message={handoverMessage(puppyName, order, earnings.data)}
            confirmLabel="Mark handed over"
            keepLabel="Not yet"
            busy={busy}
            onSubmit={handOver}
            onClose={() => setConfirming(false)}
          />
        </>
      )}
    </section>
  );
}
