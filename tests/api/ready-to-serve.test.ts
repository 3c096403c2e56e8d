// npm run db:import ends with VACUUM ANALYZE of the tables it wrote (decision 0115): right after it, the
// planner has the imported rows' statistics and the visibility map is set, with no manual step and no wait
// for autovacuum. The real script, as a process, on a lowdb DATA_DIR and a migrated, empty database.
// Runs in the api-postgres project only.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, expect, inject, it } from 'vitest';
import { createFileStorage } from '../../commerce-api/src/storage/index.ts';
import { createLowdbRepositories } from '../../commerce-api/src/storage/lowdb/repositories.ts';
import { createPool } from '../../commerce-api/src/storage/postgres/pool.ts';
import { NOW } from '../support/payments.ts';
import { buildBreeds, buildPuppy, buildUser, createRng } from '../support/factories.ts';

const IMPORT = path.resolve('commerce-api/scripts/db-import.ts');
const url = (database: string) => inject('postgresUrlTemplate').replace('{database}', database);
const dirs: string[] = [];
const admin = createPool({ connectionString: url('postgres'), max: 1 });
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
afterAll(async () => {
  await admin.query(`DROP DATABASE IF EXISTS imported_${process.pid} WITH (FORCE)`);
  await admin.end();
});

it('db:import leaves the imported tables with statistics and a visibility map', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pn-import-'));
  dirs.push(dataDir);
  const lowdb = createLowdbRepositories(await createFileStorage({ dataDir }));
  for (const breed of buildBreeds().slice(0, 3)) await lowdb.breeds.insert(breed);
  const { usernameKey: _key, ...seller } = buildUser(
    { accountType: 'seller', username: 'importedseller', email: 'importedseller@example.com' },
    NOW,
  );
  const { id: sellerId } = await lowdb.users.create(seller);
  const listings = 30;
  for (let n = 0; n < listings; n++) {
    await lowdb.puppies.insert(
      buildPuppy(
        { name: `Imported ${n}`, breedId: 1, userId: sellerId, createdAt: NOW.toISOString() },
        createRng(n + 1),
        { now: NOW },
      ),
    );
  }
  await lowdb.close();

  // migrated (a copy of the test run's migrated template), and never written
  await admin.query(`CREATE DATABASE imported_${process.pid} TEMPLATE puppynest_template`);
  const databaseUrl = url(`imported_${process.pid}`);
  const pool = createPool({ connectionString: databaseUrl, max: 1 });
  try {
    const before = await pool.query(`SELECT reltuples FROM pg_class WHERE relname = 'users'`);
    // never analyzed or vacuumed: PostgreSQL says -1, "unknown"
    expect(before.rows[0]).toEqual({ reltuples: -1 });

    const run = spawnSync(process.execPath, [IMPORT], {
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/puppies: 30 copied/);
    expect(run.stdout).toMatch(/VACUUM ANALYZE of the 3 tables written: ready to serve\./);

    // Vacuumed and analysed, with the statistics. (Whether VACUUM also marked the pages all-visible depends
    // on every other session's oldest snapshot, which a busy test machine holds back now and then.)
    const tables = await pool.query<{
      relname: string;
      reltuples: number;
      analyzed: boolean;
      vacuumed: boolean;
    }>(
      `SELECT c.relname, c.reltuples, s.last_analyze IS NOT NULL AS analyzed, s.last_vacuum IS NOT NULL AS vacuumed
         FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid
        WHERE c.relname IN ('breeds', 'users', 'puppies') ORDER BY c.relname`,
    );
    expect(tables.rows).toEqual([
      { relname: 'breeds', reltuples: 3, analyzed: true, vacuumed: true },
      { relname: 'puppies', reltuples: listings, analyzed: true, vacuumed: true },
      { relname: 'users', reltuples: 1, analyzed: true, vacuumed: true },
    ]);
    // the planner's column statistics, which the catalogue's plans are chosen by
    const stats = await pool.query(
      `SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'puppies' AND attname = 'breed_id'`,
    );
    expect(stats.rows[0]).toEqual({ n: 1 });
  } finally {
    await pool.end();
  }
});
