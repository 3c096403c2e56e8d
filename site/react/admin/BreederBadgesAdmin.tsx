// /admin's Breeders card (decision 0118, docs/product.md §16): find a seller by username or by a part of
// the kennel name, see the badges families see and the revocations in force, revoke a badge with the
// reason its seller reads on My Listings, and lift a revocation. The search and the reason are checked
// with the API's schemas (AdminBreederSearchSchema, RevokeBadgeSchema), so the messages are the API's.
// The revoke and lift forms are real forms (the API answers 303 back to /admin to a form post); once
// hydrated they post JSON and the seller is read again.
import { useState, type FormEvent } from 'react';
import * as v from 'valibot';
import {
  AdminBreederSearchSchema,
  breederPath,
  RevokeBadgeSchema,
  type AdminBreedersResponse,
  type AdminBreederView,
  type BadgeView,
} from '#contracts/breeders.ts';
import { ApiError, getJson, postJson } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { Field } from '../Field.tsx';
import { formatOrderDate } from '../orders/OrderStatus.tsx';
import '../../styles/panel.css';
import './OrderLookup.css';
import './BreederBadgesAdmin.css';

export function BreederBadgesAdmin() {
  const [problem, setProblem] = useState<string | null>(null);
  const [query, setQuery] = useState<string | null>(null);
  const [found, setFound] = useState<AdminBreederView[] | null>(null);
  const [busy, setBusy] = useState(false);

  const load = async (q: string) => {
    setBusy(true);
    try {
      const answer = await getJson<AdminBreedersResponse>(`/api/admin/breeders?q=${encodeURIComponent(q)}`);
      setFound(answer.breeders);
      setProblem(null);
    } catch (error) {
      setFound(null);
      setProblem(error instanceof ApiError ? error.message : 'The search did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const find = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = v.safeParse(AdminBreederSearchSchema, { q: new FormData(event.currentTarget).get('q') ?? '' });
    if (!parsed.success) {
      setFound(null);
      setProblem(parsed.issues[0].message);
      return;
    }
    setQuery(parsed.output.q);
    await load(parsed.output.q);
  };

  return (
    <section className="panel admin-card order-lookup breeders-admin" aria-labelledby="breeders-admin-title">
      <h2 id="breeders-admin-title">Breeders</h2>
      <p className="hint">Find a seller to see their badges, revoke one with a reason the seller reads, or lift it.</p>
      <form className="order-find" onSubmit={find} noValidate aria-label="Find a breeder">
        <Field label="Username or kennel name" error={problem ?? undefined} alert>
          {(control) => <input {...control} name="q" autoComplete="off" maxLength={80} />}
        </Field>
        <button type="submit" disabled={busy} aria-busy={busy}>
          Find
        </button>
      </form>
      {found && (
        <div aria-live="polite">
          {found.length === 0 ? (
            <p>No seller matches “{query}”.</p>
          ) : (
            <ul className="breeders-found">
              {found.map((breeder) => (
                <FoundBreeder
                  key={breeder.userId}
                  breeder={breeder}
                  onChanged={() => (query ? load(query) : Promise.resolve())}
                />
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

function FoundBreeder({ breeder, onChanged }: { breeder: AdminBreederView; onChanged: () => Promise<void> }) {
  const [revoking, setRevoking] = useState<BadgeView['kind'] | null>(null);
  const name = breeder.kennelName ?? breeder.username;
  return (
    <li className="breeder-found">
      <h3>
        {breeder.slug ? <a href={breederPath(breeder.slug)}>{name}</a> : name}{' '}
        <small>
          {breeder.username}
          {breeder.suspended ? ' · suspended' : ''}
          {breeder.slug ? '' : ' · no breeder page yet'}
        </small>
      </h3>
      {breeder.badges.length === 0 ? (
        <p className="hint">No badge shown.</p>
      ) : (
        <ul className="admin-badges" aria-label={`Badges of ${name}`}>
          {breeder.badges.map((badge) => (
            <li key={badge.kind}>
              <span>✔ {badge.label}</span>
              {revoking === badge.kind ? (
                <RevokeForm
                  userId={breeder.userId}
                  badge={badge}
                  name={name}
                  onCancel={() => setRevoking(null)}
                  onDone={async () => {
                    setRevoking(null);
                    await onChanged();
                  }}
                />
              ) : (
                <button
                  type="button"
                  className="contrast outline"
                  aria-label={`Revoke ${badge.label} of ${name}`}
                  onClick={() => setRevoking(badge.kind)}
                >
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {breeder.revoked.length > 0 && (
        <>
          <h4>Revoked</h4>
          <ul className="admin-badges revoked">
            {breeder.revoked.map((r) => (
              <li key={r.id}>
                <span>
                  <strong>{r.label}</strong> ({formatOrderDate(r.revokedAt)}):{' '}
                  <span className="reason">{r.reason}</span>
                </span>
                <LiftForm id={r.id} label={`Lift the revocation of ${r.label} of ${name}`} onDone={onChanged} />
              </li>
            ))}
          </ul>
        </>
      )}
    </li>
  );
}

function RevokeForm({
  userId,
  badge,
  name,
  onCancel,
  onDone,
}: {
  userId: number;
  badge: BadgeView;
  name: string;
  onCancel: () => void;
  onDone: () => Promise<void>;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const action = `/api/admin/breeders/${userId}/badges/${badge.kind}/revoke`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = v.safeParse(RevokeBadgeSchema, { reason: new FormData(event.currentTarget).get('reason') ?? '' });
    if (!parsed.success) {
      setProblem(parsed.issues[0].message);
      return;
    }
    setBusy(true);
    try {
      await postJson(action, parsed.output);
      toast({ title: 'Badge Revoked', description: `${badge.label} no longer shows for ${name}.`, variant: 'success' });
      await onDone();
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'The badge could not be revoked. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form method="post" action={action} className="revoke-form" onSubmit={submit} noValidate>
      <Field
        label={`Why revoke ${badge.label}?`}
        hint="The seller reads this on My Listings."
        error={problem ?? undefined}
        alert
      >
        {(control) => <textarea {...control} name="reason" rows={2} maxLength={500} autoFocus />}
      </Field>
      <div className="admin-actions">
        <button type="submit" className="contrast" disabled={busy} aria-busy={busy}>
          Revoke badge
        </button>
        <button type="button" className="secondary outline" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function LiftForm({ id, label, onDone }: { id: number; label: string; onDone: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const action = `/api/admin/badge-revocations/${id}/lift`;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      await postJson(action);
      toast({
        title: 'Revocation Lifted',
        description: 'The badge shows again while it is earned.',
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Error',
        description: error instanceof ApiError ? error.message : 'That did not work. Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
    await onDone();
  };
  return (
    <form method="post" action={action} onSubmit={submit}>
      <button type="submit" className="secondary outline" aria-label={label} disabled={busy} aria-busy={busy}>
        Lift
      </button>
    </form>
  );
}
