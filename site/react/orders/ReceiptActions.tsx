// The buyer's two answers once a puppy is handed over, on My Orders (docs/product.md §10 "Seller payouts";
// docs/decisions/0101). "Confirm receipt" pays the seller at once and ends the buyer's window to report a
// problem, so it asks first and says so. "Report a problem" opens a short form (the API's own
// ReportProblemSchema checks it) that holds the seller's payout until PuppyNest's team decides. The two
// answers exclude each other: while one is open the other cannot be started. Either way the answer's
// message is toasted and the page puts the order the API sent back in its list. Before the island runs
// (and without scripts) the two answers are plain forms instead (OrderForms.tsx, decision 0125).
import { useId, useState, type FormEvent } from 'react';
import type { OrderFormOutcome } from '#contracts/order-forms.ts';
import type { OrderChangeResponse, OrderView } from '#contracts/orders.ts';
import { ReportProblemSchema, type ReportProblemInput } from '#contracts/payouts.ts';
import { ApiError, postJson } from '../../lib/api-client.ts';
import { useSchemaForm } from '../../lib/forms.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { toast } from '../../lib/toast.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { Field } from '../Field.tsx';
import { ReceiptForms } from './OrderForms.tsx';
import '../../styles/form-actions.css';
import './ReceiptActions.css';

interface Props {
  order: OrderView;
  /** the order as the API answered after changing it */
  onChanged: (order: OrderView) => void;
  /** the page of My Orders, and what the last form post on this order did: for the plain forms */
  page?: number;
  outcome?: OrderFormOutcome | null;
}

export function ReceiptActions({ order, onChanged, page = 1, outcome = null }: Props) {
  if (!useHydrated()) return <ReceiptForms order={order} page={page} outcome={outcome} />;
  return <LiveReceiptActions order={order} onChanged={onChanged} />;
}

function LiveReceiptActions({ order, onChanged }: Props) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const formId = useId();
  const name = order.puppy?.name ?? 'your puppy';

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await postJson<OrderChangeResponse>(`/api/orders/${order.reference}/confirm-receipt`);
      setConfirming(false);
      toast({
        title: answer.changed ? 'Receipt Confirmed' : 'Nothing Changed',
        description: answer.message,
        variant: answer.changed ? 'success' : 'default',
      });
      onChanged(answer.order);
    } catch (error) {
      setConfirming(false);
      toast({
        title: 'Error',
        description:
          error instanceof ApiError ? error.message : 'Your confirmation could not be sent. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="receipt-actions">
      <div className="form-actions">
        <button
          type="button"
          onClick={() => setConfirming(true)}
          disabled={busy || reporting}
          aria-busy={busy || undefined}
        >
          Confirm receipt
        </button>
        <button
          type="button"
          className="secondary outline"
          aria-expanded={reporting}
          aria-controls={formId}
          disabled={busy || confirming}
          onClick={() => setReporting((open) => !open)}
        >
          Report a problem
        </button>
      </div>
      {reporting && <p className="hint">Close the report to confirm receipt instead.</p>}
      <div id={formId} hidden={!reporting}>
        {reporting && (
          <ProblemForm reference={order.reference} onSent={onChanged} onCancel={() => setReporting(false)} />
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Confirm receipt"
        message={`Confirm that ${name} arrived? The seller is paid at once and you can no longer report a problem.`}
        confirmLabel="Confirm receipt"
        keepLabel="Not yet"
        busy={busy}
        onSubmit={confirm}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}

function ProblemForm({
  reference,
  onSent,
  onCancel,
}: {
  reference: string;
  onSent: (order: OrderView) => void;
  onCancel: () => void;
}) {
  const { register, handleSubmit, setError, formState } = useSchemaForm(ReportProblemSchema, { problem: '' });
  const { errors, isSubmitting } = formState;
  const send = async (values: ReportProblemInput) => {
    try {
      const answer = await postJson<OrderChangeResponse>(`/api/orders/${reference}/report-problem`, values);
      toast({
        title: answer.changed ? 'Problem Reported' : 'Nothing Changed',
        description: answer.message,
        variant: answer.changed ? 'success' : 'default',
      });
      onSent(answer.order);
    } catch (error) {
      const field = error instanceof ApiError ? error.fields['problem'] : undefined;
      if (field) setError('problem', { message: field });
      else
        toast({
          title: 'Error',
          description: error instanceof ApiError ? error.message : 'Your report could not be sent. Please try again.',
          variant: 'destructive',
        });
    }
  };
  return (
    <form
      className="problem-form"
      onSubmit={handleSubmit(send)}
      noValidate
      aria-label={`Report a problem with order ${reference}`}
    >
      <Field
        label="What went wrong?"
        hint="Our team reads it and contacts you and the seller. The seller is not paid until we decide."
        error={errors.problem?.message}
      >
        {(control) => <textarea rows={3} autoFocus {...control} {...register('problem')} />}
      </Field>
      <div className="form-actions">
        <button type="submit" className="contrast" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          Send report
        </button>
        <button type="button" className="secondary outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
