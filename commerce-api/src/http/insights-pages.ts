// /insights rendered on demand (decision 0135, as /saved in 0132): the logged-in seller's listing insights at
// their plan's level, in the HTML with the charts drawn on the server, so the page reads before any script
// runs; an account without a plan reads why, and where to pick one. Served as every private page is
// (private-page.ts).
import express from 'express';
import { ON_DEMAND_ROUTES } from '#contracts/on-demand-routes.ts';
import type { AppDeps } from '../deps.ts';
import { insightsOf } from '../domain/insights.ts';
import type { OnDemandPages } from './on-demand-pages.ts';
import { privatePage } from './private-page.ts';
import type { SessionLayer } from './session.ts';

export function insightsPages(deps: AppDeps, pages: OnDemandPages, sessions: SessionLayer): express.Router {
  const { store, now } = deps;
  const router = express.Router();

  router.get(
    ON_DEMAND_ROUTES.insights.path,
    privatePage(pages, sessions, async (_req, user) => {
      const answer = await insightsOf(store, user.id, now());
      return {
        insights: answer.ok
          ? { kind: 'insights', insights: answer.insights }
          : { kind: 'no-plan', message: answer.message },
      };
    }),
  );

  return router;
}
