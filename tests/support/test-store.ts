// The store under an API test: lowdb in memory by default; a PostgreSQL database of its own per test app
// when TEST_STORE=postgres (the "api-postgres" vitest project), holding the same `initial` rows through
// the importer. So one API test file proves a rule on both stores.
//
// Databases are made once per vitest worker (cloned from the migrated template) and reused: a store
// closed after its test (closeTestStores, in tests/support/vitest-setup.ts) frees its database, and the
// next store empties it before use (tests/support/postgres-emptying.ts). Making a database per test
// cost 150–300 ms each; emptying one costs about 2 ms. A worker's databases carry its VITEST_POOL_ID,
// which no two running workers share, so the next test file in that worker finds them too.
import type pg from 'pg';
import { expect, inject } from 'vitest';
import type { DbShape } from '../../commerce-api/src/domain/model.ts';
import { createMemoryStorage, normaliseDb, type StorageWithStats } from '../../commerce-api/src/storage/index.ts';
import { createLowdbRepositories } from '../../commerce-api/src/storage/lowdb/repositories.ts';
import { importLowdb } from '../../commerce-api/src/storage/postgres/import-lowdb.ts';
import { createPool } from '../../commerce-api/src/storage/postgres/pool.ts';
import { createPostgresRepositories } from '../../commerce-api/src/storage/postgres/repositories.ts';
import { emptyingSql } from './postgres-emptying.ts';
import type { Store } from '../../commerce-api/src/domain/store/index.ts';

export const onPostgres = process.env['TEST_STORE'] === 'postgres';

export interface TestStore {
  store: Store;
  /** lowdb only: the in-memory storage under `store` (write stats, failure injection) */
  lowdb?: StorageWithStats;
  /** PostgreSQL only: the test's database, for a second process's worth of connections */
  databaseUrl?: string;
}

/** closers of the stores made inside a test (closed after it) and outside one (after the file) */
const perTest: Array<() => Promise<void>> = [];
const perFile: Array<() => Promise<void>> = [];
/** this worker's databases that no open store uses (undefined until the server was asked) */
let free: string[] | undefined;
let made = 0;
let emptying: string | undefined;

const prefix = () => `t${process.env['VITEST_POOL_ID'] ?? process.pid}_`;

/** a database of this worker with no store on it, and whether it was used before (so must be emptied) */
async function takeDatabase(admin: pg.Pool): Promise<{ name: string; used: boolean }> {
  free ??= (
    await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [prefix()])
  ).rows.map((r) => r.datname);
  const name = free.pop();
  if (name !== undefined) {
    // a connection a test left open must not see, or lock, the next test's rows
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
    return { name, used: true };
  }
  const fresh = `${prefix()}${process.pid}_${++made}`;
  await admin.query(`CREATE DATABASE ${fresh} TEMPLATE puppynest_template`);
  return { name: fresh, used: false };
}

export async function createTestStore(initial: Partial<DbShape> = {}, lowdb?: StorageWithStats): Promise<TestStore> {
  if (!onPostgres || lowdb) {
    const storage = lowdb ?? createMemoryStorage(initial);
    return { store: createLowdbRepositories(storage), lowdb: storage };
  }
  const url = inject('postgresUrlTemplate');
  const admin = createPool({ connectionString: url.replace('{database}', 'postgres'), max: 1 });
  let database: { name: string; used: boolean };
  try {
    database = await takeDatabase(admin);
  } finally {
    await admin.end();
  }
  const { name } = database;
  const pool = createPool({ connectionString: url.replace('{database}', name), max: 4 });
  if (database.used) await pool.query((emptying ??= await emptyingSql(pool)));
  if (Object.keys(initial).length > 0) await importLowdb(pool, normaliseDb(structuredClone(initial), 'initial'));
  const store = createPostgresRepositories(pool);
  const inTest = expect.getState().currentTestName !== undefined;
  (inTest ? perTest : perFile).push(async () => {
    await store.close();
    free!.push(name);
  });
  return { store, databaseUrl: url.replace('{database}', name) };
}

/** closes the stores of the test that ended (or, with `file`, of the whole file), freeing their databases */
export async function closeTestStores(scope: 'test' | 'file' = 'test'): Promise<void> {
  const closing = (scope === 'file' ? perFile : perTest).splice(0);
  await Promise.all(closing.map((close) => close()));
}
