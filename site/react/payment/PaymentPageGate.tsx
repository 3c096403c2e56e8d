// The login rule of the payment pages: ProtectedRoute's spinner while the user loads and the page once
// someone is logged in, but for a visitor docs/product.md's own rule (§2 Checkout, Listing payment): toast
// 'Authentication Required', then /auth (with the way back) after 1.5 s. The login comes first (docs/product.md §2):
// a visitor reaches /auth whatever the address holds; only a logged-in user with a malformed puppy id
// goes to /puppies. The card form needs JavaScript, so the page's HTML says so where the spinner turns
// (`noscript`, decision 0125) instead of spinning for ever.
import { useEffect, useState, type ReactNode } from 'react';
import type { UserView } from '#contracts/auth.ts';
import { ProtectedRoute } from '../ProtectedRoute.tsx';
import { useCurrentUser } from '../../lib/auth.ts';
import { toast } from '../../lib/toast.ts';
import { PageSpinner } from '../PageSpinner.tsx';

export const AUTH_REDIRECT_MS = 1500;

export function goToLogin(): void {
  window.location.replace(`/auth?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
}

export function PaymentPageGate({
  description,
  noscript,
  children,
}: {
  description: string;
  /** what the page's HTML says without JavaScript, where the spinner would turn */
  noscript: ReactNode;
  children: (user: UserView) => ReactNode;
}) {
  const { user, isLoading } = useCurrentUser();
  const loggedOut = !isLoading && !user;
  useEffect(() => {
    if (!loggedOut) return;
    toast({ title: 'Authentication Required', description, variant: 'destructive' });
    const timer = setTimeout(goToLogin, AUTH_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [loggedOut, description]);

  if (loggedOut) {
    return <PageSpinner label="Taking you to the login page…" visible />;
  }
  return <ProtectedRoute pending={<PageSpinner noscript={noscript} />}>{children}</ProtectedRoute>;
}

/** the puppy id of /checkout/{id} or /listing-payment/{id}: undefined until read, null when malformed */
export function usePuppyIdFromPath(): string | null | undefined {
  const [id, setId] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const raw = decodeURIComponent(window.location.pathname.split('/')[2] ?? '');
    setId(/^\d{1,9}$/.test(raw) ? raw : null);
  }, []);
  return id;
}

/** a logged-in user on a payment page without a usable puppy id is sent to the list */
export function LeaveForPuppies() {
  useEffect(() => window.location.replace('/puppies'), []);
  return <p aria-busy="true">Taking you to the puppies…</p>;
}
