// The in-memory store of the tests: the same pipeline as the file store on lowdb's Memory adapter,
// so rollback, copy-on-write and group commit behave exactly alike.
import { Low, Memory } from 'lowdb';
import type { DbShape } from '../../domain/model.ts';
import { normaliseDb } from './empty-db.ts';
import { openStorage, type StorageWithStats } from './write-pipeline.ts';

/** `initial` is copied (the store freezes its rows); sequences start after its highest ids */
export function createMemoryStorage(initial: Partial<DbShape> = {}): StorageWithStats {
  const low = new Low<DbShape>(new Memory<DbShape>(), normaliseDb(structuredClone(initial)));
  return openStorage(low, () => {});
}
