// npm run backup and npm run restore (decision 0115), on the store npm start would open (open-store.ts):
// PostgreSQL when DATABASE_URL is set, else the lowdb file in DATA_DIR. Which kind a backup file is, is
// read from its first bytes, so a backup is never restored into the other store.
import { open } from 'node:fs/promises';
import type { Config } from '../config.ts';
import { backupDataDir, restoreDataDir, type LowdbBackupReport, type LowdbRestoreReport } from './lowdb/backup.ts';
import { backupPostgres, restorePostgres, type PostgresRestoreReport } from './postgres/backup.ts';
import { RestoreRefusedError } from './restore-refused.ts';

export { RestoreRefusedError } from './restore-refused.ts';
export { ClientToolsMissingError } from './postgres/backup.ts';

type StoreConfig = Pick<Config, 'dataDir' | 'databaseUrl'>;

export type BackupReport = ({ kind: 'lowdb' } & LowdbBackupReport) | { kind: 'postgres'; bytes: number };
export type RestoreReport = ({ kind: 'lowdb' } & LowdbRestoreReport) | ({ kind: 'postgres' } & PostgresRestoreReport);

export async function backupStore(config: StoreConfig, file: string): Promise<BackupReport> {
  if (config.databaseUrl) return { kind: 'postgres', ...(await backupPostgres(config.databaseUrl, file)) };
  return { kind: 'lowdb', ...(await backupDataDir(config.dataDir, file)) };
}

export async function restoreStore(config: StoreConfig, file: string): Promise<RestoreReport> {
  const kind = await backupKind(file);
  const target = config.databaseUrl ? 'postgres' : 'lowdb';
  if (kind !== target) {
    throw new RestoreRefusedError(
      kind === 'postgres'
        ? `${file} is a PostgreSQL backup (pg_dump), but DATABASE_URL is not set: set it to the empty database to restore into. Nothing was changed.`
        : `${file} is a backup of the lowdb store, but DATABASE_URL is set: restore it into an empty DATA_DIR without DATABASE_URL, then copy that into PostgreSQL with npm run db:import. Nothing was changed.`,
    );
  }
  if (config.databaseUrl) return { kind: 'postgres', ...(await restorePostgres(file, config.databaseUrl)) };
  return { kind: 'lowdb', ...(await restoreDataDir(file, config.dataDir)) };
}

/** lowdb backups are gzip files (1f 8b); pg_dump's custom format starts with "PGDMP" */
async function backupKind(file: string): Promise<'lowdb' | 'postgres'> {
  let head: Buffer;
  try {
    const handle = await open(file, 'r');
    try {
      head = Buffer.alloc(5);
      await handle.read(head, 0, 5, 0);
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new RestoreRefusedError(`There is no backup at ${file}.`);
    throw error;
  }
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'lowdb';
  throw new RestoreRefusedError(
    `${file} is not a PuppyNest backup (neither a lowdb .tar.gz nor a pg_dump in custom format). Nothing was changed.`,
  );
}
