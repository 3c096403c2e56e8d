// What the rest of the API imports from storage besides openStore: the lowdb store (lowdb/), for the seed,
// the scripts and the tests (decision 0109).
export type { Collection, Collections, NewRow, Row, SettingsStore, Storage } from './lowdb/storage.ts';
export type { StorageStats, StorageWithStats } from './lowdb/write-pipeline.ts';
export { createFileStorage, DB_FILE_NAME, type FileStorageOptions } from './lowdb/file-storage.ts';
export { createMemoryStorage } from './lowdb/memory-storage.ts';
export { emptyDb, normaliseDb, COLLECTION_NAMES } from './lowdb/empty-db.ts';
export { DataDirInUseError } from './lowdb/data-dir-lock.ts';
export { DamagedDataFileError } from './lowdb/durable-json-file.ts';
