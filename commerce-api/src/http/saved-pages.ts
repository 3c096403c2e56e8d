// /saved rendered on demand (decision 0132, after /my-orders in 0125): the logged-in family's saved
// puppies and saved searches (their alerts, decision 0131) are in the HTML as the site's one card, with their breeder lines, so the page reads before any
// script runs; the hearts' script removes and saves again. A visitor is sent to log in first. Never
// cached: it belongs to one viewer.
import express from 'express';
import { ON_DEMAND_ROUTES } from '#contracts/on-demand-routes.ts';
import { safeNextPath } from '#contracts/safe-next-path.ts';
import type { PageLocals } from '#contracts/pages.ts';
import type { AppDeps } from '../deps.ts';
import { breederSummaries } from '../domain/breeders/pages.ts';
import { favoritePuppies } from '../domain/favorites.ts';
import { alertsOf, alertViewOf } from '../domain/saved-searches.ts';
import { puppyViews } from '../domain/puppy-catalogue.ts';
import { PRIVATE_PAGE_CACHE, type OnDemandPages } from './on-demand-pages.ts';
import { currentUser, type SessionLayer } from './session.ts';

export function savedPages(deps: AppDeps, pages: OnDemandPages, sessions: SessionLayer): express.Router {
  const { store, now } = deps;
  const router = express.Router();

  router.get(ON_DEMAND_ROUTES.saved.path, (req, res, next) => {
    res.setHeader('Cache-Control', PRIVATE_PAGE_CACHE);
    return sessions.middleware(req, res, async (err?: unknown) => {
      if (err) return next(err);
      const user = currentUser(res);
      if (!user) return res.redirect(303, `/auth?next=${encodeURIComponent(safeNextPath(req.path))}`);
      try {
        const at = now();
        const puppies = await puppyViews(store, await favoritePuppies(store, user.id, at), at);
        const breeders = await breederSummaries(store, [...new Set(puppies.map((p) => p.userId))], at);
        // the account's alerts in words, each a link to its list (decision 0131); /alerts manages them
        const breeds = new Map((await store.breeds.list()).map((b) => [b.id, b]));
        const searches = (await alertsOf(store, { userId: user.id })).map((s) => alertViewOf(s, breeds));
        const locals: Partial<PageLocals> = {
          viewer: { id: user.id, username: user.username },
          saved: { puppies, breeders, searches },
        };
        return await pages.handler(req, res, next, locals);
      } catch (error) {
        return next(error);
      }
    });
  });

  return router;
}
