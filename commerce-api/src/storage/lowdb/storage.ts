// lowdb's synchronous seam: the lowdb file and the in-memory database of the tests implement these
// interfaces, and the lowdb repositories (repositories.ts) answer the domain's store (domain/store/) over
// them. PostgreSQL implements the domain's store directly (decisions 0076, 0089 and 0109).
//
// Model: reads answer from memory. Every change goes through `storage.write(fn)`: `fn` runs
// synchronously with exclusive access (nothing can interleave, so check-then-change inside it is
// atomic: "a puppy is sold once"), its changes are undone if it throws, and the promise resolves
// once the change is durable. Concurrent writes are batched into one file write.
import type { CollectionName, DbShape, Settings } from '../../domain/model.ts';

export type Row<K extends CollectionName> = DbShape[K][number];
export type NewRow<K extends CollectionName> = Omit<Row<K>, 'id'>;

/**
 * Rows are immutable snapshots (frozen at runtime): an update replaces the row object, so a row
 * read earlier never changes under its holder; editing one in place throws a TypeError.
 */
export interface Collection<T extends { id: number }> {
  /** changes with every insert, update and remove (and their rollback): a cheap "anything new?" check */
  readonly version: number;
  get(id: number): T | undefined;
  /** every row, in insertion order; do not mutate */
  all(): readonly T[];
  find(predicate: (row: T) => boolean): T | undefined;
  filter(predicate: (row: T) => boolean): T[];
  count(predicate?: (row: T) => boolean): number;
  /** only inside storage.write(): assigns the next id; ids are never reused, even after a rollback */
  insert(row: Omit<T, 'id'>): T;
  /**
   * only inside storage.write(): shallow-merges the patch (keys set to undefined are left as they
   * were); undefined when the id is unknown
   */
  update(id: number, patch: Partial<Omit<T, 'id'>>): T | undefined;
  /** only inside storage.write() */
  remove(id: number): boolean;
}

export type Collections = { readonly [K in CollectionName]: Collection<Row<K>> };

export interface SettingsStore {
  get(): Readonly<Settings>;
  /** only inside storage.write() */
  set(patch: Partial<Settings>): Settings;
}

export interface Storage {
  readonly db: Collections;
  readonly settings: SettingsStore;
  /**
   * Runs `fn` atomically. Mutations are allowed only here. Resolves with fn's result after the
   * change is durable (for the file store: written, fsynced and renamed into place); rejects with
   * fn's error after undoing its changes. fn must be synchronous and must not call write() itself
   * (both throw, rolling fn back).
   */
  write<T>(fn: (db: Collections, settings: SettingsStore) => T): Promise<T>;
  /** waits for pending writes, releases the data-dir lock */
  close(): Promise<void>;
}
