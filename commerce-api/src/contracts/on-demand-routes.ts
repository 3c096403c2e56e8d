// The pages rendered on demand (docs/decisions/0065 and its note of 2026-11-26): the one list that the
// Express app mounts Astro's handler on, `npm run dev`'s locals bridge (tools/astro-dev-page-locals.mjs)
// fills, and sitemap.xml (site/lib/sitemap-pages.ts) reads. Every other page is pre-rendered. Each route
// here is a file under site/pages/ that says `export const prerender = false`, and each such file is a
// route here (tests/unit/on-demand-routes.test.ts). Paths are written as Express writes them: `:name` is
// one path segment, `*name` one or more.

/** where sitemap.xml puts a public page with a fixed address, and how often a crawler should look again */
export interface SitemapHints {
  changefreq: 'daily' | 'weekly' | 'monthly';
  priority: number;
}

export type OnDemandRoute =
  /**
   * The same for everyone: rendered for nobody from the catalogue, so a CDN may keep it. sitemap.xml
   * lists it when it has `sitemap` hints.
   */
  | { path: string; audience: 'public'; sitemap?: SitemapHints }
  /** One viewer's page, or one link's: never cached and never in sitemap.xml. */
  | { path: string; audience: 'private' };

export const ON_DEMAND_ROUTES = {
  puppies: { path: '/puppies', audience: 'public', sitemap: { changefreq: 'daily', priority: 0.9 } },
  // decision 0122: one page of the list's results as an HTML fragment, which its script swaps in; before
  // /puppies/:id, which it would otherwise match
  puppyResults: { path: '/puppies/results', audience: 'public' },
  // sitemap.xml lists this one at each public listing's address (PageCatalogue.sitemap), with its lastmod
  puppy: { path: '/puppies/:id', audience: 'public' },
  sitemap: { path: '/sitemap.xml', audience: 'public' },
  // decision 0118: one page per seller; sitemap.xml lists each at its address (PageCatalogue.breederSitemap)
  breeder: { path: '/breeders/:slug', audience: 'public' },
  // decision 0130: one page per breed; sitemap.xml lists each at its address (PageCatalogue.breedSitemap)
  breed: { path: '/breeds/:slug', audience: 'public' },
  // decision 0090: the logged-in viewer's conversations and one thread
  messages: { path: '/messages', audience: 'private' },
  conversation: { path: '/messages/:id', audience: 'private' },
  // decision 0125: the logged-in buyer's orders, with their forms
  myOrders: { path: '/my-orders', audience: 'private' },
  // decision 0132: the logged-in family's saved puppies and searches
  saved: { path: '/saved', audience: 'private' },
  // decision 0136: the marketing kit of one of the seller's listings (kitPath in #contracts/marketing-kit.ts)
  kit: { path: '/my-listings/:id/kit', audience: 'private' },
  // decision 0101: the local test-mode provider's setup page, keyed by its link
  onboarding: { path: '/earnings/onboarding', audience: 'private' },
  // decision 0123: the login and register forms, with a refused post's codes and kept username
  auth: { path: '/auth', audience: 'private' },
  // decision 0131: a viewer's saved searches, and the pages of the confirmation and unsubscribe links
  alerts: { path: '/alerts', audience: 'private' },
  // decision 0135: the logged-in seller's listing insights, at their plan's level
  insights: { path: '/insights', audience: 'private' },
} as const satisfies Record<string, OnDemandRoute>;

const routes: readonly OnDemandRoute[] = Object.values(ON_DEMAND_ROUTES);

export const PUBLIC_ON_DEMAND_PATHS: readonly string[] = routes
  .filter((route) => route.audience === 'public')
  .map((route) => route.path);
export const PRIVATE_ON_DEMAND_PATHS: readonly string[] = routes
  .filter((route) => route.audience === 'private')
  .map((route) => route.path);

/**
 * Astro's own route for server islands, which has no page file: the home page's featured puppies
 * (components/home/FeaturedListings.astro) are rendered there from the catalogue, for nobody, like a
 * public page.
 */
export const SERVER_ISLANDS_PATH = '/_server-islands/*island';

/** a RegExp that tests a URL's path (without its query) against these routes, with or without a trailing slash */
export function pathPattern(paths: readonly string[]): RegExp {
  const segment = (part: string) =>
    part.startsWith(':') ? '[^/]+' : part.startsWith('*') ? '.+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const one = (path: string) => path.split('/').map(segment).join('\\/');
  return new RegExp(`^(?:${paths.map(one).join('|')})\\/?$`);
}
