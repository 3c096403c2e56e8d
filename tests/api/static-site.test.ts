// What the one process serves besides /api and the on-demand listing pages (tests/unit/site-build.test.ts):
// pre-rendered pages, shells of the per-user dynamic routes, the Studio, uploads, and the 404 page.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticSite } from '../../commerce-api/src/http/static-site.ts';

let root: string;
let app: express.Express;

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
  file('uploads/seed/dog.webp', 'RIFF....WEBP');
  app = express();
  app.use(
    staticSite({
      siteDir: path.join(root, 'site'),
      studioDir: path.join(root, 'studio'),
      uploadsDir: path.join(root, 'uploads'),
      contentImagesDir: path.join(root, 'content-images'),
    }),
  );
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
  });

  it('serves uploads, and 404 for a missing one', async () => {
    expect((await request(app).get('/uploads/seed/dog.webp')).status).toBe(200);
    expect((await request(app).get('/uploads/seed/missing.webp')).status).toBe(404);
  });
});
