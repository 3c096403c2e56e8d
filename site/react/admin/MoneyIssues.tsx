// /admin "Disputes and pending refunds" (docs/decisions/0107): the orders whose payment the buyer's bank
// disputes, with the dispute and the seller's payout, and the refunds that wait for an admin (the
// provider refused or has not answered). A pending refund has two ways out, each asked first with the
// amount: ask the provider again, or record that the buyer was refunded by other means (with a note, checked
// with the API's own RefundedElsewhereSchema). The server allows the second only once the seller's payout
// is stopped or taken back; its refusal is shown as a toast.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import {
  DISPUTE_STATUS_LABELS,
  PAYOUT_STATUS_LABELS,
  RefundedElsewhereSchema,
  type OrderChangeResponse,
  type PayoutStatus,
} from '#contracts/orders.ts';
import type { AdminMoneyIssue, AdminMoneyIssuesResponse } from '#contracts/payouts.ts';
import { ApiError, postJson } from '../../lib/api-client.ts';
import { formatCents } from '../../lib/format.ts';
import { useSchemaForm } from '../../lib/forms.ts';
import { useApi } from '../../lib/swr.ts';
import { toast } from '../../lib/toast.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { Field, RequiredNote } from '../Field.tsx';
import '../../styles/panel.css';
import './MoneyIssues.css';

const PATH = '/api/admin/disputes';

const payoutLabel = (status: PayoutStatus | null) => (status ? PAYOUT_STATUS_LABELS[status] : 'None yet');

export function MoneyIssues() {
  const { data, error, mutate } = useApi<AdminMoneyIssuesResponse>(PATH);
  const { mutate: refresh } = useSWRConfig();
  const titleId = useId();
  const disputesId = useId();
  const refundsId = useId();
  // a refund settled here also changes the held payouts card
  const changed = () => {
    void mutate();
    void refresh('/api/admin/payouts');
  };

  return (
    <section className="panel admin-card money-issues" aria-labelledby={titleId}>
      <h2 id={titleId}>Disputes and pending refunds</h2>
      {error && !data ? (
        <p role="alert">
          Could not load the disputes and pending refunds: {error instanceof Error ? error.message : 'unknown error'}
        </p>
      ) : !data ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <>
          <h3 id={disputesId}>Disputes</h3>
          {data.disputes.length === 0 ? (
            <p>No disputes.</p>
          ) : (
            <ul className="money-issue-list" aria-labelledby={disputesId}>
              {data.disputes.map((issue) => (
                <Dispute key={issue.reference} issue={issue} />
              ))}
            </ul>
          )}
          <h3 id={refundsId}>Refunds pending</h3>
          {data.refunds.length === 0 ? (
            <p>No refunds pending.</p>
          ) : (
            <ul className="money-issue-list" aria-labelledby={refundsId}>
              {data.refunds.map((issue) => (
                <PendingRefund key={issue.reference} issue={issue} onChanged={changed} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function Dispute({ issue }: { issue: AdminMoneyIssue }) {
  return (
    <li className="panel money-issue">
      <h4>
        {issue.reference} · {issue.puppyName}
      </h4>
      <dl>
        <dt>Amount</dt>
        <dd>{formatCents(issue.dispute?.amountCents ?? issue.totalCents)}</dd>
        <dt>Dispute</dt>
        <dd>{issue.dispute ? DISPUTE_STATUS_LABELS[issue.dispute.status] : 'None'}</dd>
        <dt>Payout</dt>
        <dd>{payoutLabel(issue.payoutStatus)}</dd>
      </dl>
    </li>
  );
}

function PendingRefund({ issue, onChanged }: { issue: AdminMoneyIssue; onChanged: () => void }) {
  const [asking, setAsking] = useState<'retry' | 'elsewhere' | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = useId();

  const done = (answer: OrderChangeResponse) => {
    setAsking(null);
    const pending = answer.order.status === 'refunding';
    toast({
      title: pending ? 'Refund Pending' : 'Buyer Refunded',
      description: answer.message,
      variant: pending ? 'default' : 'success',
    });
    onChanged();
  };

  const failed = (error: unknown) => {
    setAsking(null);
    toast({
      title: 'Refund Failed',
      description: error instanceof ApiError ? error.message : 'The refund could not be settled.',
      variant: 'destructive',
    });
    onChanged();
  };

  const retry = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      done(await postJson<OrderChangeResponse>(`/api/admin/orders/${issue.reference}/retry-refund`));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="panel money-issue">
      <h4 id={headingId}>
        {issue.reference} · {issue.puppyName}
      </h4>
      {issue.refundError && (
        <p className="money-issue-error">
          <strong>The refund was not made:</strong> {issue.refundError}
        </p>
      )}
      <dl>
        <dt>Total</dt>
        <dd>{formatCents(issue.totalCents)}</dd>
        <dt>Payout</dt>
        <dd>{payoutLabel(issue.payoutStatus)}</dd>
      </dl>
      <div className="admin-actions">
        <button type="button" aria-describedby={headingId} onClick={() => setAsking('retry')} disabled={busy}>
          Retry refund
        </button>
        <button
          type="button"
          className="secondary"
          aria-describedby={headingId}
          onClick={() => setAsking('elsewhere')}
          disabled={busy}
        >
          Refunded by other means
        </button>
      </div>
      <ConfirmDialog
        open={asking === 'retry'}
        title={
          <>
            Retry the refund of order <span className="confirm-dialog-nowrap">{issue.reference}</span>
          </>
        }
        message={`Ask the payment provider again to refund ${formatCents(issue.totalCents)} for order ${issue.reference}?`}
        confirmLabel="Retry refund"
        keepLabel="Keep it pending"
        busy={busy}
        onSubmit={retry}
        onClose={() => setAsking(null)}
      />
      <RefundedElsewhereDialog
        issue={issue}
        open={asking === 'elsewhere'}
        onClose={() => setAsking(null)}
        onDone={done}
        onFailed={failed}
      />
    </li>
  );
}

interface ElsewhereProps {
  issue: AdminMoneyIssue;
  open: boolean;
  onClose: () => void;
  onDone: (answer: OrderChangeResponse) => void;
  onFailed: (error: unknown) => void;
}

function RefundedElsewhereDialog({ issue, open, onClose, onDone, onFailed }: ElsewhereProps) {
  const { register, handleSubmit, setError, reset, formState } = useSchemaForm(RefundedElsewhereSchema, { note: '' });
  const { errors, isSubmitting } = formState;
  // every opening starts empty
  useEffect(() => {
    if (open) reset({ note: '' });
  }, [open, reset]);

  const send = async (values: { note: string }) => {
    try {
      onDone(await postJson<OrderChangeResponse>(`/api/admin/orders/${issue.reference}/refunded-elsewhere`, values));
    } catch (error) {
      const refused = error instanceof ApiError ? error.fields['note'] : undefined;
      if (refused) setError('note', { message: refused });
      else onFailed(error);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title={
        <>
          Refunded by other means: order <span className="confirm-dialog-nowrap">{issue.reference}</span>
        </>
      }
      message={`Record that the buyer got ${formatCents(issue.totalCents)} back for order ${issue.reference} outside the payment provider? The provider is not asked again, and the order is closed as refunded.`}
      confirmLabel="Refunded by other means"
      keepLabel="Keep it pending"
      busy={isSubmitting}
      onSubmit={(event: FormEvent<HTMLFormElement>) => void handleSubmit(send)(event)}
      onClose={onClose}
    >
      <RequiredNote />
      <Field label="How was the buyer refunded?" required error={errors.note?.message}>
        {(control) => <textarea rows={3} maxLength={500} {...control} {...register('note')} />}
      </Field>
    </ConfirmDialog>
  );
}
