// /auth rendered on demand (docs/decisions/0123): the login and register forms are in the HTML and post
// without script; a refused post comes back here with codes in the address (#contracts/auth-refusals.ts),
// which the page turns into the table's texts and the kept username. Never cached: the address may carry
// what one person typed. The page needs nobody's session (the island sends a logged-in visitor home).
import express from 'express';
import { ON_DEMAND_ROUTES } from '#contracts/on-demand-routes.ts';
import type { PageLocals } from '#contracts/pages.ts';
import { PRIVATE_PAGE_CACHE, type OnDemandPages } from './on-demand-pages.ts';

export function authPage(pages: OnDemandPages): express.Router {
  const router = express.Router();
  router.get(ON_DEMAND_ROUTES.auth.path, (req, res, next) => {
    res.setHeader('Cache-Control', PRIVATE_PAGE_CACHE);
    const locals: Partial<PageLocals> = { viewer: null };
    return Promise.resolve(pages.handler(req, res, next, locals)).catch(next);
  });
  return router;
}
