// /admin: the payouts an admin must decide (docs/decisions/0101). A buyer who reported a problem holds the
// seller's share: the admin reads the problem, talks to both and either releases the share to the seller
// or refunds the buyer (the order's cancel, which reverses a transfer already made). Both move money, so
// both ask first with the amount; the refund also asks why, as every admin cancel does
// (CancelOrderDialog). A refund whose reversal the seller's balance could not cover waits here too, with
// the provider's reason, until it is retried; so does a transfer the provider refused, which the admin
// can send again (decision 0107).
import { useId, useState, type FormEvent } from 'react';
import type { OrderChangeResponse, OrderParty } from '#contracts/orders.ts';
import { PAYOUT_HOLD_REASON_LABELS, type AdminPayoutsResponse, type AdminPayoutView } from '#contracts/payouts.ts';
import { ApiError, postJson } from '../../lib/api-client.ts';
import { formatCents } from '../../lib/format.ts';
import { useApi } from '../../lib/swr.ts';
import { toast } from '../../lib/toast.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { formatOrderDate } from '../orders/OrderStatus.tsx';
import { CancelOrderDialog } from './CancelOrderDialog.tsx';
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
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<'release' | 'resend' | 'refund' | null>(null);
  const headingId = useId();
  const seller = payout.seller?.name ?? 'the seller';
  const disputed = payout.dispute?.status === 'open';

  const done = (action: 'release' | 'resend' | 'refund', answer: OrderChangeResponse) => {
    setAsking(null);
    // a refund the provider refused or has not answered leaves the order refunding: said as pending
    const pending = answer.order.status === 'refunding';
    const title = !answer.changed
      ? 'Nothing Changed'
      : action === 'release'
        ? 'Payout Released'
        : action === 'resend'
          ? 'Payout Sent'
          : pending
            ? 'Refund Pending'
            : 'Buyer Refunded';
    toast({ title, description: answer.message, variant: answer.changed && !pending ? 'success' : 'default' });
    onChanged();
  };

  const failed = (action: 'release' | 'resend' | 'refund', error: unknown) => {
    setAsking(null);
    const fallback = action === 'refund' ? 'The buyer could not be refunded.' : 'The payout could not be sent.';
    toast({
      title: action === 'refund' ? 'Refund Failed' : 'Payout Failed',
      description: error instanceof ApiError ? error.message : fallback,
      variant: 'destructive',
    });
    onChanged();
  };

  /** release a held payout, or send again a transfer the provider refused */
  const send = (action: 'release' | 'resend') => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      done(
        action,
        await postJson<OrderChangeResponse>(
          `/api/admin/payouts/${payout.reference}/${action === 'release' ? 'release' : 'retry'}`,
        ),
      );
    } catch (error) {
      failed(action, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="panel held-payout">
      <h3 id={headingId}>
        {payout.reference} · {payout.puppyName}
      </h3>
      {payout.lastError && (
        <p className="held-payout-error">
          <strong>
            {payout.status === 'paid' ? 'The transfer could not be reversed:' : 'The last attempt failed:'}
          </strong>{' '}
          {payout.lastError}
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
          {formatCents(payout.amountCents)}{' '}
          <span className="held-payout-total">of {formatCents(payout.totalCents)} paid</span>
        </dd>
        {payout.holdReason && (
          <>
            <dt>Held because</dt>
            <dd>{PAYOUT_HOLD_REASON_LABELS[payout.holdReason]}</dd>
          </>
        )}
        {(payout.holdReason === 'problem' || payout.problem) && (
          <>
            <dt>Problem</dt>
            <dd className="held-payout-problem">{payout.problem ?? 'None reported'}</dd>
          </>
        )}
        {payout.heldAt && (
          <>
            <dt>{payout.holdReason === 'problem' ? 'Reported' : 'Held since'}</dt>
            <dd>{formatOrderDate(payout.heldAt)}</dd>
          </>
        )}
      </dl>
      {disputed ? (
        // the bank decides: a release or a refund now would be refused (decision 0107)
        <p className="held-payout-note">
          The bank decides this dispute. The payout stays held until it closes: released if it is won, stopped if it is
          lost.
        </p>
      ) : (
        <div className="admin-actions">
          {payout.status === 'held' && (
            <button type="button" aria-describedby={headingId} onClick={() => setAsking('release')} disabled={busy}>
              Release to seller
            </button>
          )}
          {payout.status === 'releasing' && (
            <button type="button" aria-describedby={headingId} onClick={() => setAsking('resend')} disabled={busy}>
              Send again
            </button>
          )}
          {payout.status !== 'reversing' && (
            <button
              type="button"
              className="contrast"
              aria-describedby={headingId}
              onClick={() => setAsking('refund')}
              disabled={busy}
            >
              Refund buyer
            </button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={asking === 'release'}
        title={
          <>
            Release the payout of order <span className="confirm-dialog-nowrap">{payout.reference}</span>
          </>
        }
        message={`Release ${formatCents(payout.amountCents)} to ${seller}? It is sent to their payout account now; a refund after this takes it back from the seller first.`}
        confirmLabel="Release to seller"
        keepLabel="Keep it held"
        busy={busy}
        onSubmit={send('release')}
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'resend'}
        title={
          <>
            Send the payout of order <span className="confirm-dialog-nowrap">{payout.reference}</span> again
          </>
        }
        message={`Send ${formatCents(payout.amountCents)} to ${seller} now? The payment provider refused it last time; it is asked once more with the same key, so it is never sent twice.`}
        confirmLabel="Send again"
        keepLabel="Not now"
        busy={busy}
        onSubmit={send('resend')}
        onClose={() => setAsking(null)}
      />
      <CancelOrderDialog
        target={{
          reference: payout.reference,
          totalCents: payout.totalCents,
          payout: { status: payout.status, amountCents: payout.amountCents },
        }}
        open={asking === 'refund'}
        onClose={() => setAsking(null)}
        onDone={(answer) => done('refund', answer)}
        onFailed={(error) => failed('refund', error)}
      />
    </li>
  );
}
