// npm run backup and npm run restore (decision 0115) on the store of the run: the lowdb file in a DATA_DIR
// (api project) or a PostgreSQL database (api-postgres). A sale goes all the way to a scheduled payout, a
// backup is taken while the store serves, and restored into a fresh target; a second app on it serves the
// same listing, lets the same accounts log in, and shows the same order and earnings. A restore into a
// target that holds data is refused and changes nothing. (The lowdb backup under writes, and what a restore
// refuses before writing: tests/unit/storage/backup.test.ts.)
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { backupStore, restoreStore, RestoreRefusedError } from '../../commerce-api/src/storage/backup.ts';
import { createFileStorage, type StorageWithStats } from '../../commerce-api/src/storage/index.ts';
import { createPool } from '../../commerce-api/src/storage/postgres/pool.ts';
import { createPostgresRepositories } from '../../commerce-api/src/storage/postgres/repositories.ts';
import { FACTORY_PASSWORD } from '../support/factories.ts';
import { marketplace, NOW } from '../support/payments.ts';
import { buy, connect, handOver } from '../support/payouts.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { onPostgres } from '../support/test-store.ts';

const dirs: string[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pn-backup-'));
  dirs.push(dir);
  return dir;
}

const PICTURE = 'images/0123456789abcdef0123456789abcdef.webp';

/** a lowdb file store in a new DATA_DIR, closed after the test */
async function fileStorage(dataDir: string): Promise<StorageWithStats> {
  const storage = await createFileStorage({ dataDir });
  cleanups.push(() => storage.close());
  return storage;
}

let databases = 0;
/** a new, empty PostgreSQL database (no tables), dropped after the test */
async function emptyDatabase(): Promise<string> {
  const url = (database: string) => inject('postgresUrlTemplate').replace('{database}', database);
  const name = `restored_${process.pid}_${++databases}`;
  const admin = createPool({ connectionString: url('postgres'), max: 1 });
  await admin.query(`CREATE DATABASE ${name}`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  return url(name);
}

/** the store the product serves from: where a backup is taken and a restore goes */
interface Target {
  config: { dataDir: string; databaseUrl: string };
  /** a second app on the restored data */
  open(): Promise<TestApp>;
}

async function freshTarget(): Promise<Target> {
  if (onPostgres) {
    const databaseUrl = await emptyDatabase();
    return {
      config: { dataDir: tempDir(), databaseUrl },
      async open() {
        const pool = createPool({ connectionString: databaseUrl, max: 2 });
        const store = createPostgresRepositories(pool);
        cleanups.push(() => store.close());
        return createTestApp({ now: NOW, store: { store, databaseUrl } });
      },
    };
  }
  const dataDir = tempDir();
  return {
    config: { dataDir, databaseUrl: '' },
    open: async () => createTestApp({ now: NOW, storage: await fileStorage(dataDir) }),
  };
}

/** a marketplace with a sale handed over (its payout scheduled), on a store a backup can be taken of */
async function soldAndHandedOver() {
  const dataDir = tempDir();
  const world = onPostgres ? await marketplace() : await marketplace({ storage: await fileStorage(dataDir) });
  const config = { dataDir, databaseUrl: world.t.databaseUrl ?? '' };
  await connect(world.seller.agent);
  const sale = await buy(world.t, world.puppy.id);
  await handOver(world.seller.agent, sale.order.reference);
  return { ...world, ...sale, config };
}

async function loggedIn(t: TestApp, username: string) {
  const agent = request.agent(t.app);
  const response = await agent.post('/api/login').send({ username, password: FACTORY_PASSWORD });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return agent;
}

describe(`backup and restore on ${onPostgres ? 'PostgreSQL' : 'lowdb'}`, () => {
  it('a backup taken while the store serves, restored into a fresh target, serves the same listing, accounts, order and payout', async () => {
    const { t, seller, buyer, puppy, order, config } = await soldAndHandedOver();
    if (!onPostgres) {
      // an uploaded picture, and one the media store is still writing (never part of a backup)
      mkdirSync(path.join(config.dataDir, 'uploads', 'images'), { recursive: true });
      writeFileSync(path.join(config.dataDir, 'uploads', PICTURE), 'picture bytes');
      writeFileSync(path.join(config.dataDir, 'uploads', `${PICTURE}.123.tmp`), 'half a pic');
      // a health test's proof, kept apart from the public uploads (decision 0121)
      mkdirSync(path.join(config.dataDir, 'private', 'proofs'), { recursive: true });
      writeFileSync(path.join(config.dataDir, 'private', 'proofs', 'hips.pdf'), '%PDF proof bytes');
    }
    const listing = (await request(t.app).get(`/api/puppies/${puppy.id}`)).body;
    const buyersOrder = (await buyer.agent.get(`/api/orders/${order.reference}`)).body;
    const earnings = (await seller.agent.get('/api/earnings')).body;
    expect(earnings.rows).toHaveLength(1);

    const file = path.join(tempDir(), onPostgres ? 'puppynest.dump' : 'puppynest.tar.gz');
    const backedUp = await backupStore(config, file);
    expect(backedUp).toMatchObject(onPostgres ? { kind: 'postgres' } : { kind: 'lowdb', uploads: 2 });
    expect(backedUp.bytes).toBeGreaterThan(0);

    const target = await freshTarget();
    const restored = await restoreStore(target.config, file);
    expect(restored.kind).toBe(onPostgres ? 'postgres' : 'lowdb');
    const again = await target.open();

    expect((await request(again.app).get(`/api/puppies/${puppy.id}`)).body).toEqual(listing);
    const buyerAgain = await loggedIn(again, buyer.user.username);
    expect((await buyerAgain.get(`/api/orders/${order.reference}`)).body).toEqual(buyersOrder);
    const sellerAgain = await loggedIn(again, seller.user.username);
    expect((await sellerAgain.get('/api/earnings')).body).toEqual(earnings);
    if (onPostgres) {
      // ready to serve: the restored tables were vacuumed and analysed. (Whether VACUUM could also mark the
      // pages all-visible depends on every other session's oldest snapshot, which a busy test machine
      // holds back now and then, so the test reads that the restore ran both, and the statistics.)
      const pool = createPool({ connectionString: target.config.databaseUrl, max: 1 });
      cleanups.push(() => pool.end());
      const { rows } = await pool.query(
        `SELECT c.reltuples, s.last_vacuum IS NOT NULL AS vacuumed, s.last_analyze IS NOT NULL AS analysed
         FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid WHERE c.relname = 'puppies'`,
      );
      expect(rows[0]).toMatchObject({ reltuples: 1, vacuumed: true, analysed: true });
    } else {
      expect(readFileSync(path.join(target.config.dataDir, 'uploads', PICTURE), 'utf8')).toBe('picture bytes');
      expect(existsSync(path.join(target.config.dataDir, 'uploads', `${PICTURE}.123.tmp`))).toBe(false);
      const proof = path.join(target.config.dataDir, 'private', 'proofs', 'hips.pdf');
      expect(readFileSync(proof, 'utf8')).toBe('%PDF proof bytes');
      // private to the server's user, as the proof store writes it
      expect(statSync(proof).mode & 0o077).toBe(0);
    }
  });

  it('refuses a restore into a target that holds data, saying what to do, and changes nothing', async () => {
    const { puppy, config } = await soldAndHandedOver();
    const file = path.join(tempDir(), 'backup');
    await backupStore(config, file);
    const target = await freshTarget();
    await restoreStore(target.config, file);
    const first = await target.open();
    await first.store.puppies.update(puppy.id, { name: 'Renamed since the restore' });
    // the restore takes the data-dir lock, which an open lowdb store holds
    if (!onPostgres) await first.store.close();

    const refused = restoreStore(target.config, file);
    await expect(refused).rejects.toThrow(RestoreRefusedError);
    await expect(refused).rejects.toThrow(
      onPostgres
        ? /already holds \d+ tables\. A restore goes into an empty database and never overwrites: create one .*Nothing was changed\./
        : /already holds a database \(db\.json\)\. A restore goes into an empty DATA_DIR and never overwrites: set DATA_DIR to a new folder.*Nothing was changed\./,
    );
    const again = onPostgres ? first : await target.open();
    expect((await again.store.puppies.get(puppy.id))?.name).toBe('Renamed since the restore');
  });

  it('refuses a backup of the other store', async () => {
    const { config } = await soldAndHandedOver();
    const file = path.join(tempDir(), 'backup');
    await backupStore(config, file);
    const other = onPostgres
      ? { dataDir: tempDir(), databaseUrl: '' }
      : { dataDir: tempDir(), databaseUrl: 'postgres://nobody@127.0.0.1:1/nothing' };
    await expect(restoreStore(other, file)).rejects.toThrow(
      onPostgres
        ? /is a PostgreSQL backup \(pg_dump\), but DATABASE_URL is not set/
        : /is a backup of the lowdb store, but DATABASE_URL is set/,
    );
    await expect(restoreStore(other, path.join(tempDir(), 'missing'))).rejects.toThrow(/There is no backup at/);
  });
});
