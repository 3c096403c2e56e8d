// The one wrapper of every protected page (docs/product.md §2): a spinner while the user loads, /auth when nobody
// is logged in (with the way back), otherwise the page. Astro renders an island's first state into the
// page's HTML, so `pending` is what the page shows before any script and while the login is checked: a
// page whose heading depends on who is looking gives its frame and h1 there (every page has its h1 in
// its HTML); the others carry theirs in the .astro page.
import { useEffect, type ReactNode } from 'react';
import type { UserView } from '#contracts/auth.ts';
import { useCurrentUser } from '../lib/auth.ts';
import { PageSpinner } from './PageSpinner.tsx';

interface Props {
  children: (user: UserView) => ReactNode;
  pending?: ReactNode;
}

export function ProtectedRoute({ children, pending = <PageSpinner what="your account's page" /> }: Props) {
  const { user, isLoading } = useCurrentUser();
  useEffect(() => {
    if (!isLoading && !user) {
      const next = window.location.pathname + window.location.search;
      window.location.replace(`/auth?next=${encodeURIComponent(next)}`);
    }
  }, [isLoading, user]);
  if (isLoading || !user) return <>{pending}</>;
  return <>{children(user)}</>;
}
