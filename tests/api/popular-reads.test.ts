// The catalogue's popular reads (decision 0126): a query the catalogue already answered is sent again at
// the front door, before Express, with everything the route's answer carries; a change to the catalogue
// is seen at once; what the front door does not take goes the long way and is answered the same.
import { gunzipSync } from 'node:zlib';
import request from 'supertest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { acceptedEncoding } from '../../commerce-api/src/http/routes/popular-reads.ts';
import { buildBreeds, buildPuppy, buildUser, createRng } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const future = new Date(NOW.getTime() + 10 * 86_400_000).toISOString();
const QUERY = '/api/puppies?status=available&minPrice=500&maxPrice=3000&limit=24';

let t: TestApp;
let sellerId: number;
let breedId: number;
const rng = createRng(11);

const addPuppy = async (name: string) =>
  (
    await t.store.puppies.insert(
      buildPuppy({ userId: sellerId, breedId, name, price: 1200, status: 'available', expiresAt: future }, rng, {
        now: NOW,
      }),
    )
  ).id;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  for (const breed of buildBreeds()) await t.store.breeds.insert(breed);
  breedId = (await t.store.breeds.list())[0]!.id;
  const { usernameKey: _key, ...row } = buildUser({ username: 'popular-seller', accountType: 'seller' }, NOW);
  sellerId = (await t.store.users.create(row)).id;
  for (const name of ['Maple', 'Juniper', 'Clover']) await addPuppy(name);
});

/** the headers every answer of this query carries, whichever way it was sent */
const SAME_HEADERS = [
  'content-type',
  'cache-control',
  'etag',
  'x-content-type-options',
  'x-frame-options',
  'strict-transport-security',
  'referrer-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
] as const;

describe('a popular read answered again', () => {
  it('is the same answer as the first, with its own request id, the security headers and no-store', async () => {
    const first = await request(t.app).get(QUERY).set('Accept-Encoding', '').expect(200);
    const again = await request(t.app).get(QUERY).set('Accept-Encoding', '').expect(200);
    expect(again.text).toBe(first.text);
    for (const name of SAME_HEADERS) expect(again.headers[name], name).toBe(first.headers[name]);
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(Number(again.headers['content-length'])).toBe(Buffer.byteLength(first.text));
  });

  it('is gzipped for a client that takes gzip, and 304 for one that holds it already', async () => {
    const plain = await request(t.app).get(QUERY).set('Accept-Encoding', '').expect(200);
    const zipped = await request(t.app)
      .get(QUERY)
      .set('Accept-Encoding', 'gzip, deflate')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['vary']).toMatch(/Accept-Encoding/i);
    // supertest may already have inflated it: either way the words are the plain answer's
    const body = zipped.body as Buffer;
    const text = body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body).toString() : body.toString();
    expect(text).toBe(plain.text);

    const unchanged = await request(t.app).get(QUERY).set('If-None-Match', plain.headers['etag']!);
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');
  });

  it('goes the long way for what the front door does not take, and says the same', async () => {
    const plain = await request(t.app).get(QUERY).set('Accept-Encoding', '').expect(200);
    // a q-value is negotiated by the compression layer behind Express
    const negotiated = await request(t.app).get(QUERY).set('Accept-Encoding', 'gzip;q=1.0, identity;q=0.5');
    expect(negotiated.status).toBe(200);
    expect(negotiated.body).toEqual(JSON.parse(plain.text));
    const head = await request(t.app).head(QUERY).set('Accept-Encoding', '').expect(200);
    expect(head.headers['etag']).toBe(plain.headers['etag']);
  });

  it('follows the catalogue: a new listing is in the next answer', async () => {
    const before = (await request(t.app).get(QUERY).set('Accept-Encoding', '').expect(200)).body as {
      items: Array<{ name: string }>;
    };
    expect(before.items.map((p) => p.name)).not.toContain('Bramble');
    await addPuppy('Bramble');
    const after = (await request(t.app).get(QUERY).set('Accept-Encoding', '').expect(200)).body as {
      items: Array<{ name: string }>;
    };
    expect(after.items.map((p) => p.name)).toContain('Bramble');
  });

  it('only the query as written: another path or a bad query is the route’s to answer', async () => {
    await request(t.app).get(QUERY).expect(200);
    await request(t.app).get('/api/puppiesx?status=available').expect(404);
    const bad = await request(t.app).get('/api/puppies?limit=999').expect(400);
    expect(bad.body.error.fields.limit).toMatch(/at most 100/);
  });
});

describe('a list query asked for the first time (decision 0139)', () => {
  it('is answered at the front door as the long way answers it', async () => {
    const query = '/api/puppies?status=available&minPrice=600&maxPrice=2900&limit=12';
    const front = await request(t.app).get(query).set('Accept-Encoding', '').expect(200);
    for (const name of SAME_HEADERS) expect(front.headers[name], name).toBeDefined();
    expect(front.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const long = await request(t.app).head(`${query}&offset=0`).set('Accept-Encoding', '').expect(200);
    expect(long.headers['content-type']).toBe(front.headers['content-type']);
    expect((front.body as { items: Array<{ name: string }> }).items.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Clover', 'Juniper', 'Maple']),
    );
  });

  it('says what is wrong with a query in the API’s one error shape, and changes nothing', async () => {
    const unknown = await request(t.app).get('/api/puppies?near=00000&within=25').expect(400);
    expect(unknown.headers['content-type']).toMatch(/application\/json/);
    expect(unknown.headers['cache-control']).toBe('no-store');
    expect(unknown.body.error.fields.near).toMatch(/00000/);
    const nul = await request(t.app).get('/api/puppies?search=a%00b').expect(400);
    expect(nul.body.error.message).toMatch(/NUL/);
  });

  it('is the API’s 500, with the request id and no internals, when the catalogue fails', async () => {
    const failing = vi.spyOn(t.store.puppies, 'searchPublic').mockRejectedValueOnce(new Error('disk on fire'));
    try {
      const failed = await request(t.app).get('/api/puppies?minPrice=777&limit=3').expect(500);
      const id = failed.headers['x-request-id'];
      expect(failed.body).toEqual({
        error: { code: 'internal', message: `Something went wrong on our side. Please try again (request ${id}).` },
      });
      expect(failed.text).not.toContain('disk on fire');
      expect(failed.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      failing.mockRestore();
    }
    // the next asking is answered
    await request(t.app).get('/api/puppies?minPrice=777&limit=3').expect(200);
  });
});

describe('the encodings the front door sends', () => {
  it('takes none, identity and a plain gzip; leaves q-values and others to the compression layer', () => {
    expect(acceptedEncoding(undefined)).toBe('identity');
    expect(acceptedEncoding('')).toBe('identity');
    expect(acceptedEncoding('identity')).toBe('identity');
    expect(acceptedEncoding('gzip, deflate, br')).toBe('gzip');
    expect(acceptedEncoding('br')).toBeUndefined();
    expect(acceptedEncoding('gzip;q=0')).toBeUndefined();
    expect(acceptedEncoding(['gzip'])).toBeUndefined();
  });
});
