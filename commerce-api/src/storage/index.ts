// What the rest of the API imports from storage.
export type { Collection, Collections, NewRow, Row, SettingsStore, Storage } from './storage.ts';
export type { StorageStats, StorageWithStats } from './write-pipeline.ts';
export { createFileStorage, DB_FILE_NAME, type FileStorageOptions } from './file-storage.ts';
export { createMemoryStorage } from './memory-storage.ts';
export { emptyDb, normaliseDb, COLLECTION_NAMES } from './empty-db.ts';
export { DataDirInUseError } from './data-dir-lock.ts';
export { DamagedDataFileError } from './durable-json-file.ts';
