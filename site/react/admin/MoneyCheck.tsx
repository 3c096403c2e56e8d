// /admin "Money check" (docs/decisions/0107): the last comparison of every order and payout with the
// payment provider's own objects, made once a day by the server (or by `npm run reconcile`), and a
// button to make one now. A clean check is one line; otherwise each disagreement is a row saying what
// PuppyNest has and what the provider has, so the admin can look the order up below and decide.
import { useState } from 'react';
import type { MoneyCheckReport, MoneyCheckResponse } from '#contracts/payouts.ts';
import { ApiError, postJson } from '../../lib/api-client.ts';
import { useApi } from '../../lib/swr.ts';
import { toast } from '../../lib/toast.ts';
import '../../styles/panel.css';
import './MoneyCheck.css';

const PATH = '/api/admin/money-check';
const checkedAt = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });
const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function MoneyCheck() {
  const { data, error, mutate } = useApi<MoneyCheckResponse>(PATH);
  const [busy, setBusy] = useState(false);

  const checkNow = async () => {
    setBusy(true);
    try {
      const answer = await postJson<MoneyCheckResponse>(PATH);
      await mutate(answer, { revalidate: false });
      const report = answer.report;
      const clean = report !== null && report.mismatchCount === 0 && report.failureCount === 0;
      toast({
        title: clean ? 'Money Check Clean' : 'Money Check Found Problems',
        description: report ? headline(report) : undefined,
        variant: clean ? 'success' : 'destructive',
      });
    } catch (failure) {
      toast({
        title: 'Money Check Failed',
        description: failure instanceof ApiError ? failure.message : 'The check could not run.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel admin-card money-check" aria-labelledby="money-check-title">
      <h2 id="money-check-title">Money check</h2>
      {error && !data ? (
        <p role="alert">
          Could not load the last money check: {error instanceof Error ? error.message : 'unknown error'}
        </p>
      ) : !data ? (
        <p aria-busy="true">Loading…</p>
      ) : !data.report ? (
        <p>No check has run yet. The server checks once a day; check now to see where things stand.</p>
      ) : (
        <Report report={data.report} />
      )}
      <div className="admin-actions">
        <button type="button" onClick={checkNow} disabled={busy} aria-busy={busy}>
          Check now
        </button>
      </div>
    </section>
  );
}

/** "Last checked June 1, 2026 at 12:00 PM: 42 orders, no mismatches" */
function headline(report: MoneyCheckReport): string {
  const found = report.mismatchCount === 0 ? 'no mismatches' : count(report.mismatchCount, 'mismatch', 'mismatches');
  const since = report.sinceDays === null ? '' : ` of the last ${count(report.sinceDays, 'day', 'days')}`;
  return `Last checked ${checkedAt.format(new Date(report.checkedAt))}: ${count(report.orders, 'order', 'orders')}${since}, ${found}`;
}

function Report({ report }: { report: MoneyCheckReport }) {
  return (
    <>
      <p
        aria-live="polite"
        className={report.mismatchCount === 0 && report.failureCount === 0 ? 'money-check-clean' : undefined}
      >
        {headline(report)}.
      </p>
      {report.failureCount > 0 && (
        <p className="money-check-failures">
          {count(report.failureCount, 'order', 'orders')} could not be checked: the payment provider (or the database)
          did not answer ({report.failures.map((f) => f.reference).join(', ')}
          {report.failures.length < report.failureCount ? ', …' : ''}).
        </p>
      )}
      {report.mismatches.length > 0 && (
        <div className="money-check-scroll">
          <table className="money-check-table">
            <caption className="visually-hidden">
              Where PuppyNest&apos;s records and the payment provider disagree
            </caption>
            <thead>
              <tr>
                {['Order', 'About', 'PuppyNest has', 'The provider has', 'What it means'].map((name) => (
                  <th key={name} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.mismatches.map((m, i) => (
                <tr key={`${m.reference}-${m.what}-${i}`}>
                  <th scope="row">{m.reference}</th>
                  <td>{m.what}</td>
                  <td>{m.stored}</td>
                  <td>{m.provider}</td>
                  <td>{m.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {report.mismatches.length < report.mismatchCount && (
        <p className="admin-note">
          The first {report.mismatches.length} are listed; <code>npm run reconcile</code> prints them all.
        </p>
      )}
    </>
  );
}
