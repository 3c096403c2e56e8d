// GET /api/products, GET /api/testimonials (docs/product.md §7) and the publishing webhook POST /api/hooks/sanity.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNATURE_TOLERANCE_MS } from '../../commerce-api/src/http/routes/hooks.routes.ts';
import { createSiteRebuilder } from '../../commerce-api/src/publishing/site-rebuild.ts';
import { createTestApp } from '../support/test-app.ts';
import { capturedLog } from '../support/captured-log.ts';

describe('GET /api/products', () => {
  it('lists the Puppy Essentials of the CMS with prices and image URLs the server answers', async () => {
    const t = await createTestApp();
    const response = await request(t.app).get('/api/products').expect(200);
    expect(response.body).toHaveLength(7);
    expect(response.body[0]).toEqual({
      id: 'product-puppy-food',
      name: 'Premium Puppy Food',
      description: expect.stringContaining('puppy formula'),
      price: 34.99,
      imageUrl: '/content/images/product-puppy-food.webp',
      imageAlt: 'A bag of puppy food with a puppy on the label',
    });
    const image = await request(t.app).get(response.body[0].imageUrl).expect(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });
});

describe('GET /api/testimonials', () => {
  it('lists the testimonials in editorial order, fractional ratings included', async () => {
    const t = await createTestApp();
    const response = await request(t.app).get('/api/testimonials').expect(200);
    expect(response.body.map((item: { name: string }) => item.name)).toEqual([
      'Sarah M.',
      'James R.',
      'Priya K.',
      'Marcus T.',
      'Elena G.',
    ]);
    expect(response.body[1]).toMatchObject({
      id: 'testimonial-james',
      rating: 4.5,
      imageUrl: '/content/images/avatar-james.webp',
    });
    expect(response.body[1].comment).toContain('care guide was a lifesaver');
  });

  it('does not serve files outside the content images folder', async () => {
    const t = await createTestApp();
    const response = await request(t.app).get('/content/images/..%2fproduction.ndjson');
    expect(response.status).not.toBe(200);
    expect(response.text).not.toContain('siteSettings');
  });
});

describe('POST /api/hooks/sanity', () => {
  const SECRET = 'a-webhook-secret-shared-with-sanity';
  const payload = JSON.stringify({ _id: 'faq-01', _type: 'faqItem', operation: 'update' });
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  async function withHook(env: Record<string, string> = {}) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'puppynest-hook-'));
    dirs.push(dir);
    const marker = path.join(dir, 'rebuilt.txt');
    const t = await createTestApp({
      env: { SANITY_WEBHOOK_SECRET: SECRET, SITE_REBUILD_COMMAND: `echo rebuilt >> "${marker}"`, ...env },
    });
    const signed = async (body = payload, secret = SECRET, at = t.clock.now.getTime()) =>
      request(t.app)
        .post('/api/hooks/sanity')
        .set('Content-Type', 'application/json')
        .set(SIGNATURE_HEADER_NAME, await encodeSignatureHeader(body, at, secret))
        .send(body);
    return { t, marker, signed };
  }

  it('runs the rebuild command for a correctly signed call, in the background', async () => {
    const { marker, signed } = await withHook();
    const response = await signed();
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ received: true, rebuild: 'started' });
    await vi.waitFor(() => expect(existsSync(marker) && readFileSync(marker, 'utf8')).toBe('rebuilt\n'), {
      timeout: 10_000,
    });
  });

  it('answers 401 to an unsigned, wrongly signed, tampered or stale call and rebuilds nothing', async () => {
    const { t, marker, signed } = await withHook();
    const unsigned = await request(t.app)
      .post('/api/hooks/sanity')
      .set('Content-Type', 'application/json')
      .send(payload);
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.error.code).toBe('invalid_signature');
    expect((await signed(payload, 'not-the-secret')).status).toBe(401);
    const header = await encodeSignatureHeader(payload, t.clock.now.getTime(), SECRET);
    const tampered = await request(t.app)
      .post('/api/hooks/sanity')
      .set('Content-Type', 'application/json')
      .set(SIGNATURE_HEADER_NAME, header)
      .send(payload.replace('faq-01', 'faq-02'));
    expect(tampered.status).toBe(401);
    expect((await signed(payload, SECRET, t.clock.now.getTime() - SIGNATURE_TOLERANCE_MS - 1000)).status).toBe(401);
    const garbage = await request(t.app).post('/api/hooks/sanity').set(SIGNATURE_HEADER_NAME, 't=abc,v1=???').send('x');
    expect(garbage.status).toBe(401);
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses every call while no secret is configured', async () => {
    const { signed } = await withHook({ SANITY_WEBHOOK_SECRET: '' });
    const response = await signed();
    expect(response.status).toBe(503);
    expect(response.body.error.message).toContain('SANITY_WEBHOOK_SECRET');
  });

  it('accepts a signed call without a rebuild command and says so', async () => {
    const { t, signed } = await withHook({ SITE_REBUILD_COMMAND: '' });
    const response = await signed();
    expect(response.status).toBe(202);
    expect(response.body.rebuild).toBe('disabled');
    expect(t.logs.join('\n')).toContain('SITE_REBUILD_COMMAND is not set');
  });
});

describe('site rebuilder', () => {
  it('runs one build at a time and folds the calls made meanwhile into one more build', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'puppynest-rebuild-'));
    try {
      const marker = path.join(dir, 'runs.txt');
      const { log, messages: logs } = capturedLog();
      // Each build notes its start and end: overlapping builds would interleave the lines.
      const rebuilder = createSiteRebuilder({
        command: `echo start >> "${marker}"; sleep 0.3; echo end >> "${marker}"`,
        log,
      });
      expect(rebuilder.request()).toBe('started');
      expect(rebuilder.request()).toBe('queued');
      expect(rebuilder.request()).toBe('queued');
      await rebuilder.idle();
      expect(readFileSync(marker, 'utf8')).toBe('start\nend\nstart\nend\n');
      expect(logs.filter((line) => line.startsWith('site rebuild finished'))).toHaveLength(2);
      expect(rebuilder.request()).toBe('started');
      await rebuilder.idle();
      expect(readFileSync(marker, 'utf8').match(/start/g)).toHaveLength(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports a failing build with the end of its error output', async () => {
    const { log, messages: logs } = capturedLog();
    const rebuilder = createSiteRebuilder({ command: 'echo "content source unreachable" >&2; exit 3', log });
    rebuilder.request();
    await rebuilder.idle();
    expect(logs).toEqual([expect.stringMatching(/^site rebuild failed \(exit code 3\).*content source unreachable/)]);
  });
});
