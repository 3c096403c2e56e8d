// /admin (docs/product.md §6 Admin, §8): admins only, everyone else sees 'Access Denied'. The payment mode card
// shows the public key's prefix and a LIVE PAYMENTS / TEST MODE badge refreshed every 5 s; the enable
// and disable buttons are disabled in the matching mode; live mode carries a warning; the system status
// card is static text. The server refuses live mode without live keys and says why ('Error' toast).
// Orders are found by reference and cancelled with a refund in OrderLookup (docs/decisions/0056); payouts a
// buyer's problem holds are released or refunded in HeldPayouts (docs/decisions/0101); disputed payments and
// refunds waiting for an admin are in MoneyIssues (docs/decisions/0107). A seller's badges are revoked and
// lifted in BreederBadgesAdmin (decision 0118). Messages to the team are in ContactMessages, priority
// plans first (decision 0136).
import { useState } from 'react';
import useSWR from 'swr';
import type { UserView } from '#contracts/auth.ts';
import type { MessageResponse, PaymentModeResponse } from '#contracts/payments.ts';
import { ProtectedRoute } from '../react/ProtectedRoute.tsx';
import { PageSpinner } from '../react/PageSpinner.tsx';
import { OrderLookup } from '../react/admin/OrderLookup.tsx';
import { ModerationQueue } from '../react/admin/ModerationQueue.tsx';
import { HealthTestChecks } from '../react/admin/HealthTestChecks.tsx';
import { HeldPayouts } from '../react/admin/HeldPayouts.tsx';
import { MoneyIssues } from '../react/admin/MoneyIssues.tsx';
import { MoneyCheck } from '../react/admin/MoneyCheck.tsx';
import { BreederBadgesAdmin } from '../react/admin/BreederBadgesAdmin.tsx';
import { ContactMessages } from '../react/admin/ContactMessages.tsx';
import { FeaturedListingsAdmin } from '../react/admin/FeaturedListingsAdmin.tsx';
import { ApiError, getJson, postJson } from '../lib/api-client.ts';
import { SWR_OPTIONS } from '../lib/swr.ts';
import { toast } from '../lib/toast.ts';
import '../styles/panel.css';
import './AdminPanel.css';

const MODE_KEY = '/api/admin/payment-mode';
const REFRESH_MS = 5000;

// the page's frame and h1 while the login is checked, and in its HTML (ProtectedRoute)
const CHECKING = (
  <article className="admin-page">
    <h1>Admin</h1>
    <PageSpinner what="the admin tools" />
  </article>
);

export default function AdminPanel() {
  return (
    <ProtectedRoute pending={CHECKING}>
      {(user) => (user.role === 'admin' ? <AdminHome user={user} /> : <AccessDenied />)}
    </ProtectedRoute>
  );
}

function AccessDenied() {
  return (
    <article>
      <h1>Access Denied</h1>
      <p>This page is only accessible to administrators.</p>
      <a href="/">Back to the home page</a>
    </article>
  );
}

const SYSTEMS = ['Domain', 'Email', 'Object Storage', 'Database'] as const;

function AdminHome({ user }: { user: UserView }) {
  // The one polling exception (docs/decisions/0035): the payment mode badge follows the server every 5 s.
  const { data, error, mutate } = useSWR<PaymentModeResponse>(
    MODE_KEY,
    (path: string) => getJson<PaymentModeResponse>(path),
    { ...SWR_OPTIONS, refreshInterval: REFRESH_MS },
  );
  const [busy, setBusy] = useState<'enable' | 'disable' | null>(null);

  const change = async (action: 'enable' | 'disable') => {
    setBusy(action);
    try {
      const answer = await postJson<MessageResponse>(`/api/admin/${action}-live-keys`);
      toast({
        title: action === 'enable' ? 'Live Payments Enabled' : 'Live Payments Disabled',
        description: answer.message,
        variant: 'success',
      });
      await mutate();
    } catch (failure) {
      const fallback = action === 'enable' ? 'Failed to enable live keys' : 'Failed to disable live keys';
      toast({
        title: 'Error',
        description: failure instanceof ApiError ? failure.message || fallback : fallback,
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  const live = data?.isLive === true;
  return (
    <article className="admin-page">
      <h1>Admin</h1>
      <p>Signed in as {user.username}.</p>
      <div className="admin-grid">
        <section className="panel admin-card" aria-labelledby="payment-mode-title">
          <h2 id="payment-mode-title">Payment Mode</h2>
          {error && !data ? (
            <p role="alert">
              Could not load the payment mode: {error instanceof Error ? error.message : 'unknown error'}
            </p>
          ) : !data ? (
            <p aria-busy="true">Loading…</p>
          ) : (
            <>
              <p aria-live="polite">
                Current mode:{' '}
                <span className={`mode-badge ${live ? 'mode-live' : 'mode-test'}`}>
                  {live ? 'LIVE PAYMENTS' : 'TEST MODE'}
                </span>
              </p>
              <p>
                Public key: <code>{data.publicKeyPrefix}</code>
              </p>
              {live && (
                <p role="alert" className="live-warning">
                  <strong>Warning:</strong> live payments are on. Real cards are charged and real money is processed.
                </p>
              )}
              {!data.liveKeysConfigured && !live && (
                <p className="admin-note">
                  No live Stripe keys are configured on the server, so live payments cannot be enabled yet.
                </p>
              )}
              <div className="admin-actions">
                <button
                  type="button"
                  onClick={() => change('enable')}
                  disabled={live || busy !== null}
                  aria-busy={busy === 'enable'}
                >
                  Enable Live Keys
                </button>
                <button
                  type="button"
                  className="secondary"
                  onClick={() => change('disable')}
                  disabled={!live || busy !== null}
                  aria-busy={busy === 'disable'}
                >
                  Disable Live Keys
                </button>
              </div>
            </>
          )}
        </section>
        <ModerationQueue />
        <ContactMessages />
        <BreederBadgesAdmin />
        <FeaturedListingsAdmin />
        <HealthTestChecks />
        <HeldPayouts />
        <MoneyIssues />
        <OrderLookup />
        <MoneyCheck />
        <section className="panel admin-card" aria-labelledby="system-status-title">
          <h2 id="system-status-title">System Status</h2>
          <ul className="status-list">
            {SYSTEMS.map((name) => (
              <li key={name}>
                <span>{name}</span> <span className="status-ok">Connected</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </article>
  );
}
