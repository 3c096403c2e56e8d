// The one wrapper of every protected page (docs/product.md §2): a spinner while the user loads, /auth when nobody
// is logged in (with the way back), otherwise the page.
import { useEffect, type ReactNode } from 'react';
import type { UserView } from '#contracts/auth.ts';
import { useCurrentUser } from '../lib/auth.ts';

interface Props {
  children: (user: UserView) => ReactNode;
}

export function ProtectedRoute({ children }: Props) {
  const { user, isLoading } = useCurrentUser();
  useEffect(() => {
    if (!isLoading && !user) {
      const next = window.location.pathname + window.location.search;
      window.location.replace(`/auth?next=${encodeURIComponent(next)}`);
    }
  }, [isLoading, user]);
  if (isLoading || !user) {
    return (
      <div className="page-spinner" aria-busy="true" role="status">
        <span className="visually-hidden">Loading…</span>
      </div>
    );
  }
  return <>{children(user)}</>;
}
