// The server mounts Astro's handler on exactly the routes #contracts/on-demand-routes.ts lists (decision
// 0065's note of 2026-11-26), each cached as its audience says. A stand-in handler records what reaches
// it; the built pages themselves are requested in tests/unit/site-build.test.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { breedSlug } from '#contracts/breeds.ts';
import { ON_DEMAND_ROUTES, SERVER_ISLANDS_PATH, type OnDemandRoute } from '#contracts/on-demand-routes.ts';
import { signedInAgent } from '../support/api-login.ts';
import { buildBreeds, buildPuppy, buildUser, createRng } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const rendered: string[] = [];
const handler = (req: IncomingMessage, res: ServerResponse) => {
  rendered.push(req.url ?? '');
  res.setHeader('Content-Type', 'text/plain');
  res.end('rendered by Astro');
};

let t: TestApp;
let signedIn: Awaited<ReturnType<typeof signedInAgent>>;
let puppyId: number;
let breedSlugOf = '';

beforeAll(async () => {
  t = await createTestApp({ now: NOW, pages: { handler, buildId: 'stand-in' } });
  signedIn = await signedInAgent(t);
  const [breed] = buildBreeds();
  const { usernameKey: _key, ...sellerRow } = buildUser({ username: 'route-seller', accountType: 'seller' }, NOW);
  const seller = await t.store.users.create(sellerRow);
  const breedId = (await t.store.breeds.insert(breed!)).id;
  breedSlugOf = breedSlug(breed!.name);
  const expiresAt = new Date(NOW.getTime() + 10 * 86_400_000).toISOString();
  puppyId = (
    await t.store.puppies.insert(
      buildPuppy({ userId: seller.id, breedId, status: 'available', expiresAt }, createRng(3), { now: NOW }),
    )
  ).id;
});

/**
 * one address of the route: `:id` is the public listing's id (for /messages/:id, a conversation nobody has);
 * `:slug` the stored breed's, as /breeds/:slug sends a slug that names no breed to the site's 404 (decision 0130)
 */
const addressOf = (path: string) =>
  path.replace(':id', String(puppyId)).replace(':slug', breedSlugOf).replace('*island', 'FeaturedListings');
const routes = Object.entries(ON_DEMAND_ROUTES as Record<string, OnDemandRoute>);

describe('the on-demand routes, mounted by createApp', () => {
  it.each(routes)('%s reaches Astro, cached as its audience says', async (_name, route) => {
    const address = addressOf(route.path);
    rendered.length = 0;
    const response = await signedIn.agent.get(address);
    expect(response.text).toBe('rendered by Astro');
    expect(rendered).toEqual([address]);
    expect(response.headers['cache-control']).toMatch(
      route.audience === 'public' ? /^public, / : /^private, no-store$/,
    );
  });

  it('the server island reaches Astro, public like the list', async () => {
    rendered.length = 0;
    const response = await signedIn.agent.get(addressOf(SERVER_ISLANDS_PATH));
    expect(response.text).toBe('rendered by Astro');
    expect(rendered).toEqual(['/_server-islands/FeaturedListings']);
    expect(response.headers['cache-control']).toMatch(/^public, /);
  });

  it.each(['/puppies/', '/puppies/1/', '/sitemap.xml/'])(
    'a public page has one address: %s redirects without its slash',
    async (address) => {
      const response = await signedIn.agent.get(address).expect(301);
      expect(response.headers.location).toBe(address.slice(0, -1));
    },
  );

  it.each([
    '/',
    '/my-listings',
    '/earnings',
    '/puppies/1/photos',
    '/messages/1/2',
    '/earnings/onboarding/x',
    '/sitemap.xml.gz',
  ])('%s is not on the list and never reaches Astro', async (address) => {
    rendered.length = 0;
    await signedIn.agent.get(address);
    expect(rendered).toEqual([]);
  });
});
