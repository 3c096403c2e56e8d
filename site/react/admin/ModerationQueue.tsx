// /admin: the moderation queue (docs/decisions/0092). Open reports, oldest first, with the
// reported item, the reporter and the reason; each decision is a real form (it posts and comes back
// to /admin before the island wakes up; after, it posts JSON and reloads the queue). Hidden listings
// and suspended accounts can be taken back; the latest decisions are listed with who and when.
import type { FormEvent } from 'react';
import {
  REPORT_REASON_LABELS,
  type ModerationQueueItem,
  type ModerationQueueResponse,
} from '#contracts/conversations.ts';
import { ApiError, postJson } from '../../lib/api-client.ts';
import { formatMessageTime } from '../../lib/message-time.ts';
import { useApi } from '../../lib/swr.ts';
import { toast } from '../../lib/toast.ts';
import '../../styles/panel.css';
import './ModerationQueue.css';

const ACTION_WORDS: Record<string, string> = {
  dismiss: 'dismissed a report',
  hide_listing: 'hid a listing',
  unhide_listing: 'showed a listing again',
  suspend_user: 'suspended an account',
  unsuspend_user: 'lifted a suspension',
  hide_review: 'hid a review',
};

export function ModerationQueue() {
  const { data, error, mutate } = useApi<ModerationQueueResponse>('/api/admin/moderation');

  /** every decision form: posted as JSON once hydrated, then the queue is read again */
  const decide = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const fields = Object.fromEntries(new FormData(form, submitter));
    try {
      const answer = await postJson<{ message: string }>(form.getAttribute('action')!, fields);
      toast({ title: 'Done', description: answer.message, variant: 'success' });
    } catch (failure) {
      toast({
        title: 'Error',
        description: failure instanceof ApiError ? failure.message : 'That did not work. Please try again.',
        variant: 'destructive',
      });
    }
    await mutate();
  };

  return (
    <section className="panel admin-card moderation" aria-labelledby="moderation-title">
      <h2 id="moderation-title">Moderation Queue</h2>
      {error && !data ? (
        <p role="alert">The moderation queue could not be loaded. Please reload the page.</p>
      ) : !data ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <>
          {data.reports.length === 0 ? (
            <p>No open reports.</p>
          ) : (
            <ol className="moderation-list">
              {data.reports.map((report) => (
                <ReportItem key={report.id} report={report} onDecide={decide} />
              ))}
            </ol>
          )}
          {data.hiddenListings.length > 0 && (
            <>
              <h3>Hidden Listings</h3>
              <ul className="moderation-undo">
                {data.hiddenListings.map((p) => (
                  <li key={p.id}>
                    <span>
                      {p.name} <small>({p.reason})</small>
                    </span>
                    <form method="post" action="/api/admin/moderation/undo" onSubmit={decide}>
                      <input type="hidden" name="undo" value="unhide_listing" />
                      <input type="hidden" name="id" value={p.id} />
                      <button type="submit" className="secondary outline">
                        Show {p.name} again
                      </button>
                    </form>
                  </li>
                ))}
              </ul>
            </>
          )}
          {data.suspendedUsers.length > 0 && (
            <>
              <h3>Suspended Accounts</h3>
              <ul className="moderation-undo">
                {data.suspendedUsers.map((u) => (
                  <li key={u.id}>
                    <span>{u.username}</span>
                    <form method="post" action="/api/admin/moderation/undo" onSubmit={decide}>
                      <input type="hidden" name="undo" value="unsuspend_user" />
                      <input type="hidden" name="id" value={u.id} />
                      <button type="submit" className="secondary outline">
                        Lift the suspension of {u.username}
                      </button>
                    </form>
                  </li>
                ))}
              </ul>
            </>
          )}
          {data.actions.length > 0 && (
            <details>
              <summary>Latest decisions</summary>
              <ul className="moderation-log">
                {data.actions.map((a) => (
                  <li key={a.id}>
                    <time dateTime={a.createdAt}>{formatMessageTime(a.createdAt)}</time>: {a.admin}{' '}
                    {ACTION_WORDS[a.action] ?? a.action}
                    {a.reportId !== null && ` (report ${a.reportId})`}
                    {a.puppyId !== null && ` (listing ${a.puppyId})`}
                    {a.userId !== null && ` (account ${a.userId})`}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </section>
  );
}

function ReportItem({
  report,
  onDecide,
}: {
  report: ModerationQueueItem;
  onDecide: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const subject = report.listing
    ? `listing ${report.listing.name}`
    : report.message
      ? `a message by ${report.message.sender.username}`
      : report.review
        ? `a review by ${report.review.buyer.username}`
        : 'an item no longer there';
  const target = report.listing?.seller ?? report.message?.sender ?? report.review?.buyer;
  return (
    <li className="moderation-item">
      <p>
        <strong>{REPORT_REASON_LABELS[report.reason]}</strong>:{' '}
        {report.listing ? (
          <a href={`/puppies/${report.listing.id}`}>{report.listing.name}</a>
        ) : report.message ? (
          'a message'
        ) : report.review ? (
          `a ${report.review.rating}-star review`
        ) : (
          subject
        )}
        {target && (
          <>
            {' '}
            by <strong>{target.username}</strong>
            {target.suspended && ' (suspended)'}
          </>
        )}
        {(report.listing?.hidden || report.review?.hidden) && ' (hidden)'}
      </p>
      {report.message && <blockquote className="moderation-quote">{report.message.body}</blockquote>}
      {report.review && <blockquote className="moderation-quote">{report.review.body}</blockquote>}
      {report.comment && <p className="moderation-comment">Comment: {report.comment}</p>}
      <p className="moderation-meta">
        Reported by {report.reporter ? report.reporter.username : 'the scam guard'},{' '}
        <time dateTime={report.createdAt}>{formatMessageTime(report.createdAt)}</time>
      </p>
      <form
        method="post"
        action={`/api/admin/reports/${report.id}/decision`}
        onSubmit={onDecide}
        className="moderation-actions"
        aria-label={`Decide on the report about ${subject}`}
      >
        <button type="submit" name="decision" value="dismiss" className="secondary outline">
          Dismiss
        </button>
        {report.listing && (
          <button type="submit" name="decision" value="hide_listing" className="secondary">
            Hide listing
          </button>
        )}
        {report.review && !report.review.hidden && (
          <button type="submit" name="decision" value="hide_review" className="secondary">
            Hide review
          </button>
        )}
        {target && !target.suspended && (
          <button type="submit" name="decision" value="suspend_user" className="contrast">
            Suspend {target.username}
          </button>
        )}
      </form>
    </li>
  );
}
