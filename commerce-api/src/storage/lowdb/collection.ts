// In-memory collections over the arrays of a DbShape. Reads are plain array/Map lookups; every
// change checks that a write() is running and leaves an undo entry for its rollback.
import type { CollectionName, DbShape } from '../../domain/model.ts';
import type { Collection, Collections } from './storage.ts';
import { deepFreeze, definedEntries } from './deep-freeze.ts';
import { COLLECTION_NAMES } from './empty-db.ts';
import type { Transaction } from './transaction.ts';

export class ArrayCollection<T extends { id: number }> implements Collection<T> {
  readonly #name: string;
  readonly #rows: T[];
  readonly #byId = new Map<number, T>();
  readonly #sequences: Record<string, number>;
  readonly #tx: Transaction;
  #version = 0;

  /** takes over `rows` (the DbShape's own array, so a flush sees every change) and freezes them */
  constructor(name: string, rows: T[], sequences: Record<string, number>, tx: Transaction) {
    this.#name = name;
    this.#rows = rows;
    this.#sequences = sequences;
    this.#tx = tx;
    for (const row of rows) {
      if (typeof row !== 'object' || row === null || !Number.isSafeInteger(row.id) || row.id < 1) {
        throw new Error(`storage: ${name} holds a row without a valid id: ${JSON.stringify(row)?.slice(0, 120)}`);
      }
      if (this.#byId.has(row.id)) throw new Error(`storage: ${name} holds two rows with id ${row.id}.`);
      this.#byId.set(row.id, deepFreeze(row));
    }
  }

  /** bumped by every change and every undo: equal versions mean equal contents */
  get version(): number {
    return this.#version;
  }

  get(id: number): T | undefined {
    return this.#byId.get(id);
  }

  /** the live array, in insertion order: do not mutate it (it is what gets saved) */
  all(): readonly T[] {
    return this.#rows;
  }

  find(predicate: (row: T) => boolean): T | undefined {
    return this.#rows.find((row) => predicate(row));
  }

  filter(predicate: (row: T) => boolean): T[] {
    return this.#rows.filter((row) => predicate(row));
  }

  count(predicate?: (row: T) => boolean): number {
    if (!predicate) return this.#rows.length;
    let n = 0;
    for (const row of this.#rows) if (predicate(row)) n++;
    return n;
  }

  insert(row: Omit<T, 'id'>): T {
    this.#tx.assertActive(`${this.#name}.insert()`);
    const id = (this.#sequences[this.#name] ?? 0) + 1;
    // Not undone on rollback: an id, once handed out, is never handed out again.
    this.#sequences[this.#name] = id;
    this.#tx.markChanged();
    const stored = deepFreeze({ ...row, id } as T);
    this.#rows.push(stored);
    this.#byId.set(id, stored);
    this.#version++;
    this.#tx.record(() => {
      this.#rows.pop();
      this.#byId.delete(id);
      this.#version++;
    });
    return stored;
  }

  update(id: number, patch: Partial<Omit<T, 'id'>>): T | undefined {
    this.#tx.assertActive(`${this.#name}.update()`);
    const old = this.#byId.get(id);
    if (!old) return undefined;
    // Copy-on-write: whoever holds `old` keeps an unchanged snapshot.
    const next = deepFreeze({ ...old, ...definedEntries(patch), id } as T);
    const position = this.#rows.indexOf(old);
    this.#rows[position] = next;
    this.#byId.set(id, next);
    this.#version++;
    this.#tx.record(() => {
      this.#rows[position] = old;
      this.#byId.set(id, old);
      this.#version++;
    });
    return next;
  }

  remove(id: number): boolean {
    this.#tx.assertActive(`${this.#name}.remove()`);
    const old = this.#byId.get(id);
    if (!old) return false;
    const position = this.#rows.indexOf(old);
    this.#rows.splice(position, 1);
    this.#byId.delete(id);
    this.#version++;
    this.#tx.record(() => {
      this.#rows.splice(position, 0, old);
      this.#byId.set(id, old);
      this.#version++;
    });
    return true;
  }
}

/** one collection per array of `data` (already normalised) */
export function createCollections(data: DbShape, tx: Transaction): Collections {
  const entries = COLLECTION_NAMES.map((name: CollectionName) => [
    name,
    new ArrayCollection<{ id: number }>(name, data[name], data.sequences, tx),
  ]);
  return Object.freeze(Object.fromEntries(entries)) as Collections;
}
