// Through the HTTP API: a write whose save fails answers 507 (disk full) or 503 (data folder not
// writable) in the one error shape, changes nothing, leaves reads working, and writing resumes.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../commerce-api/src/app.ts';
import { createLocalMediaStore, type MediaStore } from '../../commerce-api/src/media/media-store.ts';
import { buildBreeds, buildPuppy, buildUser, createRng } from '../support/factories.ts';
import { openFailingStorage } from '../support/failing-disk.ts';
import { createTestApp, registeredAgent } from '../support/test-app.ts';

const NOW = new Date('2026-06-01T12:00:00.000Z');
const registration = (username: string) => ({
  username,
  password: 'correct-horse-battery',
  email: `${username}@example.com`,
  accountType: 'buyer',
  confirmAdult: true,
});

describe('a full or unwritable disk', () => {
  it('answers 507 to a registration on a full disk, leaves the username free, and registers it once space returns', async () => {
    const { disk, storage } = openFailingStorage();
    const t = await createTestApp({ storage });
    disk.failWith = 'ENOSPC';

    const refused = await request(t.app).post('/api/register').send(registration('lucky')).expect(507);
    expect(refused.body).toEqual({
      error: {
        code: 'storage_full',
        message:
          'We could not save this because the server has run out of storage space. Nothing was changed; please try again later.',
      },
    });
    expect(t.logs.join('\n')).toMatch(
      /POST \/api\/register answered 507 storage_full: Could not save db\.json: ENOSPC/,
    );
    // Nothing stuck: the name is still free, the login knows no such account.
    expect(storage.db.users.count()).toBe(0);
    await request(t.app).post('/api/login').send({ username: 'lucky', password: 'correct-horse-battery' }).expect(401);
    // Reads keep working.
    await request(t.app).get('/api/puppies').expect(200);

    disk.failWith = null;
    await request(t.app).post('/api/register').send(registration('lucky')).expect(201);
    await request(t.app).post('/api/login').send({ username: 'lucky', password: 'correct-horse-battery' }).expect(200);
    expect(disk.saved!.users.map((u) => u.username)).toEqual(['lucky']);
  });

  it('answers 503 when the data folder cannot be written, and the favourite that failed is not listed', async () => {
    const { disk, storage } = openFailingStorage();
    const t = await createTestApp({ storage, now: NOW });
    const { agent } = await registeredAgent(t.app);
    const puppy = await storage.write((db) => {
      const breed = db.breeds.insert(buildBreeds()[0]!);
      const seller = db.users.insert(buildUser({ username: 'kennel', accountType: 'seller' }, NOW));
      const expiresAt = new Date(NOW.getTime() + 86_400_000).toISOString();
      return db.puppies.insert(
        buildPuppy({ name: 'Daisy', breedId: breed.id, userId: seller.id, expiresAt }, createRng(1), { now: NOW }),
      );
    });
    disk.failWith = 'EACCES';

    const refused = await agent.put(`/api/favorites/${puppy.id}`).expect(503);
    expect(refused.body.error).toMatchObject({ code: 'storage_unavailable' });
    expect((await agent.get('/api/favorites').expect(200)).body).toEqual([]);

    disk.failWith = null;
    await agent.put(`/api/favorites/${puppy.id}`).expect(200);
    expect((await agent.get('/api/favorites').expect(200)).body.map((p: { name: string }) => p.name)).toEqual([
      'Daisy',
    ]);
  });

  it('answers 507 to an upload whose files do not fit, and leaves neither a file nor a record behind', async () => {
    const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'puppynest-full-uploads-'));
    try {
      const t = await createTestApp();
      const local = createLocalMediaStore(uploadsDir);
      let room = 1;
      // The first rendition fits, the second finds the disk full.
      const media: MediaStore = {
        put: (key, data) =>
          room-- > 0
            ? local.put(key, data)
            : Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })),
        remove: (url) => local.remove(url),
      };
      const app = createApp({ ...t.deps, media, paths: { ...t.deps.paths, uploadsDir } });
      const { agent } = await registeredAgent(app, { accountType: 'seller' });
      const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 90, g: 60, b: 30 } } })
        .png()
        .toBuffer();

      const refused = await agent.post('/api/upload/image').attach('puppyImage', png, 'a.png').expect(507);
      expect(refused.body.error.code).toBe('storage_full');
      expect(readdirSync(uploadsDir, { recursive: true }).filter((name) => String(name).endsWith('.webp'))).toEqual([]);
      expect(t.lowdb!.db.uploads.count()).toBe(0);
    } finally {
      rmSync(uploadsDir, { recursive: true, force: true });
    }
  });
});
