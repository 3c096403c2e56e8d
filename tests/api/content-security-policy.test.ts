// The Content-Security-Policy as a header (decision 0112): a pre-rendered page's policy is its <meta>'s
// with the header-only directives, read from the file being sent; an on-demand page keeps the header
// Astro sends; anything else outside /api gets a default that runs nothing. And POST /api/csp-report,
// which logs each violation and answers 204 to any body a browser (or anyone) may send. The real build's
// pages are checked the same way in tests/unit/site-build.test.ts.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP_REPORT_PATH } from '#contracts/content-security-policy.ts';
import { DEFAULT_POLICY } from '../../commerce-api/src/http/content-security-policy.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
/** a page as the build writes it: Astro's <meta>, with the hash of its inline script */
const page = (script: string) =>
  `<!doctype html><html><head><meta http-equiv="content-security-policy" content="default-src 'self';object-src 'none';base-uri 'self';form-action 'self'; script-src 'self' https://js.stripe.com ${hashOf(script)}; style-src 'self' 'unsafe-inline' ;"><script>${script}</script></head><body></body></html>`;
const HOME_SCRIPT = "document.documentElement.classList.add('js');";
const ASTRO_POLICY = "default-src 'self'; script-src 'self' 'sha256-fromAstro'; frame-ancestors 'none'";

let root: string;
let t: TestApp;
const handler = (req: IncomingMessage, res: ServerResponse) => {
  if (req.url?.includes('fail')) throw new Error('the page could not be rendered');
  res.writeHead(200, { 'Content-Type': 'text/html', 'Content-Security-Policy': ASTRO_POLICY });
  res.end('<!doctype html><p>rendered by Astro</p>');
};

function file(rel: string, body: string) {
  const full = path.join(root, rel);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, body);
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'pn-csp-'));
  file('index.html', page(HOME_SCRIPT));
  file('donate.html', page('console.log("donate")'));
  file('404.html', page('console.log("not found")'));
  file('favicon.svg', '<svg/>');
  t = await createTestApp({ siteDir: root, pages: { handler, buildId: 'stand-in' } });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const directivesOf = (policy: string | undefined) => (policy ?? '').split(';').map((d) => d.trim());
const scriptSrc = (policy: string | undefined) => directivesOf(policy).find((d) => d.startsWith('script-src ')) ?? '';

describe('the Content-Security-Policy header', () => {
  it("a pre-rendered page carries its <meta>'s policy, its inline script's hash, frame-ancestors 'none' and the report endpoint", async () => {
    const response = await request(t.app).get('/').expect(200);
    const policy = response.headers['content-security-policy'] as string;
    expect(directivesOf(policy)).toEqual(
      expect.arrayContaining([
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        `report-uri ${CSP_REPORT_PATH}`,
        'report-to csp',
      ]),
    );
    expect(scriptSrc(policy)).toContain(hashOf(HOME_SCRIPT));
    expect(scriptSrc(policy)).toContain('https://js.stripe.com');
    expect(scriptSrc(policy)).not.toMatch(/unsafe-inline/);
    expect(response.headers['reporting-endpoints']).toBe(`csp="${CSP_REPORT_PATH}"`);
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('each page has its own hashes, by its address or its file name, and the 404 page its own', async () => {
    for (const address of ['/donate', '/donate.html']) {
      const policy = (await request(t.app).get(address).expect(200)).headers['content-security-policy'] as string;
      expect(scriptSrc(policy), address).toContain(hashOf('console.log("donate")'));
      expect(scriptSrc(policy), address).not.toContain(hashOf(HOME_SCRIPT));
    }
    const missing = await request(t.app).get('/no-such-page').expect(404);
    expect(scriptSrc(missing.headers['content-security-policy'])).toContain(hashOf('console.log("not found")'));
    expect(directivesOf(missing.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('a page rebuilt while the server runs is sent with the hashes of its new scripts', async () => {
    file('donate.html', page('console.log("donate, rebuilt")'));
    const policy = (await request(t.app).get('/donate').expect(200)).headers['content-security-policy'] as string;
    expect(scriptSrc(policy)).toContain(hashOf('console.log("donate, rebuilt")'));
    expect(scriptSrc(policy)).not.toContain(hashOf('console.log("donate")'));
  });

  it("an on-demand page keeps the policy Astro sends with it; a 304 sends none, so the browser keeps the page's", async () => {
    const response = await request(t.app).get('/puppies').expect(200);
    expect(response.headers['content-security-policy']).toBe(ASTRO_POLICY);
    expect(response.headers['reporting-endpoints']).toBe(`csp="${CSP_REPORT_PATH}"`);
    // validators only on a store that can tell when the catalogue changed (lowdb)
    if (!response.headers.etag) return;
    const again = await request(t.app)
      .get('/puppies')
      .set('If-None-Match', response.headers.etag as string)
      .expect(304);
    expect(again.headers['content-security-policy']).toBeUndefined();
  });

  it('an error answered in place of a page, and a file, get the default that lets nothing run; the API gets none', async () => {
    const failed = await request(t.app).get('/puppies?fail=1').expect(500);
    expect(failed.headers['content-security-policy']).toBe(DEFAULT_POLICY);
    expect(directivesOf(DEFAULT_POLICY)).toEqual(
      expect.arrayContaining(["default-src 'none'", "frame-ancestors 'none'", `report-uri ${CSP_REPORT_PATH}`]),
    );
    const icon = await request(t.app).get('/favicon.svg').expect(200);
    expect(icon.headers['content-security-policy']).toBe(DEFAULT_POLICY);
    const api = await request(t.app).get('/api/breeds').expect(200);
    expect(api.headers['content-security-policy']).toBeUndefined();
  });
});

// ---- POST /api/csp-report ----

const violationLines = () => t.logLines.filter((line) => line.msg.startsWith('CSP violation'));

describe('POST /api/csp-report', () => {
  it('logs a report-uri violation at warn, without the query of any address, and answers 204', async () => {
    const before = violationLines().length;
    const response = await request(t.app)
      .post(CSP_REPORT_PATH)
      .set('Content-Type', 'application/csp-report')
      .send(
        JSON.stringify({
          'csp-report': {
            'document-uri': 'https://puppynest.example/earnings/onboarding?link=acctlink_secret#top',
            referrer: '',
            'violated-directive': 'script-src-elem',
            'effective-directive': 'script-src-elem',
            'original-policy': "default-src 'self'",
            disposition: 'enforce',
            'blocked-uri': 'https://evil.example/x.js?token=abc',
            'line-number': 12,
            'source-file': 'https://puppynest.example/earnings/onboarding?link=acctlink_secret',
            'status-code': 200,
            'script-sample': '',
          },
        }),
      );
    expect(response.status).toBe(204);
    expect(response.text).toBe('');
    expect(response.headers['ratelimit-policy']).toBeTruthy();
    const lines = violationLines().slice(before);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'warn',
      msg: 'CSP violation: script-src-elem blocked https://evil.example/x.js on https://puppynest.example/earnings/onboarding',
      csp: {
        directive: 'script-src-elem',
        blockedUri: 'https://evil.example/x.js',
        documentUrl: 'https://puppynest.example/earnings/onboarding',
        sourceFile: 'https://puppynest.example/earnings/onboarding',
        line: 12,
        disposition: 'enforce',
      },
    });
    expect(t.logOutput()).not.toContain('acctlink_secret');
    expect(t.logOutput()).not.toContain('token=abc');
  });

  it("logs each csp-violation of a Reporting API list, and ignores the list's other reports", async () => {
    const before = violationLines().length;
    await request(t.app)
      .post(CSP_REPORT_PATH)
      .set('Content-Type', 'application/reports+json')
      .send(
        JSON.stringify([
          {
            type: 'csp-violation',
            age: 10,
            url: 'https://puppynest.example/checkout/7?payment_intent_client_secret=pi_secret',
            user_agent: 'Chrome',
            body: {
              documentURL: 'https://puppynest.example/checkout/7?payment_intent_client_secret=pi_secret',
              blockedURL: 'inline',
              effectiveDirective: 'script-src-elem',
              originalPolicy: "script-src 'self'",
              sourceFile: 'https://puppynest.example/checkout/7',
              lineNumber: 3,
              disposition: 'enforce',
              statusCode: 200,
            },
          },
          { type: 'deprecation', url: 'https://puppynest.example/', body: { id: 'x' } },
          {
            type: 'csp-violation',
            url: 'https://puppynest.example/',
            body: { documentURL: 'https://puppynest.example/', blockedURL: 'eval', effectiveDirective: 'script-src' },
          },
        ]),
      )
      .expect(204);
    const lines = violationLines().slice(before);
    expect(lines.map((line) => line.csp)).toEqual([
      {
        directive: 'script-src-elem',
        blockedUri: 'inline',
        documentUrl: 'https://puppynest.example/checkout/7',
        sourceFile: 'https://puppynest.example/checkout/7',
        line: 3,
        disposition: 'enforce',
      },
      { directive: 'script-src', blockedUri: 'eval', documentUrl: 'https://puppynest.example/' },
    ]);
    expect(lines.every((line) => line.level === 'warn')).toBe(true);
    expect(t.logOutput()).not.toContain('pi_secret');
  });

  it('never answers 500: a body that is not JSON is 400, too big 413, any other shape or type 204 with nothing logged', async () => {
    const before = violationLines().length;
    const send = (type: string, body: string | Buffer) =>
      request(t.app).post(CSP_REPORT_PATH).set('Content-Type', type).send(body);
    const answers: Record<string, number> = {};
    const cases: [string, string, string | Buffer][] = [
      ['not JSON', 'application/csp-report', '{"csp-report": '],
      ['a JSON string', 'application/csp-report', '"csp-report"'],
      ['null', 'application/csp-report', 'null'],
      ['empty', 'application/csp-report', ''],
      ['an empty object', 'application/reports+json', '{}'],
      ['a report that is a string', 'application/csp-report', '{"csp-report": "script-src"}'],
      [
        'fields of the wrong types',
        'application/csp-report',
        '{"csp-report": {"effective-directive": {"a": 1}, "blocked-uri": [1]}}',
      ],
      [
        'a list of anything',
        'application/reports+json',
        '[1, "x", null, {"type": "csp-violation"}, {"type": "csp-violation", "body": []}]',
      ],
      [
        'a __proto__ key',
        'application/csp-report',
        '{"__proto__": {"csp-report": 1}, "csp-report": {"__proto__": null}}',
      ],
      ['deep nesting', 'application/reports+json', `${'['.repeat(5000)}${']'.repeat(5000)}`],
      ['plain text', 'text/plain', 'script-src blocked'],
      ['a form', 'application/x-www-form-urlencoded', 'csp-report=1'],
      ['bytes', 'application/octet-stream', Buffer.from([0, 255, 1, 2])],
      ['not UTF-8', 'application/csp-report; charset=latin1', '{}'],
      ['too big', 'application/csp-report', JSON.stringify({ 'csp-report': { x: 'a'.repeat(100_000) } })],
    ];
    for (const [name, type, body] of cases) answers[name] = (await send(type, body)).status;
    expect(answers).toEqual({
      'not JSON': 400,
      'a JSON string': 400,
      null: 400,
      empty: 204,
      'an empty object': 204,
      'a report that is a string': 204,
      'fields of the wrong types': 204,
      'a list of anything': 204,
      'a __proto__ key': 204,
      'deep nesting': 204,
      'plain text': 204,
      'a form': 204,
      bytes: 204,
      'not UTF-8': 415,
      'too big': 413,
    });
    expect(violationLines().length).toBe(before);
  });

  it('logs at most ten violations of one request', async () => {
    const before = violationLines().length;
    const report = {
      type: 'csp-violation',
      url: 'https://puppynest.example/',
      body: { documentURL: 'https://puppynest.example/', blockedURL: 'inline', effectiveDirective: 'script-src' },
    };
    await request(t.app)
      .post(CSP_REPORT_PATH)
      .set('Content-Type', 'application/reports+json')
      .send(JSON.stringify(Array.from({ length: 50 }, () => report)))
      .expect(204);
    expect(violationLines().length - before).toBe(10);
  });
});
