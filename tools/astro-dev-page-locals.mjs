// `npm run dev` only: astro dev renders the public on-demand pages and the home page's server island,
// but the catalogue lives in the API process that tools/dev.ts runs beside it. This fills their `locals`
// (#contracts/pages.ts) from that API over loopback, for the routes #contracts/on-demand-routes.ts lists
// as public (Node's type stripping loads the .ts, as it loads the server). The private ones get no
// locals here and their islands load what they show. The built server never uses this: there the Express
// app hands Astro the catalogue in the same process (docs/decisions/0065).
import { PUBLIC_ON_DEMAND_PATHS, SERVER_ISLANDS_PATH, pathPattern } from '#contracts/on-demand-routes.ts';

const LOCALS = Symbol.for('astro.locals');
const PAGES = pathPattern([...PUBLIC_ON_DEMAND_PATHS, SERVER_ISLANDS_PATH]);

export default function devPageLocals({ apiPort }) {
  return {
    name: 'puppynest:dev-page-locals',
    hooks: {
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((req, _res, next) => {
          if (!PAGES.test((req.url ?? '').split('?')[0])) return next();
          pageLocals(`http://127.0.0.1:${apiPort}`, req.headers.cookie).then(
            (locals) => {
              req[LOCALS] = locals;
              next();
            },
            (error) => next(error),
          );
        });
      },
    },
  };
}

async function pageLocals(api, cookie) {
  const get = async (path, withCookie = false) => {
    const response = await fetch(api + path, { headers: withCookie && cookie ? { cookie } : {} });
    if (response.status === 404 || response.status === 401) return null;
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    return response.json();
  };
  const query = (q) =>
    new URLSearchParams(
      Object.entries(q).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])),
    ).toString();
  const user = cookie ? await get('/api/user', true) : null;
  return {
    viewer: user ? { id: user.id, username: user.username } : null,
    catalogue: {
      page: (q) => get(`/api/puppies?${query(q)}`),
      // with the cookie: the API shows an owner their draft, as the built server does
      puppy: (id) => get(`/api/puppies/${id}`, true),
      featured: () => get('/api/puppies/featured'),
      breederLines: async (ids) => (ids.length ? ((await get(`/api/breeders?sellers=${ids.join(',')}`)) ?? {}) : {}),
      breeds: () => get('/api/breeds'),
      sitemap: async () => ((await get('/api/puppies')) ?? []).map((p) => ({ id: p.id, lastmod: p.createdAt })),
      breeder: async (slug) => {
        const breeder = await get(`/api/breeders/${encodeURIComponent(slug)}`);
        if (!breeder) return null;
        const all = (await get('/api/puppies')) ?? [];
        return { breeder, listings: all.filter((p) => p.userId === breeder.userId) };
      },
      // the development server lists no breeder pages: the API has no list of them
      breederSitemap: async () => [],
      // decision 0130
      breed: (slug) => get(`/api/breeds/${encodeURIComponent(slug)}`),
      breedSitemap: async () => [],
    },
  };
}
