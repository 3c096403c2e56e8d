// /admin (issue 18): the payouts an admin must decide. A buyer who reported a problem holds the seller's
// share: the admin reads the problem, talks to both and either releases the share to the seller or
// refunds the buyer (the order's cancel, which reverses a transfer already made). A refund whose reversal
// the seller's balance could not cover waits here too, with the provider's reason, until it is retried.
import { useId, useState } from 'react';
import type { OrderChangeResponse, OrderParty } from '#contracts/orders.ts';
import type { AdminPayoutsResponse, AdminPayoutView } from '#contracts/payouts.ts';
import { ApiError, postJson } from '../../lib/api-client.ts';
import { formatCents } from '../../lib/format.ts';
import { useApi } from '../../lib/swr.ts';
import { toast } from '../../lib/toast.ts';
import { formatOrderDate } from '../orders/OrderStatus.tsx';
import '../../styles/panel.css';
import './HeldPayouts.css';

export function HeldPayouts() {
  const { data, error, mutate } = useApi<AdminPayoutsResponse>('/api/admin/payouts');
  return (
    <section className="panel admin-card held-payouts" aria-labelledby="held-payouts-title">
      <h2 id="held-payouts-title">Held Payouts</h2>
      {error ? (
        <p role="alert">Could not load the held payouts: {error instanceof Error ? error.message : 'unknown error'}</p>
      ) : !data ? (
        <p aria-busy="true">Loading…</p>
      ) : data.payouts.length === 0 ? (
        <p>No payouts are waiting for a decision.</p>
      ) : (
        <ul className="held-payout-list">
          {data.payouts.map((payout) => (
            <HeldPayout key={payout.reference} payout={payout} onChanged={() => void mutate()} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Party({ party }: { party: OrderParty | null }) {
  if (!party) return <>Unknown</>;
  return (
    <>
      {party.name} · <a href={`mailto:${party.email}`}>{party.email}</a>
    </>
  );
}

function HeldPayout({ payout, onChanged }: { payout: AdminPayoutView; onChanged: () => void }) {
  const [busy, setBusy] = useState<'release' | 'refund' | null>(null);
  const headingId = useId();

  const act = async (action: 'release' | 'refund') => {
    setBusy(action);
    try {
      const path = action === 'release' ? `/api/admin/payouts/${payout.reference}/release` : `/api/admin/orders/${payout.reference}/cancel`;
      const answer = await postJson<OrderChangeResponse>(path);
      const title = !answer.changed ? 'Nothing Changed' : action === 'release' ? 'Payout Released' : 'Buyer Refunded';
      toast({ title, description: answer.message, variant: answer.changed ? 'success' : 'default' });
      onChanged();
    } catch (error) {
      // a 409 balance_insufficient: the transfer could not be reversed, the refund waits (its message says so)
      const fallback = action === 'release' ? 'The payout could not be released.' : 'The buyer could not be refunded.';
      toast({ title: action === 'release' ? 'Release Failed' : 'Refund Failed', description: error instanceof ApiError ? error.message : fallback, variant: 'destructive' });
      onChanged();
    } finally {
      setBusy(null);
    }
  };

  return (
    <li className="panel held-payout">
      <h3 id={headingId}>
        {payout.reference} · {payout.puppyName}
      </h3>
      {payout.lastError && (
        <p className="held-payout-error">
          <strong>{payout.status === 'paid' ? 'The transfer could not be reversed:' : 'The last attempt failed:'}</strong> {payout.lastError}
        </p>
      )}
      <dl>
        <dt>Buyer</dt>
        <dd>
          <Party party={payout.buyer} />
        </dd>
        <dt>Seller</dt>
        <dd>
          <Party party={payout.seller} />
        </dd>
        <dt>Seller&apos;s share</dt>
        <dd>
          {formatCents(payout.amountCents)} <span className="held-payout-total">of {formatCents(payout.totalCents)} paid</span>
        </dd>
        <dt>Problem</dt>
        <dd className="held-payout-problem">{payout.problem ?? 'None reported'}</dd>
        {payout.heldAt && (
          <>
            <dt>Reported</dt>
            <dd>{formatOrderDate(payout.heldAt)}</dd>
          </>
        )}
      </dl>
      <div className="admin-actions">
        {payout.status === 'held' && (
          <button type="button" aria-describedby={headingId} onClick={() => act('release')} disabled={busy !== null} aria-busy={busy === 'release' || undefined}>
            Release to seller
          </button>
        )}
        <button type="button" className="contrast" aria-describedby={headingId} onClick={() => act('refund')} disabled={busy !== null} aria-busy={busy === 'refund' || undefined}>
          Refund buyer
        </button>
      </div>
    </li>
  );
}
