// Media in object storage (decision 0095): two processes (two apps with their own pools and their own empty
// upload folders) on one PostgreSQL database and one bucket. A photo uploaded through one is served by
// the other with the local folder's headers; a refused file leaves nothing in the bucket; a bucket that
// is away answers 503. Runs in api-postgres only.
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createApp } from '../../commerce-api/src/app.ts';
import { createS3MediaStore } from '../../commerce-api/src/media/s3-media-store.ts';
import { createPool } from '../../commerce-api/src/storage/postgres/pool.ts';
import { createPostgresRepositories } from '../../commerce-api/src/storage/postgres/repositories.ts';
import type { Store } from '../../commerce-api/src/domain/store/index.ts';
import { startS3, type TestS3 } from '../support/s3-server.ts';
import { createTestApp, registeredAgent } from '../support/test-app.ts';

let s3: TestS3;
const dirs: string[] = [];
const stores: Store[] = [];
let png: Buffer;

beforeAll(async () => {
  s3 = await startS3();
  png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 60 } } })
    .png()
    .toBuffer();
});
afterEach(async () => {
  // before the test app's database is dropped
  await Promise.all(stores.splice(0).map((store) => store.close()));
});
afterAll(async () => {
  await s3.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const emptyDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pn-uploads-'));
  dirs.push(dir);
  return dir;
};

async function objectsInBucket(): Promise<string[]> {
  const client = new S3Client({
    endpoint: s3.settings.endpoint,
    region: s3.settings.region,
    forcePathStyle: true,
    credentials: s3.settings,
  });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
  client.destroy();
  return (listed.Contents ?? []).map((o) => o.Key!).sort();
}

it('a photo uploaded through one process is served by another, from the bucket, with the same headers', async () => {
  const t = await createTestApp();
  const media = createS3MediaStore(s3.settings);
  const a = createApp({ ...t.deps, media, paths: { ...t.deps.paths, uploadsDir: emptyDir() } });
  const other = createPostgresRepositories(createPool({ connectionString: t.databaseUrl!, max: 2 }));
  stores.push(other);
  const b = createApp({
    ...t.deps,
    store: other,
    media: createS3MediaStore(s3.settings),
    paths: { ...t.deps.paths, uploadsDir: emptyDir() },
  });

  const { agent } = await registeredAgent(a, { accountType: 'seller' });
  const uploaded = await agent.post('/api/upload/image').attach('puppyImage', png, 'pup.png').expect(201);
  const url = uploaded.body.url as string;
  expect(url).toMatch(/^\/uploads\/images\/[a-f0-9]{32}\.webp$/);
  expect(await objectsInBucket()).toEqual(
    expect.arrayContaining([
      url.slice('/uploads/'.length),
      url.replace('.webp', '-w640.webp').slice('/uploads/'.length),
    ]),
  );

  const served = await request(b).get(url).expect(200);
  expect(served.headers['content-type']).toBe('image/webp');
  expect(served.headers['cache-control']).toBe('public, max-age=604800, immutable');
  expect(served.headers['x-content-type-options']).toBe('nosniff');
  expect((await sharp(served.body as Buffer).metadata()).format).toBe('webp');
  const again = await request(b).get(url).set('If-None-Match', served.headers.etag!);
  expect(again.status).toBe(304);

  // an unknown key is the site's 404, not an error
  expect((await request(b).get('/uploads/images/0123456789abcdef0123456789abcdef.webp')).status).toBe(404);

  // what the sweep of unused uploads calls: the object and its variants leave the bucket
  await media.remove(url);
  expect(await objectsInBucket()).not.toContain(url.slice('/uploads/'.length));
  expect((await request(b).get(url)).status).toBe(404);
});

it('a refused file leaves nothing in the bucket, and a bucket that is away answers 503, not 500', async () => {
  const t = await createTestApp();
  const before = await objectsInBucket();
  const app = createApp({
    ...t.deps,
    media: createS3MediaStore(s3.settings),
    paths: { ...t.deps.paths, uploadsDir: emptyDir() },
  });
  const { agent } = await registeredAgent(app, { accountType: 'seller' });
  const page = Buffer.from('<!doctype html><title>not a photo</title>');
  expect(
    (
      await agent
        .post('/api/upload/image')
        .attach('puppyImage', page, { filename: 'pup.jpg', contentType: 'image/jpeg' })
    ).status,
  ).toBe(415);
  expect(await objectsInBucket()).toEqual(before);

  const away = createApp({
    ...t.deps,
    media: createS3MediaStore({ ...s3.settings, endpoint: 'http://127.0.0.1:9' }),
    paths: { ...t.deps.paths, uploadsDir: emptyDir() },
  });
  const seller = await registeredAgent(away, { accountType: 'seller' });
  const refused = await seller.agent.post('/api/upload/image').attach('puppyImage', png, 'pup.png');
  expect(refused.status).toBe(503);
  expect(refused.body.error.code).toBe('storage_unavailable');
});
