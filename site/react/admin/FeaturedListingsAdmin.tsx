// /admin "Featured listings" (docs/product.md §22, decision 0134): the features showing now, each with a
// form to remove it with a reason the seller reads on My Listings. A removed feature does not give the
// seller's month back.
import { useState, type FormEvent } from 'react';
import type { AdminFeatureView } from '#contracts/features.ts';
import { ApiError, postJson } from '../../lib/api-client.ts';
import { useApi } from '../../lib/swr.ts';
import { toast } from '../../lib/toast.ts';
import '../../styles/panel.css';
import './FeaturedListingsAdmin.css';

const PATH = '/api/admin/features';
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function FeaturedListingsAdmin() {
  const { data, error, mutate } = useApi<AdminFeatureView[]>(PATH);
  return (
    <section className="panel admin-card featured-admin" aria-labelledby="featured-admin-title">
      <h2 id="featured-admin-title">Featured listings</h2>
      {error && !data ? (
        <p role="alert">
          Could not load the featured listings: {error instanceof Error ? error.message : 'unknown error'}
        </p>
      ) : !data ? (
        <p aria-busy="true">Loading…</p>
      ) : data.length === 0 ? (
        <p>No listing is featured right now.</p>
      ) : (
        <ul className="featured-admin-list">
          {data.map((feature) => (
            <FeatureRow key={feature.id} feature={feature} onRemoved={() => void mutate()} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FeatureRow({ feature, onRemoved }: { feature: AdminFeatureView; onRemoved: () => void }) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = `feature-reason-${feature.id}`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await postJson(`/api/admin/features/${feature.id}/remove`, { reason });
      toast({
        title: 'Feature Removed',
        description: `${feature.puppyName} is no longer featured.`,
        variant: 'success',
      });
      onRemoved();
    } catch (failure) {
      setProblem(failure instanceof ApiError ? failure.message : 'The feature could not be removed.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <li>
      <p>
        <a href={`/puppies/${feature.puppyId}`}>{feature.puppyName}</a> by {feature.seller} · featured{' '}
        {day.format(new Date(feature.startedAt))} until {day.format(new Date(feature.endsAt))}
      </p>
      <form
        className="featured-admin-form"
        onSubmit={(event) => void submit(event)}
        aria-label={`Remove the feature of ${feature.puppyName}`}
      >
        <label htmlFor={inputId}>Reason the seller reads</label>
        <input
          id={inputId}
          name="reason"
          value={reason}
          maxLength={500}
          required
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-problem` : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {problem && (
          <p id={`${inputId}-problem`} role="alert" className="featured-admin-problem">
            {problem}
          </p>
        )}
        <button type="submit" className="contrast outline" disabled={busy} aria-busy={busy}>
          Remove feature
        </button>
      </form>
    </li>
  );
}
