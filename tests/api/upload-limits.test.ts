// Only sellers upload, so many an hour per account, within a per-account storage quota; uploads no
// listing uses for a day are swept by a job that the tests run with a given `now`.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../commerce-api/src/app.ts';
import { createLocalScheduler } from '../../commerce-api/src/jobs/scheduler.ts';
import { sweepUnusedUploads } from '../../commerce-api/src/jobs/sweep-unused-uploads.ts';
import { createLocalMediaStore } from '../../commerce-api/src/media/media-store.ts';
import { buildBreeds } from '../support/factories.ts';
import { createTestApp, registeredAgent } from '../support/test-app.ts';
import { silentLog } from '../support/captured-log.ts';

const HOUR = 3_600_000;
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

let png: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 120, b: 60 } } })
    .png()
    .toBuffer();
});

/** a test app whose uploads land in a temp folder */
async function uploadsApp(env: Record<string, string> = {}) {
  const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'puppynest-upload-limits-'));
  dirs.push(uploadsDir);
  const t = await createTestApp({ env });
  const media = createLocalMediaStore(uploadsDir);
  const deps = { ...t.deps, media, paths: { ...t.deps.paths, uploadsDir } };
  await t.store.breeds.insert(buildBreeds()[0]!);
  const stored = (url: string) => path.join(uploadsDir, ...url.replace(/^\/uploads\//, '').split('/'));
  return { ...t, app: createApp(deps), media, stored };
}

/** the smallest MP4 header the sniffer accepts, padded to `size` bytes */
const mp4 = (size: number) =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom', 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isommp41', 'latin1'),
    Buffer.alloc(size - 24, 7),
  ]);

describe('who may upload', () => {
  it('refuses a buyer with 403 and a clear message, and stores nothing', async () => {
    const t = await uploadsApp();
    const { agent, user } = await registeredAgent(t.app, { accountType: 'buyer' });
    for (const [route, field, bytes] of [
      ['/api/upload/image', 'puppyImage', png],
      ['/api/upload/video', 'puppyVideo', mp4(4096)],
    ] as const) {
      const response = await agent.post(route).attach(field, bytes, 'file.bin');
      expect(response.status, route).toBe(403);
      expect(response.body).toEqual({
        error: {
          code: 'forbidden',
          message: 'Only seller accounts can upload photos and videos. Become a seller at /sellers.',
        },
      });
    }
    expect(await t.store.uploads.listByUser(user.id)).toEqual([]);
  });
});

describe('upload limits', () => {
  it('allows UPLOADS_PER_ACCOUNT uploads an hour per account, not per network', async () => {
    const t = await uploadsApp({ UPLOADS_PER_ACCOUNT: '2' });
    const first = await registeredAgent(t.app, { accountType: 'seller' });
    for (let i = 0; i < 2; i++)
      await first.agent.post('/api/upload/image').attach('puppyImage', png, 'a.png').expect(201);
    const third = await first.agent.post('/api/upload/image').attach('puppyImage', png, 'a.png');
    expect(third.status).toBe(429);
    expect(third.body.error.message).toBe(
      'You have uploaded a lot of files in a short time. Please wait an hour and try again.',
    );
    // Another seller from the same address still may.
    const second = await registeredAgent(t.app, { accountType: 'seller' });
    await second.agent.post('/api/upload/image').attach('puppyImage', png, 'a.png').expect(201);
    expect(await t.store.uploads.listByUser(first.user.id)).toHaveLength(2);
    expect(await t.store.uploads.listByUser(second.user.id)).toHaveLength(1);
  });

  it('keeps each account within UPLOAD_QUOTA_MB, counting every rendition, and refuses the rest with 413', async () => {
    const t = await uploadsApp({ UPLOAD_QUOTA_MB: '1' });
    const { agent, user } = await registeredAgent(t.app, { accountType: 'seller' });
    const image = await agent.post('/api/upload/image').attach('puppyImage', png, 'a.png').expect(201);
    const [row] = await t.store.uploads.listByUser(user.id);
    expect(row).toMatchObject({ userId: user.id, url: image.body.url });
    // main + w640 + w320: the stored bytes of all three
    const onDisk = ['', '-w640', '-w320'].reduce(
      (sum, suffix) => sum + statSync(t.stored(image.body.url.replace('.webp', `${suffix}.webp`))).size,
      0,
    );
    expect(row!.bytes).toBe(onDisk);

    await agent
      .post('/api/upload/video')
      .attach('puppyVideo', mp4(600 * 1024), 'a.mp4')
      .expect(201);
    const over = await agent.post('/api/upload/video').attach('puppyVideo', mp4(600 * 1024), 'b.mp4');
    expect(over.status).toBe(413);
    expect(over.body.error).toEqual({
      code: 'upload_quota_exceeded',
      message:
        'Your uploads have reached your 1 MB storage limit. Delete listings or photos you no longer need (uploads no listing uses are removed after a day), then try again.',
    });
    expect(await t.store.uploads.listByUser(user.id)).toHaveLength(2);
    // Another account has its own quota.
    const other = await registeredAgent(t.app, { accountType: 'seller' });
    await other.agent
      .post('/api/upload/video')
      .attach('puppyVideo', mp4(600 * 1024), 'c.mp4')
      .expect(201);
  });
});

describe('sweeping unused uploads', () => {
  it('removes, after a day, the uploads no listing uses, and frees their quota', async () => {
    const t = await uploadsApp();
    const { agent, user } = await registeredAgent(t.app, { accountType: 'seller' });
    const used = (await agent.post('/api/upload/image').attach('puppyImage', png, 'a.png').expect(201)).body
      .url as string;
    const abandoned = (await agent.post('/api/upload/image').attach('puppyImage', png, 'b.png').expect(201)).body
      .url as string;
    const listing = {
      name: 'Pepper',
      breedId: 1,
      gender: 'Female',
      age: 9,
      weight: 8,
      price: 1500,
      description: 'A sweet and curious girl.',
      location: 'Denver, CO',
      zip: '80202',
      imageUrl: used,
      imageUrls: [],
    };
    await agent.post('/api/puppies').send(listing).expect(201);
    const ctx = { store: t.store, media: t.media, log: t.deps.log };

    expect(await sweepUnusedUploads(ctx, new Date(t.clock.now.getTime() + 23 * HOUR))).toBe(0);
    expect(existsSync(t.stored(abandoned))).toBe(true);

    expect(await sweepUnusedUploads(ctx, new Date(t.clock.now.getTime() + 24 * HOUR))).toBe(1);
    expect(existsSync(t.stored(abandoned))).toBe(false);
    expect(existsSync(t.stored(abandoned.replace('.webp', '-w320.webp')))).toBe(false);
    expect(existsSync(t.stored(used))).toBe(true);
    expect((await t.store.uploads.listByUser(user.id)).map((u) => u.url)).toEqual([used]);
    // Run again: nothing more to sweep; the listing's photo stays.
    expect(await sweepUnusedUploads(ctx, new Date(t.clock.now.getTime() + 48 * HOUR))).toBe(0);
  });

  it('is run by the scheduler with its clock, and stop() waits for a run in progress', async () => {
    const runs: Date[] = [];
    let release!: () => void;
    const started = new Promise<void>((resolve) => (release = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const at = new Date('2026-06-02T00:00:00.000Z');
    const scheduler = createLocalScheduler(
      [
        {
          name: 'probe',
          everyMs: 5,
          run: async (now) => {
            runs.push(now);
            release();
            await finished;
          },
        },
      ],
      { now: () => at, log: silentLog },
    );
    await started;
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(runs).toEqual([at]);
  });
});
