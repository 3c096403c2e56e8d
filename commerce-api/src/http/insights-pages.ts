// /insights rendered on demand (decision 0135, as /saved in 0132): the logged-in seller's listing insights at
// their plan's level, in the HTML with the charts drawn on the server, so the page reads before any script
// runs. A visitor is sent to log in first; an account without a plan reads why, and where to pick one. Never
// cached: it belongs to one seller.
import express from 'express';
import { ON_DEMAND_ROUTES } from '#contracts/on-demand-routes.ts';
import { safeNextPath } from '#contracts/safe-next-path.ts';
import type { PageLocals } from '#contracts/pages.ts';
import type { AppDeps } from '../deps.ts';
import { insightsOf } from '../domain/insights.ts';
import { PRIVATE_PAGE_CACHE, type OnDemandPages } from './on-demand-pages.ts';
import { currentUser, type SessionLayer } from './session.ts';

export function insightsPages(deps: AppDeps, pages: OnDemandPages, sessions: SessionLayer): express.Router {
  const { store, now } = deps;
  const router = express.Router();

  router.get(ON_DEMAND_ROUTES.insights.path, (req, res, next) => {
    res.setHeader('Cache-Control', PRIVATE_PAGE_CACHE);
    return sessions.middleware(req, res, async (err?: unknown) => {
      if (err) return next(err);
      const user = currentUser(res);
      if (!user) return res.redirect(303, `/auth?next=${encodeURIComponent(safeNextPath(req.path))}`);
      try {
        const answer = await insightsOf(store, user.id, now());
        const locals: Partial<PageLocals> = {
          viewer: { id: user.id, username: user.username },
          insights: answer.ok
            ? { kind: 'insights', insights: answer.insights }
            : { kind: 'no-plan', message: answer.message },
        };
        return await pages.handler(req, res, next, locals);
      } catch (error) {
        return next(error);
      }
    });
  });

  return router;
}
