import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildBreeds } from '../support/factories.ts';
import { createTestApp } from '../support/test-app.ts';

describe('response headers', () => {
  it('sends the protective headers on every response, and no legacy ones', async () => {
    const { app } = await createTestApp();
    const response = await request(app).get('/api/breeds');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=/);
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-xss-protection']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('compresses for clients that accept gzip and not for others', async () => {
    const t = await createTestApp();
    for (const breed of buildBreeds()) await t.store.breeds.insert(breed);
    const gzip = await request(t.app).get('/api/breeds').set('Accept-Encoding', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.body.length).toBeGreaterThan(40);
    const plain = await request(t.app).get('/api/breeds').set('Accept-Encoding', '');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toEqual(gzip.body);
  });
});
