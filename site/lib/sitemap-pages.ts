// The pages sitemap.xml lists at a fixed address: every public, indexable page of docs/product.md §2.
// The pre-rendered ones are named here; the on-demand ones come from #contracts/on-demand-routes.ts,
// which lists only its public routes with sitemap hints, so a private page (/messages,
// /earnings/onboarding) is never listed. The listings and the breeder pages themselves are added by
// sitemap.xml.ts from the catalogue.
import { ON_DEMAND_ROUTES, type OnDemandRoute, type SitemapHints } from '#contracts/on-demand-routes.ts';

export interface SitemapPage extends SitemapHints {
  path: string;
}

/** the public pre-rendered pages (site/pages/index.astro for `/`, site/pages/<path>.astro for the others) */
export const PRE_RENDERED_SITEMAP_PAGES: readonly SitemapPage[] = [
  { path: '/', changefreq: 'daily', priority: 1.0 },
  { path: '/sellers', changefreq: 'monthly', priority: 0.7 },
  { path: '/puppy-care-guide', changefreq: 'monthly', priority: 0.7 },
  { path: '/trust', changefreq: 'monthly', priority: 0.6 },
  { path: '/donate', changefreq: 'monthly', priority: 0.6 },
  { path: '/contact', changefreq: 'monthly', priority: 0.5 },
  { path: '/terms-of-service', changefreq: 'monthly', priority: 0.3 },
  { path: '/shipping', changefreq: 'monthly', priority: 0.3 },
  { path: '/privacy', changefreq: 'monthly', priority: 0.3 },
];

const onDemand = (Object.values(ON_DEMAND_ROUTES) as readonly OnDemandRoute[]).flatMap((route) =>
  route.audience === 'public' && route.sitemap ? [{ path: route.path, ...route.sitemap }] : [],
);

/** both kinds, highest priority first (a stable sort: equal ones keep the order above) */
export const SITEMAP_PAGES: readonly SitemapPage[] = [...PRE_RENDERED_SITEMAP_PAGES, ...onDemand].sort(
  (a, b) => b.priority - a.priority,
);

/** a public listing's address: the on-demand route /puppies/:id */
export const listingPath = (id: number) => ON_DEMAND_ROUTES.puppy.path.replace(':id', String(id));

/** a breeder's page (decision 0118): the on-demand route /breeders/:slug */
export const breederPath = (slug: string) => ON_DEMAND_ROUTES.breeder.path.replace(':slug', slug);

/** a breed's page (decision 0130): the on-demand route /breeds/:slug */
export const breedPath = (slug: string) => ON_DEMAND_ROUTES.breed.path.replace(':slug', slug);
