// /admin: admins only (spec §6). The payment-mode controls come with the payments work.
import type { UserView } from '#contracts/auth.ts';
import { ProtectedRoute } from '../components/ProtectedRoute.tsx';
import { useApi } from '../lib/swr.ts';

export default function AdminPanel() {
  return <ProtectedRoute>{(user) => (user.role === 'admin' ? <AdminHome user={user} /> : <AccessDenied />)}</ProtectedRoute>;
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

function AdminHome({ user }: { user: UserView }) {
  const { data } = useApi<{ mode: 'test' | 'live' }>('/api/admin/payment-mode');
  return (
    <article>
      <h1>Admin</h1>
      <p>Signed in as {user.username}.</p>
      <h2>Payment mode</h2>
      <p aria-live="polite">{data ? (data.mode === 'live' ? 'LIVE PAYMENTS' : 'TEST MODE') : 'Loading…'}</p>
    </article>
  );
}
