// /my-orders rendered on demand (docs/decisions/0125, after /messages in 0090): the buyer's orders are in
// the HTML with their forms (confirm receipt, report a problem, write or edit a review), so reading and
// answering work before any script runs; the forms post to the API, which answers 303 back here. Served
// as every private page is (private-page.ts).
import express from 'express';
import * as v from 'valibot';
import { ON_DEMAND_ROUTES } from '#contracts/on-demand-routes.ts';
import { MyOrdersQuerySchema } from '#contracts/orders.ts';
import type { AppDeps } from '../deps.ts';
import { buyerOrders } from '../domain/order-views.ts';
import type { OnDemandPages } from './on-demand-pages.ts';
import { privatePage } from './private-page.ts';
import type { SessionLayer } from './session.ts';

export function orderPages(deps: AppDeps, pages: OnDemandPages, sessions: SessionLayer): express.Router {
  const { store, now } = deps;
  const router = express.Router();

  router.get(
    ON_DEMAND_ROUTES.myOrders.path,
    privatePage(pages, sessions, async (req, user) => {
      // a malformed ?page= shows the first page, as the island did
      const query = v.safeParse(MyOrdersQuerySchema, { page: req.query.page });
      const page = query.success ? query.output.page : 1;
      return { myOrders: await buyerOrders(store, user.id, page, now()) };
    }),
  );

  return router;
}
