// The on-demand pages' handler, as the server loads it from the Astro build, and the caching rules the
// routers that mount it share (listing-pages.ts, message-pages.ts, onboarding-page.ts; decision 0065).
// Which paths they mount it on is #contracts/on-demand-routes.ts.
// Types and constants only, so that deps.ts can name the handler without importing a router.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Astro's middleware-mode handler, as the built server/entry.mjs exports it */
export type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (err?: unknown) => void,
  locals?: object,
) => void | Promise<void>;

export interface OnDemandPages {
  handler: AstroHandler;
  /** changes with every build, so a new build's markup never answers 304 to an old copy */
  buildId: string;
}

// A CDN (or any shared cache) keeps a listing page a minute and may serve it a while longer while it
// fetches a fresh one; browsers revalidate every time, which costs a 304 when nothing changed.
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
/** a page that depends on who asks (a draft shown to its owner), or a 404 that may turn into a page */
export const PRIVATE_PAGE_CACHE = 'private, no-store';
