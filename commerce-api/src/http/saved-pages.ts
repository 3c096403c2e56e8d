// /saved rendered on demand (decision 0132, after /my-orders in 0125): the logged-in family's saved
// puppies and saved searches (their alerts, decision 0131) are in the HTML as the site's one card, with
// their breeder lines, so the page reads before any script runs; the hearts' script removes and saves
// again. Served as every private page is (private-page.ts).
import express from 'express';
import { ON_DEMAND_ROUTES } from '#contracts/on-demand-routes.ts';
import type { AppDeps } from '../deps.ts';
import { breederSummaries } from '../domain/breeders/pages.ts';
import { favoritePuppies } from '../domain/favorites.ts';
import { alertsOf, alertViewOf } from '../domain/saved-searches.ts';
import { puppyViews } from '../domain/puppy-catalogue.ts';
import type { OnDemandPages } from './on-demand-pages.ts';
import { privatePage } from './private-page.ts';
import type { SessionLayer } from './session.ts';

export function savedPages(deps: AppDeps, pages: OnDemandPages, sessions: SessionLayer): express.Router {
  const { store, now } = deps;
  const router = express.Router();

  router.get(
    ON_DEMAND_ROUTES.saved.path,
    privatePage(pages, sessions, async (_req, user) => {
      const at = now();
      const puppies = await puppyViews(store, await favoritePuppies(store, user.id, at), at);
      const breeders = await breederSummaries(store, [...new Set(puppies.map((p) => p.userId))], at);
      // the account's alerts in words, each a link to its list (decision 0131); /alerts manages them
      const breeds = new Map((await store.breeds.list()).map((b) => [b.id, b]));
      const searches = (await alertsOf(store, { userId: user.id })).map((s) => alertViewOf(s, breeds));
      return { saved: { puppies, breeders, searches } };
    }),
  );

  return router;
}
