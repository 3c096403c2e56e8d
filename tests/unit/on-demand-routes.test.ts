// The one list of on-demand routes (#contracts/on-demand-routes.ts, decision 0065's note of 2026-11-26)
// against the page files that say `prerender = false`, and what sitemap.xml lists from it. The server's
// mount of the same list is checked in tests/api/on-demand-routes.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ON_DEMAND_ROUTES,
  PRIVATE_ON_DEMAND_PATHS,
  PUBLIC_ON_DEMAND_PATHS,
  SERVER_ISLANDS_PATH,
  pathPattern,
} from '#contracts/on-demand-routes.ts';
import { PRE_RENDERED_SITEMAP_PAGES, SITEMAP_PAGES, listingPath } from '../../site/lib/sitemap-pages.ts';

const PAGES_DIR = path.resolve('site/pages');
/** the files Astro makes routes of; a name starting with `_` is not one */
const ROUTE_FILE = /^[^_].*\.(?:astro|md|mdx|html|js|ts)$/;
const ON_DEMAND = /^\s*export\s+const\s+prerender\s*=\s*false\b/m;

/** site/pages/<file> → its route, written as Express writes it: puppies/[id].astro → /puppies/:id */
function routeOf(file: string): string {
  const parts = file.replace(/\.(?:astro|md|mdx|html|js|ts)$/, '').split('/');
  if (parts.at(-1) === 'index') parts.pop();
  const segments = parts.map((part) => part.replace(/^\[\.\.\.(\w+)\]$/, '*$1').replace(/^\[(\w+)\]$/, ':$1'));
  return `/${segments.join('/')}`;
}

const pageFiles = (readdirSync(PAGES_DIR, { recursive: true }) as string[])
  .map((file) => file.split(path.sep).join('/'))
  .filter((file) => ROUTE_FILE.test(path.posix.basename(file)))
  .map((file) => ({ file, route: routeOf(file), source: readFileSync(path.join(PAGES_DIR, file), 'utf8') }));

describe('the on-demand routes and the page files', () => {
  it('reads the page files it checks (routeOf maps names as Astro does)', () => {
    expect(pageFiles.find((p) => p.file === 'puppies/[id].astro')?.route).toBe('/puppies/:id');
    expect(pageFiles.find((p) => p.file === 'puppies/index.astro')?.route).toBe('/puppies');
    expect(pageFiles.find((p) => p.file === 'sitemap.xml.ts')?.route).toBe('/sitemap.xml');
    expect(pageFiles.find((p) => p.file === 'index.astro')?.route).toBe('/');
  });

  it('lists exactly the pages that say prerender = false: none missing, none without its page', () => {
    const onDemandFiles = pageFiles.filter((p) => ON_DEMAND.test(p.source)).map((p) => p.route);
    expect(
      Object.values(ON_DEMAND_ROUTES)
        .map((route) => route.path)
        .sort(),
    ).toEqual(onDemandFiles.sort());
  });

  it('names each route once, and keeps the pages of one viewer or one link private', () => {
    const paths = [...PUBLIC_ON_DEMAND_PATHS, ...PRIVATE_ON_DEMAND_PATHS];
    expect(new Set(paths).size).toBe(paths.length);
    expect(PRIVATE_ON_DEMAND_PATHS).toEqual(
      expect.arrayContaining(['/messages', '/messages/:id', '/my-orders', '/earnings/onboarding', '/auth']),
    );
  });
});

describe('pathPattern, which the server and the dev bridge test a path with', () => {
  const publicPages = pathPattern(PUBLIC_ON_DEMAND_PATHS);
  const devBridge = pathPattern([...PUBLIC_ON_DEMAND_PATHS, SERVER_ISLANDS_PATH]);

  it.each(['/puppies', '/puppies/', '/puppies/12', '/puppies/12/', '/puppies/not-a-number', '/sitemap.xml'])(
    'matches %s',
    (url) => {
      expect(publicPages.test(url)).toBe(true);
    },
  );

  it.each([
    '/',
    '/puppies/12/photos',
    '/puppiesx',
    '/sitemapXxml',
    '/sitemap.xml.gz',
    '/messages',
    '/messages/3',
    '/my-orders',
    '/earnings/onboarding',
    '/auth',
    '/_server-islands/FeaturedListings',
  ])('does not match %s', (url) => {
    expect(publicPages.test(url)).toBe(false);
  });

  it('lets the dev bridge fill the server island too, at any depth, and nothing private', () => {
    expect(devBridge.test('/_server-islands/FeaturedListings')).toBe(true);
    expect(devBridge.test('/_server-islands/')).toBe(false);
    for (const url of ['/messages', '/messages/3', '/my-orders', '/earnings/onboarding', '/auth'])
      expect(devBridge.test(url), url).toBe(false);
  });
});

describe('what sitemap.xml lists at a fixed address', () => {
  const listed = SITEMAP_PAGES.map((page) => page.path);

  it('lists the public on-demand list page and the public pre-rendered pages, highest priority first', () => {
    expect(listed).toEqual([
      '/',
      '/puppies',
      '/sellers',
      '/puppy-care-guide',
      '/trust',
      '/donate',
      '/contact',
      '/terms-of-service',
      '/shipping',
      '/privacy',
    ]);
    const priorities = SITEMAP_PAGES.map((page) => page.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
  });

  it('never lists a private on-demand page, nor a page with a parameter', () => {
    const privatePages = pathPattern(PRIVATE_ON_DEMAND_PATHS);
    for (const page of listed) expect(privatePages.test(page), page).toBe(false);
    for (const page of listed) expect(page, page).not.toMatch(/[:*]/);
  });

  it.each(PRE_RENDERED_SITEMAP_PAGES.map((page) => page.path))(
    '%s is a pre-rendered page file that does not ask for noindex',
    (route) => {
      const page = pageFiles.find((p) => p.route === route);
      expect(page, route).toBeDefined();
      expect(ON_DEMAND.test(page!.source), route).toBe(false);
      expect(page!.source, route).not.toMatch(/\bnoindex\b/);
    },
  );

  it('writes a listing at its on-demand route', () => {
    expect(listingPath(42)).toBe('/puppies/42');
  });
});
