// The login rule of the payment pages: ProtectedRoute's spinner while the user loads and the page once
// someone is logged in, but for a visitor the spec's own rule (§2 Checkout, §4 Listing payment): toast
// 'Authentication Required', then /auth (with the way back) after 1.5 s.
import { useEffect, type ReactNode } from 'react';
import type { UserView } from '#contracts/auth.ts';
import { ProtectedRoute } from '../ProtectedRoute.tsx';
import { useCurrentUser } from '../../lib/auth.ts';
import { toast } from '../../lib/toast.ts';

export const AUTH_REDIRECT_MS = 1500;

export function goToLogin(): void {
  window.location.replace(`/auth?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
}

export function PaymentPageGate({ description, children }: { description: string; children: (user: UserView) => ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const loggedOut = !isLoading && !user;
  useEffect(() => {
    if (!loggedOut) return;
    toast({ title: 'Authentication Required', description, variant: 'destructive' });
    const timer = setTimeout(goToLogin, AUTH_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [loggedOut, description]);

  if (loggedOut) {
    return (
      <div className="page-spinner" aria-busy="true" role="status">
        <span>Taking you to the login page…</span>
      </div>
    );
  }
  return <ProtectedRoute>{children}</ProtectedRoute>;
}
