// /admin: health tests waiting for a check (decision 0121, docs/product.md §18). Each test shows what the
// seller typed beside a link to its proof (opened by the admin's session only); Verify, or Reject with
// the reason the seller sees. Each decision is a real form (it posts and comes back to /admin before the
// island wakes up; after, it posts JSON and reloads the list).
import type { FormEvent } from 'react';
import type { HealthTestReviewItem } from '#contracts/parents.ts';
import { ApiError, postJson } from '../../lib/api-client.ts';
import { useApi } from '../../lib/swr.ts';
import { toast } from '../../lib/toast.ts';
import '../../styles/panel.css';
import './ModerationQueue.css';

export function HealthTestChecks() {
  const { data, error, mutate } = useApi<HealthTestReviewItem[]>('/api/admin/health-tests');

  const decide = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = Object.fromEntries(new FormData(form));
    try {
      const test = await postJson<{ status: string; label: string }>(form.getAttribute('action')!, fields);
      toast({ title: 'Done', description: `${test.label}: ${test.status}.`, variant: 'success' });
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
    <section className="panel admin-card moderation" aria-labelledby="health-tests-title">
      <h2 id="health-tests-title">Health Tests to Check</h2>
      {error && !data ? (
        <p role="alert">The health tests could not be loaded. Please reload the page.</p>
      ) : !data ? (
        <p aria-busy="true">Loading…</p>
      ) : data.length === 0 ? (
        <p>No health test is waiting for a check.</p>
      ) : (
        <ol className="moderation-list">
          {data.map((test) => (
            <li key={test.id} className="moderation-item">
              <p>
                <strong>{test.label}</strong> of {test.parentName} ({test.parentSex}
                {test.parentRegistrationNumber && `, ${test.parentRegistrationNumber}`}), seller {test.sellerUsername}
              </p>
              <p>
                Result <strong>{test.result}</strong>, tested {test.testedOn}
                {test.certificateNumber && (
                  <>
                    {' '}
                    · {test.registry ? `${test.registry} ` : ''}
                    {test.ofaUrl ? (
                      <a href={test.ofaUrl} rel="noopener noreferrer external">
                        {test.certificateNumber}
                      </a>
                    ) : (
                      test.certificateNumber
                    )}
                  </>
                )}
              </p>
              {test.proofUrl && (
                <p>
                  <a href={test.proofUrl} target="_blank" rel="noopener">
                    Open the proof of test {test.id}
                  </a>
                </p>
              )}
              <div className="moderation-actions">
                <form method="post" action={`/api/admin/health-tests/${test.id}/verify`} onSubmit={decide}>
                  <button type="submit">Verify test {test.id}</button>
                </form>
                <form
                  method="post"
                  action={`/api/admin/health-tests/${test.id}/reject`}
                  onSubmit={decide}
                  className="health-test-reject"
                >
                  <label htmlFor={`reject-reason-${test.id}`}>Why the proof does not match</label>
                  <input id={`reject-reason-${test.id}`} name="reason" required maxLength={500} />
                  <button type="submit" className="secondary outline">
                    Reject test {test.id}
                  </button>
                </form>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
