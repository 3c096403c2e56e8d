// The header's account corner (docs/product.md §2 "Header"), on every page, with no React (decision 0127):
// Login / Register when logged out; when logged in, the "Hi, {name}" menu by the account's kind (decision
// 0137): a family's My Orders (docs/decisions/0056), Saved (decision 0132) and Messages (with the unread
// count as of this page load; decision 0090); a seller's Post a Puppy, My Listings, Insights, Earnings
// (decision 0101) and Messages, then the family's two, as a seller buys too; Admin for an admin; Logout.
// The page's HTML (SiteHeader.astro) holds both first states: the head script's .has-session (the session
// hint cookie) shows a likely login a busy corner and a visitor Login / Register at once. This script asks
// /api/user only with the hint (lib/session-user.ts), and then writes the corner that is true.
import type { UserView } from '#contracts/auth.ts';
import { ApiError, postJson } from '../lib/api-client.ts';
import { sessionUser } from '../lib/session-user.ts';
import { toast, toastAcrossNavigation } from '../lib/toast.ts';

const corner = document.querySelector<HTMLElement>('[data-header-account]');
if (corner) void start(corner);

async function start(corner: HTMLElement): Promise<void> {
  const user = await sessionUser();
  // the head script guessed the kind from the hint cookie; the account is the truth
  const seller = user ? isSeller(user) : undefined;
  document.documentElement.classList.toggle('is-seller', seller === true);
  document.documentElement.classList.toggle('is-buyer', seller === false);
  corner.replaceChildren(...(user ? accountCorner(user) : loginLinks()));
}

/** an account that posts listings (http/session.ts sessionHintOf words it the same) */
function isSeller(user: UserView): boolean {
  return user.accountType === 'seller' || user.role === 'admin';
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function loginLinks(): Node[] {
  return [
    element('a', { href: '/auth' }, 'Login'),
    element('a', { href: '/auth?tab=register', class: 'btn outline' }, 'Register'),
  ];
}

/** the number of conversations with something unread */
function unreadBadge(count: number): HTMLElement {
  return element(
    'span',
    { class: 'header-unread' },
    String(count),
    element('span', { class: 'visually-hidden' }, ' unread'),
  );
}

function accountCorner(user: UserView): Node[] {
  const unread = user.unreadConversations ?? 0;
  const badge = () => (unread > 0 ? [unreadBadge(unread)] : []);
  const item = (href: string, ...label: Array<Node | string>) => element('li', {}, element('a', { href }, ...label));
  const logout = element('button', { type: 'button', class: 'menu-button' }, 'Logout');
  logout.addEventListener('click', () => void logOut());
  // The pill cuts a long name with an ellipsis (header-account.css); the menu shows it whole.
  const menu = element(
    'details',
    { class: 'dropdown account-menu' },
    element('summary', {}, element('span', {}, `Hi, ${user.username}`), ...badge()),
    element(
      'ul',
      { dir: 'rtl' },
      element('li', { class: 'account-menu-name', dir: 'ltr' }, 'Signed in as ', element('strong', {}, user.username)),
      ...(isSeller(user)
        ? [
            item('/my-listings', 'My Listings'),
            // an admin may post, but earns nothing here: insights and earnings are a seller account's
            ...(user.accountType === 'seller' ? [item('/insights', 'Insights'), item('/earnings', 'Earnings')] : []),
            item('/messages', 'Messages ', ...badge()),
            item('/my-orders', 'My Orders'),
            item('/saved', 'Saved'),
          ]
        : [item('/my-orders', 'My Orders'), item('/saved', 'Saved'), item('/messages', 'Messages ', ...badge())]),
      ...(user.role === 'admin' ? [item('/admin', 'Admin')] : []),
      element('li', {}, logout),
    ),
  );
  // the menu closes on Escape (focus back on its summary) and on a click outside it
  const close = (event: MouseEvent | KeyboardEvent) => {
    if (!menu.open) return;
    if (event instanceof KeyboardEvent ? event.key === 'Escape' : !menu.contains(event.target as Node)) {
      menu.open = false;
      if (event instanceof KeyboardEvent) menu.querySelector('summary')?.focus();
    }
  };
  document.addEventListener('click', close);
  document.addEventListener('keydown', close);
  return isSeller(user)
    ? [element('a', { href: '/post-puppy', class: 'btn account-post' }, 'Post a Puppy'), menu]
    : [menu];
}

async function logOut(): Promise<void> {
  try {
    await postJson('/api/logout');
    toastAcrossNavigation({ title: 'Logged out', description: 'You have been successfully logged out.' });
    window.location.assign('/');
  } catch (error) {
    toast({
      title: 'Logout failed',
      description: error instanceof ApiError ? error.message : 'Please try again.',
      variant: 'destructive',
    });
  }
}
