// Which store the process runs on: the lowdb file in DATA_DIR by default, PostgreSQL when
// DATABASE_URL is set (docs/decisions/0076, 0089). Both answer the same Store; the lowdb one
// also hands back its file storage for what only a single process has (the data-dir lock, write stats).
import type pg from 'pg';
import type { Config } from '../config.ts';
import { createFileStorage } from './lowdb/file-storage.ts';
import { createLowdbRepositories } from './lowdb/repositories.ts';
import { migrate } from './postgres/migrate.ts';
import { createPool } from './postgres/pool.ts';
import { createPostgresRepositories } from './postgres/repositories.ts';
import type { Store } from '../domain/store/index.ts';
import type { StorageWithStats } from './lowdb/write-pipeline.ts';
import type { Log } from '../logging/log.ts';

export type OpenedStore =
  | { kind: 'lowdb'; store: Store; lowdb: StorageWithStats }
  | { kind: 'postgres'; store: Store; pool: pg.Pool; migrated: number[] };

export interface OpenStoreOptions {
  /** connections this process may hold on PostgreSQL (default 10) */
  poolSize?: number;
  /** where PostgreSQL's background trouble is reported (the server's logger; scripts: the console) */
  log?: Log;
}

/**
 * Opens the configured store. On PostgreSQL it first applies the shipped migrations (safe when several
 * processes start at once: migrate() holds an advisory lock). On lowdb it takes the data-dir lock,
 * which refuses a second process on the same file.
 */
export async function openStore(
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
  now: Date,
  options: OpenStoreOptions = {},
): Promise<OpenedStore> {
  if (!config.databaseUrl) {
    const lowdb = await createFileStorage({ dataDir: config.dataDir });
    return { kind: 'lowdb', store: createLowdbRepositories(lowdb), lowdb };
  }
  const pool = createPool({ connectionString: config.databaseUrl, max: options.poolSize ?? 10, log: options.log });
  try {
    const migrated = await migrate(pool, now);
    return { kind: 'postgres', store: createPostgresRepositories(pool, { log: options.log }), pool, migrated };
  } catch (error) {
    await pool.end().catch(() => {});
    throw new Error(`PostgreSQL (DATABASE_URL) could not be prepared: ${(error as Error).message}`, { cause: error });
  }
}
