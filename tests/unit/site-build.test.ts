// The built site, checked in its HTML: one real `astro build` of a copy of content/ in which an editor
// changed a FAQ answer. The new words must be on the home page, and the content pages must ship no
// JavaScript beyond the islands it names (docs/product.md §13).
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve('.');
const work = mkdtempSync(path.join(os.tmpdir(), 'puppynest-site-build-'));
const contentDir = path.join(work, 'content');
const outDir = path.join(work, 'dist');
const NEW_ANSWER = 'Edited in the Studio: start with the Find My Puppy panel, then talk to two or three breeders before you decide.';
let buildLog = '';

function build(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      cwd: ROOT,
      env: { ...process.env, CONTENT_DIR: contentDir, SITE_DIST_DIR: outDir, SANITY_PROJECT_ID: '', ASTRO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (buildLog += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (buildLog += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const html = (page: string) => readFileSync(path.join(outDir, page), 'utf8');

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

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a content change, rebuilt', () => {
  it('shows the edited FAQ answer on the home page, pre-rendered, and no longer the old one', () => {
    const home = html('index.html');
    expect(home.includes(`>${NEW_ANSWER}</p>`), 'new answer in the accordion').toBe(true);
    expect(home.includes('Start with the search box or the Find My Puppy panel on the home page'), 'old answer').toBe(false);
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
  return [...html(page).matchAll(/<astro-island\b[^>]*\bopts="([^"]*)"/g)].map((m) => JSON.parse(m[1]!.replace(/&quot;/g, '"')).name as string).sort();
}

/** Astro's own island loader (one small inline script per hydration directive, and the <astro-island> element). */
const isAstroRuntime = (s: Script) => /\bAstro\b|astro-island/.test(s.body);
/** The site chrome's few lines: banner dismissal and the mobile menu's Escape/outside click. */
const isChrome = (s: Script) => /pn:seller-banner-dismissed|data-mobile-menu/.test(s.body);

describe('JavaScript on the content pages', () => {
  const ALLOWED: Record<string, string[]> = {
    'index.html': ['FeaturedPuppies', 'HeaderAuth', 'SearchPanel', 'Toaster'],
    'puppy-care-guide.html': ['HeaderAuth', 'Toaster'],
    'terms-of-service.html': ['HeaderAuth', 'Toaster'],
    'contact.html': ['ContactForm', 'HeaderAuth', 'Toaster'],
  };

  it.each(Object.entries(ALLOWED))('%s hydrates only its named islands', (page, islands) => {
    expect(islandsOf(page)).toEqual(islands);
  });

  it.each(Object.keys(ALLOWED))('%s loads no script file and inlines nothing but structured data, the island loader and the chrome lines', (page) => {
    const scripts = scriptsOf(page);
    expect(scripts.filter((s) => /\bsrc=/.test(s.attrs))).toEqual([]);
    const code = scripts.filter((s) => !/type="application\/ld\+json"/.test(s.attrs));
    expect(code.filter((s) => !isAstroRuntime(s) && !isChrome(s))).toEqual([]);
    // the hand-written part stays tiny
    const chromeBytes = code.filter(isChrome).reduce((sum, s) => sum + s.body.length, 0);
    expect(chromeBytes).toBeGreaterThan(0);
    expect(chromeBytes).toBeLessThan(1500);
    expect(scripts.filter((s) => /type="application\/ld\+json"/.test(s.attrs)).length).toBeGreaterThan(0);
  });

  it('renders the care guide and the terms as plain HTML, with no React on the page', () => {
    const guide = html('puppy-care-guide.html');
    const terms = html('terms-of-service.html');
    // Portable Text became HTML at build time
    expect(guide.includes('<h3>Feeding schedule</h3>'), 'care guide h3').toBe(true);
    expect(guide.includes('<strong>6–12 weeks:</strong> 4 meals a day'), 'feeding schedule').toBe(true);
    expect(terms.includes('<li>Mastercard</li><li>Visa</li><li>American Express</li><li>Discover</li>'), 'accepted cards').toBe(true);
    for (const page of [guide, terms]) expect(page.includes('component-url="/_astro/RichText'), 'RichText hydrated').toBe(false);
  });
});

describe('Content-Security-Policy', () => {
  const pages = ['index.html', 'puppies.html', 'puppies/_.html', 'contact.html', 'sellers.html', 'donate.html', 'checkout/_.html', 'auth.html', '404.html'];

  it.each(pages)('%s carries a CSP that allows each of its inline scripts by hash and nothing inline beyond them', (page) => {
    const text = html(page);
    const policy = /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(text)?.[1] ?? '';
    expect(policy).toMatch(/default-src 'self'/);
    expect(policy).toMatch(/object-src 'none'/);
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
    const inline = [...text.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, body] of inline) {
      const hash = `'sha256-${createHash('sha256').update(body!).digest('base64')}'`;
      expect(scriptSrc, body!.slice(0, 60)).toContain(hash);
    }
  });
});
