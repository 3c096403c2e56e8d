// The embedded default: the whole database in `<dataDir>/db.json`, held in memory, saved by
// group commit through the crash-safe adapter, guarded by the data-dir lock.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Low } from 'lowdb';
import type { DbShape } from '../../domain/model.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { DurableJsonFile } from './durable-json-file.ts';
import { emptyDb, normaliseDb } from './empty-db.ts';
import { openStorage, type StorageWithStats } from './write-pipeline.ts';

export interface FileStorageOptions {
  /** created when missing; relative paths resolve against the working directory */
  dataDir: string;
}

export const DB_FILE_NAME = 'db.json';

/**
 * Opens (or creates) the database in `dataDir`. Rejects with DataDirInUseError when another
 * live process holds the folder, and with DamagedDataFileError when db.json does not parse.
 */
export async function createFileStorage({ dataDir }: FileStorageOptions): Promise<StorageWithStats> {
  const dir = path.resolve(dataDir);
  await mkdir(dir, { recursive: true });
  const lock = await acquireDataDirLock(dir);
  try {
    const adapter = new DurableJsonFile(path.join(dir, DB_FILE_NAME));
    await adapter.removeLeftovers();
    // Low straight on our adapter: JSONFilePreset would swap in memory under NODE_ENV=test.
    const low = new Low<DbShape>(adapter, emptyDb());
    await low.read();
    low.data = normaliseDb(low.data, adapter.file);
    return openStorage(low, () => lock.release());
  } catch (error) {
    await lock.release();
    throw error;
  }
}
