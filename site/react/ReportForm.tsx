// Report a listing, a message (docs/decisions/0092) or a review (decision 0119): a reason (required)
// and an optional comment, in a disclosure so it stays out of the way. A real form: before the island wakes up it
// posts to /api/reports and the API answers 303 back to this page; after, it posts JSON and keeps
// what was typed when the server refuses it.
import { useState, type FormEvent } from 'react';
import { REPORT_REASON_LABELS, REPORT_REASONS } from '#contracts/conversations.ts';
import { ApiError, postJson } from '../lib/api-client.ts';
import { typedBeforeHydration } from '../lib/forms.ts';
import { toast } from '../lib/toast.ts';
import { Field } from './Field.tsx';
import './ReportForm.css';

interface Props {
  /** what is reported: a listing, a message or a review */
  target: { puppyId: number } | { messageId: number } | { reviewId: number };
  /** the disclosure's text ("Report this listing") */
  summary: string;
  /** the page to come back to when the form is posted before the island wakes up */
  returnTo: string;
}

export function ReportForm({ target, summary, returnTo }: Props) {
  const [field, id] = Object.entries(target)[0] as ['puppyId' | 'messageId' | 'reviewId', number];
  const key = `${{ puppyId: 'listing', messageId: 'message', reviewId: 'review' }[field]}-${id}`;
  const formId = `report-${key}`;
  // what was chosen and typed in the server's form before this script woke up is kept
  const [typed] = useState(() => typedBeforeHydration(formId));
  const [reason, setReason] = useState(String(typed?.['reason'] ?? ''));
  const [comment, setComment] = useState(String(typed?.['comment'] ?? ''));
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason) {
      setError('Please choose a reason');
      return;
    }
    setSending(true);
    try {
      const answer = await postJson<{ message: string }>('/api/reports', { ...target, reason, comment });
      setSent(true);
      toast({ title: 'Report sent', description: answer.message, variant: 'success' });
    } catch (failure) {
      const message =
        failure instanceof ApiError
          ? (Object.values(failure.fields)[0] ?? failure.message)
          : 'Your report could not be sent. Please try again.';
      setError(message);
    } finally {
      setSending(false);
    }
  };

  if (sent) return <p className="report-sent">Thank you. Our team will review your report.</p>;
  return (
    <details className="report-form">
      <summary>{summary}</summary>
      <form id={formId} method="post" action="/api/reports" onSubmit={submit} noValidate>
        <input type="hidden" name="returnTo" value={returnTo} />
        <input type="hidden" name={field} value={id} />
        <Field label="Reason" id={`report-reason-${key}`} error={error} alert>
          {(control) => (
            <select
              {...control}
              name="reason"
              required
              value={reason}
              onChange={(e) => (setReason(e.target.value), setError(undefined))}
            >
              <option value="">Choose a reason</option>
              {REPORT_REASONS.map((id) => (
                <option key={id} value={id}>
                  {REPORT_REASON_LABELS[id]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Comment (optional)" id={`report-comment-${key}`}>
          {(control) => (
            <textarea
              {...control}
              name="comment"
              rows={2}
              maxLength={1000}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="secondary" aria-busy={sending} disabled={sending}>
          Send report
        </button>
      </form>
    </details>
  );
}
