// The header's account corner (docs/product.md §2 "Header"): Login / Register when logged out; Post a Puppy
// and the "Hi, {name}" menu with My Listings, My Orders (docs/decisions/0056), Earnings for a seller
// (decision 0101) and Logout when logged in.
import { useEffect, useRef } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { logOut, useCurrentUser } from '../lib/auth.ts';
import { toast, toastAcrossNavigation } from '../lib/toast.ts';
import './HeaderAuth.css';

export default function HeaderAuth() {
  const { user, isLoading } = useCurrentUser();
  const menu = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const close = (event: MouseEvent | KeyboardEvent) => {
      const details = menu.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !details.contains(event.target as Node)) {
        details.open = false;
        if (event instanceof KeyboardEvent) details.querySelector('summary')?.focus();
      }
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, []);

  const loginLinks = (
    <>
      <a href="/auth">Login</a>
      <a href="/auth?tab=register" className="btn outline">
        Register
      </a>
    </>
  );

  // Until /api/user answers (and in the page's HTML, before any script): the head script's .has-session
  // (the session hint cookie) tells a likely login from a visitor, so a visitor sees Login / Register at
  // once and a logged-in visitor a busy corner, never the other's links. A plain span may not carry
  // aria-label (axe: aria-prohibited-attr), so the busy corner's words are hidden text.
  if (isLoading)
    return (
      <span className="header-auth">
        <span className="unless-session header-auth-links">{loginLinks}</span>
        <span className="if-session" aria-busy="true">
          <span className="visually-hidden">Loading your account</span>
        </span>
      </span>
    );

  if (!user) return <span className="header-auth">{loginLinks}</span>;

  const unread = user.unreadConversations ?? 0;
  const onLogout = async () => {
    try {
      await logOut();
      toastAcrossNavigation({ title: 'Logged out', description: 'You have been successfully logged out.' });
      window.location.assign('/');
    } catch (error) {
      toast({
        title: 'Logout failed',
        description: error instanceof ApiError ? error.message : 'Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <span className="header-auth">
      <a href="/post-puppy" className="btn">
        Post a Puppy
      </a>
      <details className="dropdown account-menu" ref={menu}>
        {/* The pill cuts a long name with an ellipsis (HeaderAuth.css); the menu shows it whole. */}
        <summary>
          <span>Hi, {user.username}</span>
          {/* unread conversations as of this page load (decision 0090; GET /api/user; no polling) */}
          {unread > 0 && <UnreadBadge count={unread} />}
        </summary>
        <ul dir="rtl">
          <li className="account-menu-name" dir="ltr">
            Signed in as <strong>{user.username}</strong>
          </li>
          <li>
            <a href="/messages">Messages {unread > 0 && <UnreadBadge count={unread} />}</a>
          </li>
          <li>
            <a href="/my-listings">My Listings</a>
          </li>
          <li>
            <a href="/my-orders">My Orders</a>
          </li>
          {user.accountType === 'seller' && (
            <li>
              <a href="/earnings">Earnings</a>
            </li>
          )}
          {user.role === 'admin' && (
            <li>
              <a href="/admin">Admin</a>
            </li>
          )}
          <li>
            <button type="button" className="menu-button" onClick={onLogout}>
              Logout
            </button>
          </li>
        </ul>
      </details>
    </span>
  );
}

/** the number of conversations with something unread */
function UnreadBadge({ count }: { count: number }) {
  return (
    <span className="header-unread">
      {count}
      <span className="visually-hidden"> unread</span>
    </span>
  );
}
