// A state-changing request from another site is refused (CSRF defence in depth beside SameSite=Lax
// cookies). Browsers send Origin on every cross-origin POST/PUT/DELETE; clients without an Origin
// header (curl, server-to-server webhooks) are not browsers riding on a user's cookie.
import type { RequestHandler } from 'express';
import { ForbiddenError } from '../errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sameOriginOnly(allowedOrigins: readonly string[]): RequestHandler {
  const allowed = new Set(allowedOrigins);
  return (req, _res, next) => {
    if (SAFE.has(req.method)) return next();
    const origin = req.get('origin');
    if (req.get('sec-fetch-site') === 'cross-site' && !(origin && allowed.has(origin))) {
      return next(new ForbiddenError('Requests from other sites are not allowed.'));
    }
    if (!origin) return next();
    // A form the page posts itself (no script) under Referrer-Policy no-referrer (the site's policy until
    // decision 0135 made it same-origin; a browser may still send one) carries Origin "null";
    // Sec-Fetch-Site, which no page can set, says it is our own page (decision 0090: forms before hydration).
    if (origin === 'null' && req.get('sec-fetch-site') === 'same-origin') return next();
    const own = `${req.protocol}://${req.get('host')}`;
    if (origin === own || allowed.has(origin)) return next();
    next(new ForbiddenError('Requests from other sites are not allowed.'));
  };
}
