// Publishing with several processes (decision 0096): a publish received by one process makes
// every process on the database rebuild its own site, each once. Runs in api-postgres only.
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterEach, expect, it, vi } from 'vitest';
import { createApp } from '../../commerce-api/src/app.ts';
import { loadConfig } from '../../commerce-api/src/config.ts';
import { createAnnouncements } from '../../commerce-api/src/storage/postgres/announcements.ts';
import { createPool } from '../../commerce-api/src/storage/postgres/pool.ts';
import { createPostgresRepositories } from '../../commerce-api/src/storage/postgres/repositories.ts';
import { createTestApp } from '../support/test-app.ts';
import { capturedLog, silentLog } from '../support/captured-log.ts';

const SECRET = 'a-webhook-secret-for-tests';
const others: Array<{ close(): Promise<void> }> = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(others.splice(0).map((store) => store.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const lines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n') : []);

it('a publish received by one process rebuilds the site of every process once', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pn-publish-'));
  dirs.push(dir);
  const markerA = path.join(dir, 'a.txt');
  const markerB = path.join(dir, 'b.txt');
  const a = await createTestApp({
    env: { SANITY_WEBHOOK_SECRET: SECRET, SITE_REBUILD_COMMAND: `echo rebuilt >> "${markerA}"` },
  });
  const config = loadConfig({
    DATA_DIR: dir,
    SANITY_WEBHOOK_SECRET: SECRET,
    SITE_REBUILD_COMMAND: `echo rebuilt >> "${markerB}"`,
  });
  const store = createPostgresRepositories(createPool({ connectionString: a.databaseUrl!, max: 3 }));
  others.push(store);
  createApp({ ...a.deps, config, store });
  // B listens once its connection has run LISTEN: a publish before that would be missed
  await store.announcements!.listen('publish', () => {});

  const body = JSON.stringify({ _type: 'testimonial', _id: 't1' });
  const response = await request(a.app)
    .post('/api/hooks/sanity')
    .set('Content-Type', 'application/json')
    .set(SIGNATURE_HEADER_NAME, await encodeSignatureHeader(body, a.clock.now.getTime(), SECRET))
    .send(body);
  expect(response.status).toBe(202);
  expect(response.body).toEqual({ received: true, rebuild: 'started' });

  await vi.waitFor(() => expect(lines(markerB)).toEqual(['rebuilt']), { timeout: 10_000 });
  await vi.waitFor(() => expect(lines(markerA)).toEqual(['rebuilt']), { timeout: 10_000 });
});

it('a process whose listening connection is cut listens again, catches up once, and hears what comes next', async () => {
  const { databaseUrl } = await createTestApp();
  const poolA = createPool({ connectionString: databaseUrl!, max: 2 });
  const poolB = createPool({ connectionString: databaseUrl!, max: 2 });
  const a = createAnnouncements(poolA, silentLog);
  const { log, messages: logged } = capturedLog();
  const b = createAnnouncements(poolB, log, { retryMs: 20 });
  // the announcements first, then their pools
  others.push({
    async close() {
      await Promise.all([a.close(), b.close()]);
      await Promise.all([poolA.end(), poolB.end()]);
    },
  });
  const heard: string[] = [];
  await b.listen('publish', () => heard.push('publish'));

  await a.announce('publish');
  await vi.waitFor(() => expect(heard).toEqual(['publish']));

  // what a PostgreSQL restart or a dropped proxy connection does to the listening connection
  const cut = await poolA.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN puppynest_announcements'`,
  );
  expect(cut.rowCount).toBe(1);
  // B listens again and runs its handler once, for a publish it may have missed meanwhile
  await vi.waitFor(() => expect(heard).toEqual(['publish', 'publish']), { timeout: 5_000 });
  expect(logged.some((line) => line.includes('listening again'))).toBe(true);

  await a.announce('publish');
  await vi.waitFor(() => expect(heard).toEqual(['publish', 'publish', 'publish']));
});
