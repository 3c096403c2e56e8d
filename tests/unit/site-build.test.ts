// The built site, checked in its HTML: one real `astro build` of a copy of content/ in which an editor
// changed a FAQ answer. The new words must be on the home page, and the content pages must ship no
// JavaScript beyond the islands it names (docs/product.md §13). The same build's on-demand listing pages
// (/puppies, /puppies/{id}, sitemap.xml) and the payout onboarding page are then requested through
// createApp, as the server mounts them.
import { createHash } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import request from 'supertest';
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breedSlug } from '#contracts/breeds.ts';
import type { AstroHandler } from '../../commerce-api/src/http/on-demand-pages.ts';
import { SITEMAP_PAGES } from '../../site/lib/sitemap-pages.ts';
import { buildBreeds, buildPuppy, buildUser, createRng } from '../support/factories.ts';
import { createTestApp, registeredAgent, type TestApp } from '../support/test-app.ts';

const ROOT = path.resolve('.');
const work = mkdtempSync(path.join(os.tmpdir(), 'puppynest-site-build-'));
const contentDir = path.join(work, 'content');
// Inside the project: the built server imports its packages from node_modules by plain resolution.
mkdirSync(path.join(ROOT, 'node_modules', '.cache'), { recursive: true });
const outDir = mkdtempSync(path.join(ROOT, 'node_modules', '.cache', 'site-build-'));
const NEW_ANSWER =
  'Edited in the Studio: start with the Find My Puppy panel, then talk to two or three breeders before you decide.';
let buildLog = '';

function build(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      cwd: ROOT,
      env: {
        ...process.env,
        CONTENT_DIR: contentDir,
        SITE_DIST_DIR: outDir,
        SANITY_PROJECT_ID: '',
        ASTRO_TELEMETRY_DISABLED: '1',
        DO_NOT_TRACK: '1',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (buildLog += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (buildLog += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
}

// The static files; the on-demand handler is beside them in server/.
const html = (page: string) => readFileSync(path.join(outDir, 'client', page), 'utf8');

beforeAll(async () => {
  cpSync(path.join(ROOT, 'content'), contentDir, { recursive: true });
  const file = path.join(contentDir, 'production.ndjson');
  const lines = readFileSync(file, 'utf8').split('\n');
  const index = lines.findIndex((line) => line.includes('"_id":"faq-01"'));
  const doc = JSON.parse(lines[index]!) as { answer: string };
  doc.answer = NEW_ANSWER;
  lines[index] = JSON.stringify(doc);
  writeFileSync(file, lines.join('\n'));
  const code = await build();
  if (code !== 0) throw new Error(`astro build failed (${code}):\n${buildLog.slice(-3000)}`);
}, 240_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
});

describe('a content change, rebuilt', () => {
  it('shows the edited FAQ answer on the home page, pre-rendered, and no longer the old one', () => {
    const home = html('index.html');
    expect(home.includes(`>${NEW_ANSWER}</p>`), 'new answer in the accordion').toBe(true);
    expect(home.includes('Start with the search box or the Find My Puppy panel on the home page'), 'old answer').toBe(
      false,
    );
    // the FAQPage structured data follows the same content
    expect(home.includes(`"acceptedAnswer":{"@type":"Answer","text":"${NEW_ANSWER}"}`), 'FAQPage JSON-LD').toBe(true);
  });
});

interface Script {
  attrs: string;
  body: string;
}

function scriptsOf(page: string): Script[] {
  return [...html(page).matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({ attrs: m[1]!, body: m[2]! }));
}

function islandsOf(page: string): string[] {
  return [...html(page).matchAll(/<astro-island\b[^>]*\bopts="([^"]*)"/g)]
    .map((m) => JSON.parse(m[1]!.replace(/&quot;/g, '"')).name as string)
    .sort();
}

/** Astro's own island loader (one small inline script per hydration directive, and the <astro-island> element). */
const isAstroRuntime = (s: Script) => /\bAstro\b|astro-island/.test(s.body);
/** Astro's loader of a server island (the home page's featured puppies). */
const isServerIslandLoader = (s: Script) => /server-island-start|replaceServerIsland\(/.test(s.body);
/** The site chrome's few lines: banner dismissal and the mobile menu's Escape/outside click. */
const isChrome = (s: Script) => /pn:seller-banner-dismissed|data-mobile-menu/.test(s.body);

describe('JavaScript on the content pages', () => {
  const ALLOWED: Record<string, string[]> = {
    // the featured puppies come in a server island, rendered per request (checked below)
    'index.html': ['SearchPanel'],
    'puppy-care-guide.html': [],
    'terms-of-service.html': [],
    'privacy.html': [],
    'shipping.html': [],
    'contact.html': ['ContactForm'],
  };

  it.each(Object.entries(ALLOWED))('%s hydrates only its named islands', (page, islands) => {
    expect(islandsOf(page)).toEqual(islands);
  });

  it.each(Object.keys(ALLOWED))(
    "%s loads only the chrome's two modules and inlines nothing but structured data, the island loader and the chrome lines",
    (page) => {
      const scripts = scriptsOf(page);
      // the chrome's two modules (decision 0127): the header's account corner and the toast region
      expect(
        scripts
          .filter((s) => /\bsrc=/.test(s.attrs))
          .map((s) => /src="\/_astro\/(\w+)\.astro_astro_type_script/.exec(s.attrs)?.[1]),
      ).toEqual(['SiteHeader', 'BaseLayout']);
      const code = scripts.filter((s) => !/type="application\/ld\+json"/.test(s.attrs) && !/\bsrc=/.test(s.attrs));
      expect(code.filter((s) => !isAstroRuntime(s) && !isChrome(s) && !isServerIslandLoader(s))).toEqual([]);
      // the hand-written part stays tiny
      const chromeBytes = code.filter(isChrome).reduce((sum, s) => sum + s.body.length, 0);
      expect(chromeBytes).toBeGreaterThan(0);
      expect(chromeBytes).toBeLessThan(1500);
      expect(scripts.filter((s) => /type="application\/ld\+json"/.test(s.attrs)).length).toBeGreaterThan(0);
    },
  );

  it('renders the care guide and the terms as plain HTML, with no React on the page', () => {
    const guide = html('puppy-care-guide.html');
    const terms = html('terms-of-service.html');
    // Portable Text became HTML at build time
    expect(guide.includes('<h3>Feeding schedule</h3>'), 'care guide h3').toBe(true);
    expect(guide.includes('<strong>6–12 weeks:</strong> 4 meals a day'), 'feeding schedule').toBe(true);
    expect(
      terms.includes('<li>Mastercard</li><li>Visa</li><li>American Express</li><li>Discover</li>'),
      'accepted cards',
    ).toBe(true);
    // the privacy policy and the shipping and pickup page, the same way (decision 0120)
    const privacy = html('privacy.html');
    const shipping = html('shipping.html');
    expect(privacy).toMatch(/<h2 id="cookies-heading"[^>]*>Cookies and Your Browser<\/h2>/);
    expect(privacy.includes('<a href="/contact">contact page</a>'), 'link to /contact').toBe(true);
    expect(shipping.includes('<strong>there is no delivery fee at checkout.</strong>'), 'shipping').toBe(true);
    for (const page of [guide, terms, privacy, shipping])
      expect(page.includes('component-url="/_astro/RichText'), 'RichText hydrated').toBe(false);
  });
});

describe('Content-Security-Policy', () => {
  const pages = [
    'index.html',
    'contact.html',
    'sellers.html',
    'donate.html',
    'checkout/_.html',
    'admin.html',
    '404.html',
  ];

  it.each(pages)(
    '%s carries a CSP that allows each of its inline scripts by hash and nothing inline beyond them',
    (page) => {
      const text = html(page);
      const policy = /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(text)?.[1] ?? '';
      expect(policy).toMatch(/default-src 'self'/);
      expect(policy).toMatch(/object-src 'none'/);
      const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
      expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
      const inline = [
        ...text.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g),
      ];
      expect(inline.length).toBeGreaterThan(0);
      for (const [, body] of inline) {
        const hash = `'sha256-${createHash('sha256').update(body!).digest('base64')}'`;
        expect(scriptSrc, body!.slice(0, 60)).toContain(hash);
      }
    },
  );
});

describe('frames (decision 0108)', () => {
  it('every page frames only Stripe and the two video players', () => {
    for (const page of ['index.html', 'checkout/_.html', 'admin.html', 'donate.html']) {
      const policy = /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(html(page))?.[1] ?? '';
      const frameSrc = /frame-src ([^;]*)/.exec(policy)?.[1]?.trim().split(/\s+/).sort();
      expect(frameSrc, page).toEqual([
        'https://hooks.stripe.com',
        'https://js.stripe.com',
        'https://player.vimeo.com',
        'https://www.youtube-nocookie.com',
      ]);
    }
  });
});

// ---- the on-demand listing pages, through createApp ----

const NOW = new Date('2026-06-01T12:00:00.000Z');
const DAY = 86_400_000;
const SITE = 'http://localhost:4321';
let t: TestApp;
const ids: Record<string, number> = {};
let owner: Awaited<ReturnType<typeof registeredAgent>>;

async function catalogueApp(): Promise<void> {
  const { handler } = (await import(pathToFileURL(path.join(outDir, 'server', 'entry.mjs')).href)) as {
    handler: AstroHandler;
  };
  t = await createTestApp({ now: NOW, pages: { handler, buildId: 'test-build' } });
  owner = await registeredAgent(t.app, { accountType: 'seller' });
  const rng = createRng(11);
  const future = new Date(NOW.getTime() + 10 * DAY).toISOString();
  for (const breed of buildBreeds()) await t.store.breeds.insert(breed);
  const { usernameKey: _key, ...sellerRow } = buildUser({ username: 'page-seller', accountType: 'seller' }, NOW);
  const seller = await t.store.users.create(sellerRow);
  const breeds = await t.store.breeds.list();
  const lab = breeds.find((b) => b.name === 'Labrador Retriever')!;
  const beagle = breeds.find((b) => b.name === 'Beagle')!;
  const add = async (key: string, overrides: Parameters<typeof buildPuppy>[0]) => {
    ids[key] = (
      await t.store.puppies.insert(
        buildPuppy({ userId: seller.id, expiresAt: future, ...overrides }, rng, { now: NOW }),
      )
    ).id;
  };
  // twelve beagles first (older), so the list has more than the ItemList's ten
  for (let i = 0; i < 12; i++)
    await add(`beagle${i}`, {
      name: `Beagle Pup ${i}`,
      breedId: beagle.id,
      gender: 'Male',
      price: 800 + i,
      status: 'available',
    });
  await add('daisy', {
    name: 'Daisy',
    breedId: lab.id,
    gender: 'Female',
    price: 1500,
    location: 'Portland, OR',
    status: 'available',
    imageUrl: '/uploads/seed/daisy.webp',
  });
  await add('cooper', {
    name: 'Cooper',
    breedId: lab.id,
    gender: 'Male',
    price: 900,
    location: 'Boston, MA',
    status: 'reserved',
  });
  await add('soon', {
    name: 'Leaving Soon',
    breedId: lab.id,
    gender: 'Female',
    price: 1200,
    status: 'available',
    expiresAt: new Date(NOW.getTime() + DAY).toISOString(),
  });
  await add('expired', {
    name: 'Old Expired',
    breedId: lab.id,
    expiresAt: new Date(NOW.getTime() - DAY).toISOString(),
  });
  ids.draft = (
    await t.store.puppies.insert(
      buildPuppy({ userId: owner.user.id, name: 'Owners Draft', breedId: lab.id, expiresAt: null }, rng, { now: NOW }),
    )
  ).id;
}

// JSON-LD as the tests read it: nested objects and lists whose shape each test states by what it reads.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON, checked by the assertions
type JsonLd = Record<string, any>;
const meta = (page: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(page)?.[1];
const jsonLd = (page: string) =>
  [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as JsonLd,
  );
const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

describe('the on-demand listing pages, served by createApp from the build', () => {
  beforeAll(catalogueApp);

  it('/puppies/{id} carries the whole puppy, its title, description, canonical URL, own share image and Product JSON-LD', async () => {
    const response = await request(t.app).get(`/puppies/${ids.daisy}`).expect(200);
    const page = response.text;
    expect(/<title>([^<]*)<\/title>/.exec(page)?.[1]).toBe(
      'Daisy, female Labrador Retriever puppy for sale in Portland, OR | PuppyNest',
    );
    expect(meta(page, 'name', 'description')).toMatch(
      /^Daisy is a .* female Labrador Retriever in Portland, OR, \$1,500\./,
    );
    expect(page).toContain(`<link rel="canonical" href="${SITE}/puppies/${ids.daisy}">`);
    expect(meta(page, 'property', 'og:image')).toBe(`${SITE}/uploads/seed/daisy.webp`);
    expect(meta(page, 'name', 'twitter:image')).toBe(`${SITE}/uploads/seed/daisy.webp`);
    const product = jsonLd(page).find((data) => data['@type'] === 'Product')!;
    expect(product).toMatchObject({
      name: 'Daisy (Labrador Retriever)',
      offers: { '@type': 'Offer', price: '1500.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
    // the detail itself, before any script: heading, price, facts, contact buttons, the first photo eager
    expect(page).toMatch(/<h1>Daisy<\/h1>/);
    expect(page).toContain('$1,500');
    expect(page).toContain('Portland, OR');
    expect(page).toContain('Login to Contact Seller');
    // without a script (decision 0124): Contact Seller is a link the server answers, the sections read in
    // order, and the inquiry is a form that posts
    expect(page).toMatch(new RegExp(`<a href="/api/puppies/${ids.daisy}/contact"[^>]*>`));
    // (React marks the seams between text nodes with empty comments)
    const headings = [...page.replace(/<!-- -->/g, '').matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => decode(m[1]!));
    const order = ['Details', 'Health & Care', 'About the Breeder', 'Ask the breeder about Daisy'];
    expect(headings.filter((h) => order.includes(h))).toEqual(order);
    const form = /<form id="inquiry-form"[^>]*>/.exec(page)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/api/contacts"');
    expect(page).toContain(`<input type="hidden" name="puppyId" value="${ids.daisy}"/>`);
    // (attribute names are case-insensitive in HTML: React writes fetchPriority)
    const photo = /<img[^>]*src="\/uploads\/seed\/daisy.webp"[^>]*>/.exec(page)?.[0] ?? '';
    expect(photo).toMatch(/fetchpriority="high"/i);
    expect(photo).toMatch(/width="\d+"/);
    expect(photo).toMatch(/height="\d+"/);
    // no React in the browser (decision 0128): no island, the page's own script, and what only some viewers
    // see is in the HTML, hidden, for the script to show or remove
    expect(page).not.toContain('<astro-island');
    expect(page).toMatch(/<script type="module" src="\/_astro\/_id_\.astro_astro_type_script_[^"]+\.js">/);
    expect(page).toMatch(/<p hidden="" data-for="owner"><a href="\/edit-puppy\/\d+"/);
    // Share without a script is a mail with the page's own address
    expect(page).toContain(`href="mailto:?subject=Daisy%20on%20PuppyNest&amp;body=`);
    expect(page).toContain(encodeURIComponent(`${SITE}/puppies/${ids.daisy}`));
    // a report posted without a script comes back here, and the page says it was received
    expect(page).not.toContain('Our team will review your report');
    const reported = (await request(t.app).get(`/puppies/${ids.daisy}?reported=1`).expect(200)).text;
    expect(reported).toContain('Thank you. Our team will review your report.');
  });

  it('a reserved puppy is out of stock in its JSON-LD, says "Currently Not Available" once, and its breeder can still be messaged', async () => {
    const page = (await request(t.app).get(`/puppies/${ids.cooper}`).expect(200)).text;
    expect(jsonLd(page).find((data) => data['@type'] === 'Product')!.offers.availability).toBe(
      'https://schema.org/LimitedAvailability',
    );
    // decision 0124: one note instead of two disabled buttons
    expect(page.match(/Currently Not Available/g)).toHaveLength(1);
    expect(page).toContain('<p class="not-available">Currently Not Available</p>');
    expect(page).toMatch(new RegExp(`<a href="/api/puppies/${ids.cooper}/contact"[^>]*>Message the Breeder</a>`));
    expect(page).not.toContain('Login to Contact Seller');
  });

  it('an unknown, malformed, draft or expired id answers 404 with the Puppy Not Found page, never cached publicly', async () => {
    for (const id of ['999999', 'abc', String(ids.draft), String(ids.expired)]) {
      const response = await request(t.app).get(`/puppies/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.text, id).toContain('<h1>Puppy Not Found</h1>');
      expect(response.text, id).toContain('<meta name="robots" content="noindex">');
      expect(response.headers['cache-control'], id).toBe('private, no-store');
    }
  });

  it('the logged-in owner sees their draft, marked as one, in a page no shared cache keeps', async () => {
    const response = await owner.agent.get(`/puppies/${ids.draft}`).expect(200);
    expect(response.text).toContain('<h1>Owners Draft</h1>');
    expect(response.text).toContain('This listing is a draft: only you can see it until its listing fee is paid.');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.text).toContain('<meta name="robots" content="noindex">');
  });

  it("/puppies carries the first page for the address's filters, the count and an ItemList of at most 10", async () => {
    const all = (await request(t.app).get('/puppies?minPrice=0').expect(200)).text;
    expect(all).toContain('14 puppies available');
    const list = jsonLd(all).find((data) => data['@type'] === 'ItemList')!;
    expect(list.itemListElement).toHaveLength(10);
    expect(list.itemListElement[0]).toMatchObject({
      position: 1,
      name: 'Leaving Soon',
      url: `${SITE}/puppies/${ids.soon}`,
    });

    const labs = (await request(t.app).get('/puppies?breed=Labrador%20Retriever&gender=Female&status=all').expect(200))
      .text;
    expect(labs).toContain('2 puppies found');
    expect(labs).toContain('href="/puppies/' + ids.daisy + '"');
    expect(labs).not.toContain('Beagle Pup');
    expect(labs).not.toContain('>Cooper<');

    const search = decode((await request(t.app).get('/puppies?search=daisy').expect(200)).text);
    expect(search).toContain('Search results for "daisy": Found 1 puppy');
  });

  it('/puppies has no React behind its cards; /puppies/results is its results alone, paged, never indexed (decision 0122)', async () => {
    const page = (await request(t.app).get('/puppies?minPrice=0').expect(200)).text;
    // nothing hydrates: no island at all, and so no React (decision 0127 took the chrome's off React too)
    expect(page).not.toContain('<astro-island');
    expect(page).toContain('data-favorite=');
    expect(page).toMatch(/<form id="puppy-filter-form" action="\/puppies" method="get"/);

    const fragment = await request(t.app).get('/puppies/results?minPrice=0').expect(200);
    expect(fragment.headers['x-robots-tag']).toBe('noindex');
    expect(fragment.text).not.toContain('<html');
    expect(fragment.text).toContain('14 puppies available');
    expect(fragment.text).toContain(`href="/puppies/${ids.soon}"`);

    const past = decode((await request(t.app).get('/puppies?minPrice=0&page=2').expect(200)).text);
    expect(past).toContain('No puppies on this page');
    expect(past).toContain('href="/puppies?minPrice=0"');
  });

  it("/puppies with nothing to show says so in the spec's words", async () => {
    const page = decode((await request(t.app).get('/puppies?search=zebra').expect(200)).text);
    expect(page).toContain('Search results for "zebra": No matches found');
    expect(page).toContain('<h3>No puppies found</h3>');
    expect(page).toContain('Try adjusting your filters to find more puppies.');
    expect(jsonLd(page).some((data) => data['@type'] === 'ItemList')).toBe(false);
  });

  it("one address per page: a trailing slash redirects, an undecodable address is the site's 404", async () => {
    expect((await request(t.app).get('/puppies/?gender=Male').expect(301)).headers.location).toBe(
      '/puppies?gender=Male',
    );
    expect((await request(t.app).get(`/puppies/${ids.daisy}/`).expect(301)).headers.location).toBe(
      `/puppies/${ids.daisy}`,
    );
    const broken = await request(t.app).get('/puppies/%E0%A4%A');
    expect(broken.status).toBe(404);
    expect(broken.headers['content-type']).not.toMatch(/json/);
  });

  it('a price band from the Find My Puppy form becomes minPrice/maxPrice', async () => {
    const band = await request(t.app).get('/puppies?breed=&price=1000-2000&location=west').expect(303);
    expect(band.headers.location).toBe('/puppies?location=west&minPrice=1000&maxPrice=2000');
    const open = await request(t.app).get('/puppies?price=5000%2B').expect(303);
    expect(open.headers.location).toBe('/puppies?minPrice=5000');
  });

  it('sitemap.xml lists the public pages, and every public listing with its lastmod, and drops one that expires, without a rebuild', async () => {
    const before = (await request(t.app).get('/sitemap.xml').expect(200)).text;
    for (const key of ['daisy', 'cooper', 'soon', 'beagle0'])
      expect(before, key).toContain(`<loc>${SITE}/puppies/${ids[key]}</loc>`);
    for (const key of ['draft', 'expired']) expect(before, key).not.toContain(`<loc>${SITE}/puppies/${ids[key]}</loc>`);
    expect(before).toMatch(
      new RegExp(`<loc>${SITE}/puppies/${ids.daisy}</loc>\\s*<lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`),
    );
    // the fixed pages: the public ones of both kinds (lib/sitemap-pages.ts), never a private on-demand page
    const locs = [...before.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
    const fixed = locs.filter((loc) => !/\/puppies\/\d+$/.test(loc) && !loc.includes('/breeds/'));
    expect(fixed).toEqual(SITEMAP_PAGES.map((page) => new URL(page.path, SITE).href));
    // and a page per breed of the store (decision 0130)
    const breeds = (await t.store.breeds.list()).map((b) => `${SITE}/breeds/${breedSlug(b.name)}`);
    expect(locs.filter((loc) => loc.includes('/breeds/')).sort()).toEqual(breeds.sort());
    for (const page of ['/messages', '/earnings/onboarding']) expect(before, page).not.toContain(`<loc>${SITE}${page}`);
    const robots = html('robots.txt');
    for (const page of ['/messages', '/earnings/onboarding'])
      expect(robots, page).toMatch(new RegExp(`^Disallow: ${page}$`, 'm'));
    expect(robots).not.toMatch(/^Disallow: .*:id/m);
    t.tick(2 * DAY);
    const after = (await request(t.app).get('/sitemap.xml').expect(200)).text;
    expect(after).not.toContain(`<loc>${SITE}/puppies/${ids.soon}</loc>`);
    expect(after).toContain(`<loc>${SITE}/puppies/${ids.daisy}</loc>`);
    t.tick(-2 * DAY);
  });

  it('listing pages may be kept briefly by a CDN and revalidate with ETag / Last-Modified until the catalogue changes', async () => {
    // validators need a store that can tell when the catalogue changed (lowdb's catalogueVersion);
    // on PostgreSQL the pages carry Cache-Control only
    if (!t.store.catalogueVersion) return;
    for (const url of ['/puppies', `/puppies/${ids.daisy}`, '/sitemap.xml']) {
      const first = await request(t.app).get(url).set('Cookie', owner.cookie).expect(200);
      expect(first.headers['cache-control'], url).toMatch(/^public, .*s-maxage=\d+, stale-while-revalidate=\d+/);
      expect(first.headers['set-cookie'], url).toBeUndefined();
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^W\/"test-build-/);
      expect(first.headers['last-modified'], url).toBeTruthy();
      await request(t.app).get(url).set('If-None-Match', etag).expect(304);
      await request(t.app)
        .get(url)
        .set('If-Modified-Since', first.headers['last-modified'] as string)
        .expect(304);
    }
    const before = (await request(t.app).get('/puppies').expect(200)).headers.etag;
    await t.store.puppies.update(ids.cooper!, { price: 950, updatedAt: NOW.toISOString() });
    const after = await request(t.app)
      .get('/puppies')
      .set('If-None-Match', before as string)
      .expect(200);
    expect(after.headers.etag).not.toBe(before);
  });

  it("the home page's featured puppies come from its server island, rendered with the featured listings of now", async () => {
    // Daisy's seller has an annual plan and features her (decision 0134)
    const daisy = (await t.store.puppies.get(ids.daisy!))!;
    await t.store.sellerSubscriptions.createForProvider({
      userId: daisy.userId,
      plan: 'annual',
      priceId: 'price_annual',
      providerSubscriptionId: 'sub_site_build',
      status: 'active',
      trialEnd: null,
      currentPeriodEnd: new Date(NOW.getTime() + 300 * DAY).toISOString(),
      createdAt: NOW.toISOString(),
    });
    await t.store.listingFeatures.claimWithinAllowance(
      {
        puppyId: daisy.id,
        userId: daisy.userId,
        startedAt: NOW.toISOString(),
        endsAt: new Date(NOW.getTime() + 30 * DAY).toISOString(),
        removedAt: null,
        removedReason: null,
        removedBy: null,
      },
      3,
      NOW,
      NOW,
    );
    const island = /\/_server-islands\/FeaturedListings\?[^"']*/.exec(html('index.html'))?.[0]?.replace(/&amp;/g, '&');
    // fetched by its script only: a preload of it keeps Chromium's request open (tools/astro-no-island-preload.mjs)
    expect(html('index.html')).not.toMatch(/<link rel="preload"[^>]*_server-islands/);
    expect(island).toBeTruthy();
    const response = await request(t.app).get(island!).expect(200);
    expect(response.text).toContain('href="/puppies/' + ids.daisy + '">Daisy</a>');
    // she leads, labelled; newer listings fill the row without the label
    expect(/href="\/puppies\/(\d+)"/.exec(response.text)?.[1]).toBe(String(ids.daisy));
    expect(response.text.match(/class="featured-badge"/g)).toHaveLength(1);
    expect(response.headers['cache-control']).toMatch(/^public, /);
  });

  it("an on-demand page's Content-Security-Policy header allows each of its inline scripts by hash, and nothing else inline; no page may frame it and violations are reported (decision 0112)", async () => {
    const response = await request(t.app).get(`/puppies/${ids.daisy}`).expect(200);
    const policy = (response.headers['content-security-policy'] as string | undefined) ?? '';
    expect(policy).toMatch(/frame-ancestors 'none'/);
    expect(policy).toMatch(/report-uri \/api\/csp-report/);
    expect(policy).toMatch(/report-to csp/);
    expect(policy).toMatch(/object-src 'none'/);
    expect(response.headers['reporting-endpoints']).toBe('csp="/api/csp-report"');
    // the header alone: a <meta> could not carry frame-ancestors nor the report endpoint
    expect(response.text).not.toMatch(/http-equiv="content-security-policy"/);
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
    const inline = [
      ...response.text.matchAll(
        /<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g,
      ),
    ];
    expect(inline.length).toBeGreaterThan(2);
    for (const [, body] of inline)
      expect(scriptSrc, body!.slice(0, 60)).toContain(
        `'sha256-${createHash('sha256').update(body!).digest('base64')}'`,
      );
  });
});

describe('the pre-rendered pages, served by createApp from the build with their policy as a header (decision 0112)', () => {
  let site: TestApp;
  beforeAll(async () => {
    // a copy outside node_modules/.cache: sendFile refuses a file under a folder whose name starts with a dot
    const client = path.join(work, 'client');
    cpSync(path.join(outDir, 'client'), client, { recursive: true });
    site = await createTestApp({ siteDir: client });
  });

  it.each([
    ['/', 'index.html'],
    ['/contact', 'contact.html'],
    ['/donate', 'donate.html'],
    ['/checkout/7', 'checkout/_.html'],
    ['/sellers', 'sellers.html'],
    ['/no-such-page', '404.html'],
  ])(
    '%s carries its own policy: each of its inline scripts by hash, frame-ancestors and the report endpoint',
    async (address, file) => {
      const response = await request(site.app).get(address);
      expect(response.status).toBe(file === '404.html' ? 404 : 200);
      const policy = (response.headers['content-security-policy'] as string | undefined) ?? '';
      const meta = /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(html(file))?.[1] ?? '';
      // the <meta>'s directives, as a header, with what only a header can carry
      for (const directive of meta
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean))
        expect(policy).toContain(directive);
      for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"])
        expect(policy).toContain(directive);
      expect(policy).toMatch(/report-uri \/api\/csp-report; report-to csp$/);
      expect(response.headers['reporting-endpoints']).toBe('csp="/api/csp-report"');
      const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
      expect(scriptSrc).toContain('https://js.stripe.com');
      expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
      const inline = [
        ...response.text.matchAll(
          /<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g,
        ),
      ];
      expect(inline.length).toBeGreaterThan(0);
      for (const [, body] of inline)
        expect(scriptSrc, body!.slice(0, 60)).toContain(
          `'sha256-${createHash('sha256').update(body!).digest('base64')}'`,
        );
    },
  );
});

describe("a listing's video and a conversation's refusal, served by createApp from the build (decision 0108)", () => {
  beforeAll(async () => {
    if (!t) await catalogueApp();
  });

  async function listingWithVideo(videoUrl: string): Promise<string> {
    const future = new Date(NOW.getTime() + 10 * DAY).toISOString();
    const puppy = await t.store.puppies.insert(
      buildPuppy({ userId: owner.user.id, name: 'Video Pup', breedId: 1, expiresAt: future, videoUrl }, createRng(5), {
        now: NOW,
      }),
    );
    return (await request(t.app).get(`/puppies/${puppy.id}`).expect(200)).text;
  }

  it('a YouTube link plays in the privacy player, sandboxed, lazy, titled and without the full referrer', async () => {
    const page = decode(await listingWithVideo('https://www.youtube.com/watch?v=dQw4w9WgXcQ'));
    const frame = /<iframe[^>]*>/.exec(page)?.[0] ?? '';
    expect(frame).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"');
    expect(frame).toContain('sandbox="allow-scripts allow-same-origin allow-presentation"');
    expect(frame).toMatch(/referrerpolicy="strict-origin-when-cross-origin"/i);
    expect(frame).toContain('loading="lazy"');
    expect(frame).toContain('title="Video of Video Pup on YouTube"');
  });

  it('any other address is a plain link that opens apart from the page, never a frame', async () => {
    const page = decode(await listingWithVideo('https://dogs.example/videos/pup.html'));
    expect(page).not.toMatch(/<iframe/);
    const link = /<a [^>]*href="https:\/\/dogs.example\/videos\/pup.html"[^>]*>/.exec(page)?.[0] ?? '';
    expect(link).toContain('target="_blank"');
    expect(link).toContain('rel="noopener noreferrer nofollow ugc"');
  });

  it('a message page shows the text of a known refusal code, and nothing of any other words in its address', async () => {
    const buyer = await registeredAgent(t.app);
    const asked = await buyer.agent
      .post('/api/contacts')
      .send({
        name: 'Jamie Rivera',
        email: 'jamie@example.com',
        phone: '555-010-2000',
        message: 'Is Daisy still available?',
        puppyId: ids.daisy,
      })
      .expect(201);
    const thread = `/messages/${asked.body.conversationId as number}`;
    const known = decode((await buyer.agent.get(`${thread}?error=message_too_long`).expect(200)).text);
    expect(known).toContain('Please keep your message under 2,000 characters');
    for (const words of [
      'Your account is locked. Call 555-0100 to unlock it',
      '<img src=x onerror=alert(1)>',
      'Please keep your message under 2,000 characters',
    ]) {
      const page = decode((await buyer.agent.get(`${thread}?error=${encodeURIComponent(words)}`).expect(200)).text);
      expect(page, words).not.toContain(words);
      expect(page, words).not.toContain(encodeURIComponent(words));
    }
  });

  it("/auth carries real forms, shows a refused post in the table's words with the kept username, and nothing of other words (decision 0123)", async () => {
    const blank = decode((await request(t.app).get('/auth').expect(200)).text);
    expect(blank).toMatch(/<form[^>]*action="\/api\/login"[^>]*method="post"/);
    expect(blank).toMatch(/<a role="tab"[^>]*href="\/auth\?tab=register"/);
    expect(blank).not.toMatch(/<button type="submit"[^>]*disabled/);
    const refused = await request(t.app)
      .get(
        '/auth?tab=register&next=%2Fsellers&error=username_taken&username_error=username_taken&username=rex_owner&accountType=seller',
      )
      .expect(200);
    expect(refused.headers['cache-control']).toBe('private, no-store');
    const page = decode(refused.text);
    expect(page).toMatch(/<form[^>]*action="\/api\/register"[^>]*method="post"/);
    expect(page).toContain('<input type="hidden" name="next" value="/sellers"/>');
    expect(page).toContain('Registration failed</strong> <!-- -->That username is already taken.');
    expect(page).toMatch(/<input[^>]*name="username" value="rex_owner"/);
    expect(page).toMatch(/<input type="radio"[^>]* name="accountType" checked="" value="seller"\/>/);
    for (const words of ['Your account is locked. Call 555-0100', '<img src=x onerror=alert(1)>']) {
      const crafted = decode(
        (await request(t.app).get(`/auth?error=${encodeURIComponent(words)}&username=${encodeURIComponent(words)}`))
          .text,
      );
      expect(crafted, words).not.toContain(words);
      expect(crafted, words).not.toContain('Login failed');
    }
  });
});

// ---- /earnings/onboarding, the local provider's setup page (decision 0101), through createApp ----

describe('the payout onboarding page, served by createApp from the build', () => {
  beforeAll(async () => {
    if (!t) await catalogueApp();
  });

  /** a new seller's single-use setup link, as Earnings' "Connect payout account" makes it */
  async function setupLink(): Promise<{ path: string; seller: Awaited<ReturnType<typeof registeredAgent>> }> {
    const seller = await registeredAgent(t.app, { accountType: 'seller' });
    const started = await seller.agent.post('/api/earnings/connect').expect(200);
    const url = new URL(started.body.url as string);
    return { path: url.pathname + url.search, seller };
  }
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const statusOf = async (seller: Awaited<ReturnType<typeof registeredAgent>>) =>
    ((await seller.agent.get('/api/earnings')).body as { account: { status: string } }).account.status;

  it('carries its form in the HTML, posting to its own address; an unknown or missing link answers 404 with why', async () => {
    const { path: page, seller } = await setupLink();
    const response = await request(t.app).get(page).expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.text).toContain(`Setting up payouts for <strong>${seller.user.username}@example.com</strong>`);
    const formTag = /<form [^>]*aria-label="Payout account details"[^>]*>/.exec(decode(response.text))?.[0] ?? '';
    expect(formTag).toContain(`action="${page}"`);
    expect(formTag).toContain('method="post"');
    expect(response.text).not.toContain('Checking your setup link');
    const unknown = await request(t.app).get('/earnings/onboarding?link=acctlink_local_unknown').expect(404);
    expect(unknown.text).toContain('This Setup Link Cannot Be Used');
    expect(unknown.text).toContain('This onboarding link has expired or was already used.');
    expect((await request(t.app).get('/earnings/onboarding').expect(404)).text).toContain(
      'This page needs the setup link PuppyNest made for you.',
    );
  });

  it('a form posted without script: refused with what was typed and why under the field (nothing saved), then accepted with a redirect to Earnings', async () => {
    const { path: page, seller } = await setupLink();
    const typed = {
      legalName: 'Dana <Seller>',
      routingNumber: '123456789',
      accountNumber: '000123456789',
      ssnLast4: '0000',
      intent: 'submit',
    };
    const refused = await request(t.app).post(page).type('form').send(form(typed)).expect(400);
    expect(refused.text).toContain('value="Dana &lt;Seller&gt;"');
    expect(refused.text).toContain('value="123456789"');
    expect(refused.text).toContain('Test mode accepts only Stripe&#39;s test bank account');
    expect(refused.text).toMatch(/aria-invalid="true"/);
    expect(await statusOf(seller)).toBe('details_needed');
    const accepted = await request(t.app)
      .post(page)
      .type('form')
      .send(form({ ...typed, routingNumber: '110000000' }))
      .expect(303);
    expect(accepted.headers.location).toBe(`${SITE}/earnings?onboarding=done`);
    expect(await statusOf(seller)).toBe('payouts_enabled');
    // the link is used up
    expect((await request(t.app).post(page).type('form').send(form(typed)).expect(404)).text).toContain(
      'This onboarding link has expired or was already used.',
    );
  });

  it('"Save and finish later" keeps what was typed and leaves details needed', async () => {
    const { path: page, seller } = await setupLink();
    const saved = await request(t.app)
      .post(page)
      .type('form')
      .send(form({ legalName: 'Dana Seller', routingNumber: '', accountNumber: '', ssnLast4: '', intent: 'later' }))
      .expect(303);
    expect(saved.headers.location).toBe(`${SITE}/earnings?onboarding=done`);
    expect(await statusOf(seller)).toBe('details_needed');
  });

  it('odd bodies are a page with a message, never a 500; another site may not post it', async () => {
    const { path: page, seller } = await setupLink();
    // a repeated field, a NUL, nothing at all, a bracketed name: each a refused form, shown again
    for (const body of [
      'legalName=a&legalName=b&intent=submit',
      'routingNumber=%00&intent=later',
      '',
      'intent[]=later',
    ]) {
      const response = await request(t.app).post(page).type('form').send(body);
      expect(response.status, body).toBe(400);
      expect(response.text, body).toContain('aria-label="Payout account details"');
    }
    expect(
      (await request(t.app).post(page).set('Content-Type', 'application/json').send('{"legalName": 1}')).status,
    ).toBe(400);
    expect((await request(t.app).post('/earnings/onboarding').type('form').send('intent=submit')).status).toBe(404);
    const crossSite = await request(t.app)
      .post(page)
      .set('Origin', 'https://evil.example')
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send(form({ legalName: 'X', intent: 'later' }));
    expect(crossSite.status).toBe(403);
    expect(await statusOf(seller)).toBe('details_needed');
  });
});
