// The site chrome's few inline lines (decision 0011): they run before any island. Kept as strings so
// their CSP hashes are computed from the very text the page carries, on pre-rendered and on-demand
// pages alike (BaseLayout adds them with Astro.csp; no build step rewrites an on-demand page).
import { createHash } from 'node:crypto';

/**
 * before the first paint: a dismissed seller banner stays hidden (no layout shift); .js shows script-only
 * controls; .has-session marks a visitor who holds the session hint cookie (http/session.ts), so a page
 * rendered for nobody can already word itself for a logged-in visitor (the puppy page's Contact Seller),
 * and .is-seller / .is-buyer its kind, so a seller never sees Become a Seller nor a family the seller's
 * links (decision 0137; header-account.ts sets both again from /api/user)
 */
export const HEAD_SCRIPT = `document.documentElement.classList.add('js');
{
  const hint = /(?:^|;\\s*)pn_hint=(\\w+)/.exec(document.cookie);
  if (hint) document.documentElement.classList.add('has-session');
  if (hint && (hint[1] === 'seller' || hint[1] === 'buyer')) document.documentElement.classList.add('is-' + hint[1]);
}
try {
  if (localStorage.getItem('pn:seller-banner-dismissed')) document.documentElement.classList.add('banner-dismissed');
} catch {
  // storage unavailable: the banner shows
}`;

/** the mobile menu closes on Escape and on a click outside it */
export const MENU_SCRIPT = `(() => {
  const menu = document.querySelector('[data-mobile-menu]');
  if (!menu) return;
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && menu.open) {
      menu.open = false;
      menu.querySelector('summary').focus();
    }
  });
  document.addEventListener('click', (event) => {
    if (menu.open && !menu.contains(event.target)) menu.open = false;
  });
})();`;

/** dismissing the seller banner is remembered */
export const BANNER_SCRIPT = `document.querySelector('[data-dismiss-banner]')?.addEventListener('click', () => {
  try {
    localStorage.setItem('pn:seller-banner-dismissed', '1');
  } catch {
    // storage unavailable: dismissed for this page only
  }
  document.documentElement.classList.add('banner-dismissed');
  document.querySelector('.site-header a')?.focus();
});`;

export const CHROME_SCRIPT_HASHES = [HEAD_SCRIPT, MENU_SCRIPT, BANNER_SCRIPT].map(
  (code) => `sha256-${createHash('sha256').update(code).digest('base64')}` as const,
);
