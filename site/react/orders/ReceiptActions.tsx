// The buyer's two answers once a puppy is handed over (issue 18), on My Orders: "Confirm receipt" pays the
// seller now; "Report a problem" opens a short form (the API's own ReportProblemSchema checks it) and
// holds the seller's payout until PuppyNest's team decides. Either way the answer's message is toasted
// and the page reloads its orders.
import { useId, useState } from 'react';
import type { OrderChangeResponse, OrderView } from '#contracts/orders.ts';
import { ReportProblemSchema, type ReportProblemInput } from '#contracts/payouts.ts';
import { ApiError, postJson } from '../../lib/api-client.ts';
import { useSchemaForm } from '../../lib/forms.ts';
import { toast } from '../../lib/toast.ts';
import { Field } from '../Field.tsx';
import '../../styles/form-actions.css';
import './ReceiptActions.css';

interface Props {
  order: OrderView;
  /** called after the server changed the order, so the page reloads its orders */
  onChanged: () => void;
}

export function ReceiptActions({ order, onChanged }: Props) {
  const [busy, setBusy] = useState(false);
  const [reporting, setReporting] = useState(false);
  const formId = useId();

  const confirm = async () => {
    setBusy(true);
    try {
      const answer = await postJson<OrderChangeResponse>(`/api/orders/${order.reference}/confirm-receipt`);
      toast({ title: answer.changed ? 'Receipt Confirmed' : 'Nothing Changed', description: answer.message, variant: answer.changed ? 'success' : 'default' });
      onChanged();
    } catch (error) {
      toast({ title: 'Error', description: error instanceof ApiError ? error.message : 'Your confirmation could not be sent. Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="receipt-actions">
      <div className="form-actions">
        <button type="button" onClick={confirm} disabled={busy} aria-busy={busy || undefined}>
          Confirm receipt
        </button>
        <button type="button" className="secondary outline" aria-expanded={reporting} aria-controls={formId} onClick={() => setReporting((open) => !open)}>
          Report a problem
        </button>
      </div>
      <div id={formId} hidden={!reporting}>
        {reporting && <ProblemForm reference={order.reference} onSent={onChanged} onCancel={() => setReporting(false)} />}
      </div>
    </div>
  );
}

function ProblemForm({ reference, onSent, onCancel }: { reference: string; onSent: () => void; onCancel: () => void }) {
  const { register, handleSubmit, setError, formState } = useSchemaForm(ReportProblemSchema, { problem: '' });
  const { errors, isSubmitting } = formState;
  const send = async (values: ReportProblemInput) => {
    try {
      const answer = await postJson<OrderChangeResponse>(`/api/orders/${reference}/report-problem`, values);
      toast({ title: answer.changed ? 'Problem Reported' : 'Nothing Changed', description: answer.message, variant: answer.changed ? 'success' : 'default' });
      onSent();
    } catch (error) {
      const field = error instanceof ApiError ? error.fields['problem'] : undefined;
      if (field) setError('problem', { message: field });
      else toast({ title: 'Error', description: error instanceof ApiError ? error.message : 'Your report could not be sent. Please try again.', variant: 'destructive' });
    }
  };
  return (
    <form className="problem-form" onSubmit={handleSubmit(send)} noValidate aria-label={`Report a problem with order ${reference}`}>
      <Field label="What went wrong?" hint="Our team reads it and contacts you and the seller. The seller is not paid until we decide." error={errors.problem?.message}>
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
