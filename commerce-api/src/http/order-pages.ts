// /my-orders rendered on demand (docs/decisions/0125, after /messages in 0090): the buyer's orders are in
// the HTML with their forms (confirm receipt, report a problem, write or edit a review), so reading and
// answering work before any script runs; the forms post to the API, which answers 303 back here. A
// visitor is sent to log in first. Never cached: it belongs to one viewer.
import express from 'express';
import * as v from 'valibot';
import { ON_DEMAND_ROUTES } from '#contracts/on-demand-routes.ts';
import { MyOrdersQuerySchema } from '#contracts/orders.ts';
import { safeNextPath } from '#contracts/safe-next-path.ts';
import type { PageLocals } from '#contracts/pages.ts';
import type { AppDeps } from '../deps.ts';
import { buyerOrders } from '../domain/order-views.ts';
import { PRIVATE_PAGE_CACHE, type OnDemandPages } from './on-demand-pages.ts';
import { currentUser, type SessionLayer } from './session.ts';

export function orderPages(deps: AppDeps, pages: OnDemandPages, sessions: SessionLayer): express.Router {
  const { store, now } = deps;
  const router = express.Router();

  router.get(ON_DEMAND_ROUTES.myOrders.path, (req, res, next) => {
    res.setHeader('Cache-Control', PRIVATE_PAGE_CACHE);
    return sessions.middleware(req, res, async (err?: unknown) => {
      if (err) return next(err);
      const user = currentUser(res);
      // the page itself, without its query (decision 0108: every `next` passes safeNextPath)
      if (!user) return res.redirect(303, `/auth?next=${encodeURIComponent(safeNextPath(req.path))}`);
      // a malformed ?page= shows the first page, as the island did
      const query = v.safeParse(MyOrdersQuerySchema, { page: req.query.page });
      const page = query.success ? query.output.page : 1;
      try {
        const myOrders = await buyerOrders(store, user.id, page, now());
        const locals: Partial<PageLocals> = { viewer: { id: user.id, username: user.username }, myOrders };
        return await pages.handler(req, res, next, locals);
      } catch (error) {
        return next(error);
      }
    });
  });

  return router;
}
