// The public on-demand pages (docs/decisions/0065): /puppies, /puppies/{id}, /breeders/{slug} (decision
// 0118), /breeds/{slug} (decision 0130), sitemap.xml and the home
// page's server island (featured puppies), as #contracts/on-demand-routes.ts lists them, rendered by
// Astro's handler (@astrojs/node, middleware mode) in this process. Express decides what the page may
// show and how it may be cached; the page gets its data only from `locals` (#contracts/pages.ts).
import express, { type Request, type Response } from 'express';
import * as v from 'valibot';
import { idParam } from '#contracts/common.ts';
import {
  ON_DEMAND_ROUTES,
  PUBLIC_ON_DEMAND_PATHS,
  SERVER_ISLANDS_PATH,
  pathPattern,
} from '#contracts/on-demand-routes.ts';
import type { PageCatalogue, PageLocals } from '#contracts/pages.ts';
import { PRICE_BANDS, type PuppyPage } from '#contracts/puppies.ts';
import type { AppDeps } from '../deps.ts';
import { breedBySlug, breedPage, breedSitemap } from '../domain/breed-pages.ts';
import { breederSitemap } from '../domain/breeders/pages.ts';
import { sellerReviews } from '../domain/reviews.ts';
import { breederSummaries } from '../domain/breeders/pages.ts';
import { recommendedTestsOf } from '../domain/parents.ts';
import {
  breederWithListings,
  breedViews,
  cachedQueryPuppies,
  catalogueStamp,
  featuredPuppies,
  isPublic,
  puppyDetail,
  sitemapEntries,
} from '../domain/puppy-catalogue.ts';
import { CSP_HEADER } from './content-security-policy.ts';
import { PRIVATE_PAGE_CACHE, PUBLIC_PAGE_CACHE, type OnDemandPages } from './on-demand-pages.ts';
import { currentUser, type SessionLayer } from './session.ts';

export function listingPages(deps: AppDeps, pages: OnDemandPages, sessions: SessionLayer): express.Router {
  const { store, now } = deps;
  const router = express.Router();

  const catalogue = (at: Date, viewerId: number | undefined): PageCatalogue => ({
    // the API's answer, parsed: the page is what GET /api/puppies would send for this query
    page: async (query) => JSON.parse((await cachedQueryPuppies(store, query, at)).json) as PuppyPage,
    puppy: async (id) => puppyDetail(store, id, viewerId, at, await recommendedTestsOf(deps.content)),
    featured: () => featuredPuppies(store, at),
    breeds: () => breedViews(store),
    sitemap: () => sitemapEntries(store, at),
    breeder: (slug) => breederWithListings(store, slug, at),
    breederSitemap: () => breederSitemap(store),
    sellerReviews: (sellerId) => sellerReviews(store, sellerId),
    breederLines: (sellerIds) => breederSummaries(store, sellerIds, at),
    breed: (slug) => breedPage(store, deps.content, slug, at),
    breedSitemap: () => breedSitemap(store),
  });

  /**
   * public, cacheable: validators from the catalogue's state; true when the client's copy is current.
   * A store that cannot tell when the catalogue changed (PostgreSQL) gives no validators: the page is
   * rendered each time, and shared caches still keep it a minute.
   */
  const cachePublicly = (req: Request, res: Response, at: Date): boolean => {
    const stamp = catalogueStamp(store, at);
    res.setHeader('Cache-Control', PUBLIC_PAGE_CACHE);
    if (!stamp) return false;
    res.setHeader('ETag', `W/"${pages.buildId}-${stamp.tag}"`);
    res.setHeader('Last-Modified', stamp.since.toUTCString());
    if (!req.fresh) return false;
    // A 304 updates the headers the browser keeps with its copy: the default policy would replace the
    // page's own, which Astro sends only with the page (decision 0112).
    res.removeHeader(CSP_HEADER);
    res.status(304).end();
    return true;
  };

  const render = (req: Request, res: Response, locals: PageLocals, next: (err?: unknown) => void) =>
    Promise.resolve(pages.handler(req, res, next, locals)).catch(next);

  router.use((req, res, next) => {
    if (!PUBLIC_PAGE_PATH.test(req.path)) return next();
    // An address that cannot be decoded is the site's 404 page, as for any other page.
    if (!decodes(req.path)) return next('router');
    // One address per page (Astro renders without the trailing slash).
    if (req.path.endsWith('/')) {
      const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
      return res.redirect(301, `${req.path.slice(0, -1)}${query}`);
    }
    next();
  });

  router.get(ON_DEMAND_ROUTES.puppies.path, (req, res, next) => {
    // The Find My Puppy form sends a price band; the list's address carries its bounds.
    const band = typeof req.query.price === 'string' ? req.query.price : undefined;
    if (band !== undefined) return res.redirect(303, withPriceBounds(req.originalUrl, band));
    const at = now();
    if (cachePublicly(req, res, at)) return;
    return render(req, res, { catalogue: catalogue(at, undefined), viewer: null }, next);
  });

  // decision 0122: the list's results alone, for its script; the same catalogue answer, never indexed
  router.get(ON_DEMAND_ROUTES.puppyResults.path, (req, res, next) => {
    const at = now();
    res.setHeader('X-Robots-Tag', 'noindex');
    if (cachePublicly(req, res, at)) return;
    return render(req, res, { catalogue: catalogue(at, undefined), viewer: null }, next);
  });

  // Server islands of pre-rendered pages: the home page's featured puppies. Public like the list.
  router.get(SERVER_ISLANDS_PATH, (req, res, next) => {
    const at = now();
    if (cachePublicly(req, res, at)) return;
    return render(req, res, { catalogue: catalogue(at, undefined), viewer: null }, next);
  });

  router.get(ON_DEMAND_ROUTES.sitemap.path, (req, res, next) => {
    const at = now();
    if (cachePublicly(req, res, at)) return;
    return render(req, res, { catalogue: catalogue(at, undefined), viewer: null }, next);
  });

  router.get(ON_DEMAND_ROUTES.puppy.path, async (req, res, next) => {
    const at = now();
    const found = v.safeParse(idParam, req.params.id);
    const puppy = found.success ? await store.puppies.get(found.output) : undefined;
    // A public listing looks the same to everyone: rendered for nobody, shareable by a CDN.
    if (puppy && isPublic(puppy, at)) {
      if (cachePublicly(req, res, at)) return;
      return render(req, res, { catalogue: catalogue(at, undefined), viewer: null }, next);
    }
    // Anything else is a 404, except a draft or expired listing shown to its logged-in owner.
    res.setHeader('Cache-Control', PRIVATE_PAGE_CACHE);
    return sessions.middleware(req, res, (err?: unknown) => {
      if (err) return next(err);
      const user = currentUser(res);
      const viewer = user ? { id: user.id, username: user.username } : null;
      return render(req, res, { catalogue: catalogue(at, user?.id), viewer }, next);
    });
  });

  // decision 0118: a breeder's page is the same for everyone. Its badges and figures change with orders,
  // conversations and moderation, which the catalogue's validators do not follow: rendered each time,
  // and shared caches keep it a minute.
  router.get(ON_DEMAND_ROUTES.breeder.path, (req, res, next) => {
    const at = now();
    res.setHeader('Cache-Control', PUBLIC_PAGE_CACHE);
    return render(req, res, { catalogue: catalogue(at, undefined), viewer: null }, next);
  });

  // decision 0130: a breed's page is the same for everyone; its breeders' ratings and badges change with
  // reviews and moderation, which the catalogue's validators do not follow, so it is rendered each time
  // (its figures are kept while the catalogue is unchanged) and shared caches keep it a minute.
  router.get(ON_DEMAND_ROUTES.breed.path, async (req, res, next) => {
    // a slug that names no breed is the site's own 404 page, as an address that matches no route
    if (!(await breedBySlug(store, req.params.slug ?? ''))) return next('router');
    const at = now();
    res.setHeader('Cache-Control', PUBLIC_PAGE_CACHE);
    return render(req, res, { catalogue: catalogue(at, undefined), viewer: null }, next);
  });

  return router;
}

/** the public pages, shared by CDNs and crawlers: each has one address, which must decode */
const PUBLIC_PAGE_PATH = pathPattern(PUBLIC_ON_DEMAND_PATHS);

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** /puppies?…&price=1000-2000 → /puppies?…&minPrice=1000&maxPrice=2000, without the form's empty fields */
export function withPriceBounds(originalUrl: string, band: string): string {
  const url = new URL(originalUrl, 'http://puppynest.invalid');
  const params = new URLSearchParams();
  for (const [name, value] of url.searchParams) if (name !== 'price' && value.trim() !== '') params.append(name, value);
  const chosen = PRICE_BANDS.find((b) => b.value === band);
  if (chosen) {
    params.set('minPrice', String(chosen.min));
    if (chosen.max === undefined) params.delete('maxPrice');
    else params.set('maxPrice', String(chosen.max));
  }
  const query = params.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}
