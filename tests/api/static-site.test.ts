// What the one process serves besides /api and the on-demand listing pages (tests/unit/site-build.test.ts):
// pre-rendered pages, shells of the per-user dynamic routes, the Studio or its setup page (decision 0120),
// uploads, and the 404 page.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_BUILD_STAMP, studioStamp, type StudioSettings } from '#content/settings.ts';
import { staticSite } from '../../commerce-api/src/http/static-site.ts';
import { createTestApp } from '../support/test-app.ts';

let root: string;
let app: express.Express;
const PROJECT: StudioSettings = { projectId: 'abc123', dataset: 'production' };
const SITE_URL = 'https://puppynest.example';

/** the static site as the server mounts it, with this Studio setup */
const siteWith = (settings: StudioSettings, studioDir = path.join(root, 'studio')) =>
  express().use(
    staticSite({
      siteDir: path.join(root, 'site'),
      studioDir,
      studio: { settings, siteUrl: SITE_URL },
      uploadsDir: path.join(root, 'uploads'),
      contentImagesDir: path.join(root, 'content-images'),
    }),
  );

function file(rel: string, body: string) {
  const full = path.join(root, rel);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, body);
}

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'pn-static-'));
  file('site/index.html', 'HOME');
  file('site/donate.html', 'DONATE');
  file('site/edit-puppy/_.html', 'EDIT SHELL');
  file('site/checkout/_.html', 'CHECKOUT SHELL');
  file('site/listing-payment/_.html', 'LISTING SHELL');
  file('site/404.html', '404 Page Not Found');
  file('site/_astro/app.abc123.js', 'console.log(1)');
  file('site/favicon.svg', '<svg/>');
  file('studio/index.html', 'STUDIO');
  file('studio/static/studio.js', 'studio()');
  file(`studio/${STUDIO_BUILD_STAMP}`, `${studioStamp(PROJECT)}\n`);
  file('unstamped-studio/index.html', 'STUDIO');
  file('uploads/seed/dog.webp', 'RIFF....WEBP');
  app = siteWith(PROJECT);
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('static site', () => {
  it('serves pre-rendered pages without trailing-slash redirects', async () => {
    expect((await request(app).get('/')).text).toBe('HOME');
    const page = await request(app).get('/donate');
    expect(page.status).toBe(200);
    expect(page.text).toBe('DONATE');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect((await request(app).get('/donate/')).text).toBe('DONATE');
  });

  it('answers every id of a dynamic route with its shell', async () => {
    for (const [url, body] of [
      ['/edit-puppy/7', 'EDIT SHELL'],
      ['/checkout/7', 'CHECKOUT SHELL'],
      ['/listing-payment/7', 'LISTING SHELL'],
    ]) {
      const response = await request(app).get(url!);
      expect(response.status, url).toBe(200);
      expect(response.text, url).toBe(body);
    }
  });

  it('answers unknown paths with the 404 page and status 404', async () => {
    for (const url of ['/no-such-page', '/edit-puppy/1/extra', '/404', '/%E0%A4%A', '/../etc/passwd']) {
      const response = await request(app).get(url);
      expect(response.status, url).toBe(404);
      expect(response.text, url).toContain('404 Page Not Found');
    }
  });

  it('serves hashed assets as immutable and other files briefly cached', async () => {
    const asset = await request(app).get('/_astro/app.abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    expect((await request(app).get('/favicon.svg')).status).toBe(200);
  });

  it('serves the built Studio under /studio with its own routing', async () => {
    expect((await request(app).get('/studio')).text).toBe('STUDIO');
    expect((await request(app).get('/studio/desk/faqItem')).text).toBe('STUDIO');
    expect((await request(app).get('/studio/static/studio.js')).text).toBe('studio()');
    // the stamp says which project it was built for; a dot file, never served
    expect((await request(app).get(`/studio/${STUDIO_BUILD_STAMP}`)).text).toBe('STUDIO');
  });

  it('shows the setup page, not a Studio that cannot reach Sanity, without a project', async () => {
    const site = siteWith({ projectId: '', dataset: 'production' });
    for (const url of ['/studio', '/studio/', '/studio/structure/terms']) {
      const response = await request(site).get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.text, url).toContain('No Sanity project is set up for this site yet');
      expect(response.text, url).not.toBe('STUDIO');
    }
  });

  it('shows the setup page for a project whose Studio was not built for it', async () => {
    for (const site of [
      siteWith({ projectId: 'xyz789', dataset: 'production' }),
      siteWith({ projectId: 'abc123', dataset: 'staging' }),
      siteWith(PROJECT, path.join(root, 'unstamped-studio')),
      siteWith(PROJECT, path.join(root, 'no-studio')),
    ]) {
      const response = await request(site).get('/studio');
      expect(response.status).toBe(200);
      expect(response.text).toContain('its Studio has not been built for it yet');
      expect(response.text).toContain('npm run studio:build');
    }
  });

  it('serves uploads, and 404 for a missing one', async () => {
    expect((await request(app).get('/uploads/seed/dog.webp')).status).toBe(200);
    expect((await request(app).get('/uploads/seed/missing.webp')).status).toBe(404);
  });
});

// The whole app as `npm start` runs it with no Sanity project configured (the default): /studio is a page
// that tells an editor what to set up, with this site's own address for the CORS origin and the webhook.
describe('/studio without a Sanity project', () => {
  it('answers 200 with the setup page: project, dataset, CORS origin, import command, webhook', async () => {
    const { app: server } = await createTestApp({ env: { PUBLIC_SITE_URL: 'https://shop.example' } });
    const response = await request(server).get('/studio');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const page = response.text;
    expect(page).toContain('<h1>Set up the content Studio</h1>');
    expect(page).toContain('No Sanity project is set up for this site yet');
    expect(page).toContain('SANITY_PROJECT_ID=&lt;project id&gt;');
    expect(page).toContain('SANITY_DATASET=production');
    expect(page).toContain('add <code>https://shop.example</code> with <strong>Allow credentials</strong>');
    expect(page).toContain('npx sanity login');
    expect(page).toContain(
      'npx sanity dataset import ../content/production.ndjson \\\n  --dataset production --replace',
    );
    expect(page).toContain('<code>https://shop.example/api/hooks/sanity</code>');
    expect(page).toContain('SANITY_WEBHOOK_SECRET');
    // its only style is allowed by hash; it runs no script
    const policy = /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(page)?.[1] ?? '';
    expect(policy).toMatch(/default-src 'none'; style-src 'sha256-[^']+'/);
    expect(page).not.toContain('<script');
  });

  it('escapes what it is told', async () => {
    const { app: server } = await createTestApp({
      env: { SANITY_STUDIO_PROJECT_ID: '<b>x</b>', PUBLIC_SITE_URL: 'https://shop.example' },
    });
    const page = (await request(server).get('/studio')).text;
    expect(page).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(page).not.toContain('<b>x</b>');
  });
});
