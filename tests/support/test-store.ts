// The store under an API test: lowdb in memory by default; a fresh PostgreSQL database per test app
// when TEST_STORE=postgres (the "api-postgres" vitest project), cloned from the migrated template and
// filled with the same `initial` rows through the importer. So one API test file proves a rule on both
// stores. Every database made here is closed and dropped after its test (closeTestStores, in
// tests/support/vitest-setup.ts), so a run never runs out of connections.
import { expect, inject } from 'vitest';
import type { DbShape } from '../../commerce-api/src/domain/model.ts';
import { createMemoryStorage, normaliseDb, type StorageWithStats } from '../../commerce-api/src/storage/index.ts';
import { createLowdbRepositories } from '../../commerce-api/src/storage/lowdb-repositories.ts';
import { importLowdb } from '../../commerce-api/src/storage/postgres/import-lowdb.ts';
import { createPool } from '../../commerce-api/src/storage/postgres/pool.ts';
import { createPostgresRepositories } from '../../commerce-api/src/storage/postgres/repositories.ts';
import type { AsyncStorage } from '../../commerce-api/src/storage/repositories.ts';

export const onPostgres = process.env['TEST_STORE'] === 'postgres';

export interface TestStore {
  store: AsyncStorage;
  /** lowdb only: the in-memory storage under `store` (write stats, failure injection) */
  lowdb?: StorageWithStats;
  /** PostgreSQL only: the test's database, for a second process's worth of connections */
  databaseUrl?: string;
}

/** closers of the databases made inside a test (closed after it) and outside one (after the file) */
const perTest: Array<() => Promise<void>> = [];
const perFile: Array<() => Promise<void>> = [];
let databases = 0;

export async function createTestStore(initial: Partial<DbShape> = {}, lowdb?: StorageWithStats): Promise<TestStore> {
  if (!onPostgres || lowdb) {
    const storage = lowdb ?? createMemoryStorage(initial);
    return { store: createLowdbRepositories(storage), lowdb: storage };
  }
  const url = inject('postgresUrlTemplate');
  const name = `t${process.pid}_${++databases}`;
  const admin = createPool({ connectionString: url.replace('{database}', 'postgres'), max: 1 });
  await admin.query(`CREATE DATABASE ${name} TEMPLATE puppynest_template`);
  const pool = createPool({ connectionString: url.replace('{database}', name), max: 4 });
  if (Object.keys(initial).length > 0) await importLowdb(pool, normaliseDb(structuredClone(initial), 'initial'));
  const store = createPostgresRepositories(pool);
  const inTest = expect.getState().currentTestName !== undefined;
  (inTest ? perTest : perFile).push(async () => {
    await store.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  return { store, databaseUrl: url.replace('{database}', name) };
}

/** closes and drops the databases of the test that ended (or, with `file`, of the whole file) */
export async function closeTestStores(scope: 'test' | 'file' = 'test'): Promise<void> {
  const closing = (scope === 'file' ? perFile : perTest).splice(0);
  await Promise.all(closing.map((close) => close()));
}
