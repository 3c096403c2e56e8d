// The one write pipeline behind both stores (file and memory differ only in the lowdb adapter).
//
// Group commit: write(fn) applies fn to memory at once, then waits for the next flush. One flush
// runs at a time; every write that arrives while it runs is saved by the following one, so a
// batch costs one JSON.stringify and one file write however many requests it holds. A write's
// promise settles only when the flush holding it has.
//
// A failed flush rolls memory back to what is on disk before anyone hears of it: it undoes its own
// batch and the batch that piled up behind it (applied after its snapshot, so built on its changes),
// newest first, and rejects both. So memory always equals disk plus the writes still to be saved,
// and nothing a caller was told failed can show up later (decision 0050).
import type { Low } from 'lowdb';
import type { DbShape } from '../../domain/model.ts';
import { createCollections } from './collection.ts';
import { DbSettingsStore } from './settings-store.ts';
import type { Collections, SettingsStore, Storage } from './storage.ts';
import { Transaction } from './transaction.ts';
import { diskWriteError } from '../../errors.ts';

export interface StorageStats {
  /** flushes completed successfully: far fewer than writes under load */
  readonly flushes: number;
}

/** a Storage plus counters for tests and benchmarks */
export interface StorageWithStats extends Storage {
  readonly stats: StorageStats;
}

interface Batch {
  readonly promise: Promise<void>;
  /** the undo entries of every write in the batch, in the order they were made */
  readonly undo: Array<() => void>;
  resolve(): void;
  reject(error: unknown): void;
}

/** `low.data` must be normalised already; `onClose` runs last in close() (releases the lock) */
export function openStorage(low: Low<DbShape>, onClose: () => void | Promise<void>): StorageWithStats {
  const tx = new Transaction();
  const db = createCollections(low.data, tx);
  const settings = new DbSettingsStore(low.data, tx);
  let flushes = 0;
  /** changes made since the running flush took its snapshot */
  let pending: Batch | null = null;
  /** the flush being written now */
  let inflight: Batch | null = null;
  let closing: Promise<void> | null = null;

  function write<T>(fn: (db: Collections, settings: SettingsStore) => T): Promise<T> {
    // Thrown, not returned: a write() inside a write() must fail the outer fn, which rolls it back.
    tx.assertIdle();
    if (closing) return Promise.reject(new Error('storage.write() was called after storage.close().'));
    let outcome: { result: T; changed: boolean; undo: ReadonlyArray<() => void> };
    try {
      outcome = tx.run(() => fn(db, settings));
    } catch (error) {
      return Promise.reject(error);
    }
    const { result, changed, undo } = outcome;
    if (!changed) {
      // Nothing to save, but fn may have read changes that are not durable yet: wait for them.
      const waitFor = pending ?? inflight;
      return waitFor ? waitFor.promise.then(() => result) : Promise.resolve(result);
    }
    return joinNextFlush(undo).then(() => result);
  }

  function joinNextFlush(undo: ReadonlyArray<() => void>): Promise<void> {
    if (!pending) {
      pending = createBatch();
      if (!inflight) scheduleFlush();
    }
    // A loop, not push(...undo): a seed's write can hold more entries than a call takes arguments.
    for (const entry of undo) pending.undo.push(entry);
    return pending.promise;
  }

  function scheduleFlush(): void {
    // setImmediate rather than now: requests read in the same event-loop turn join this batch.
    setImmediate(flush);
  }

  async function flush(): Promise<void> {
    const batch = pending;
    if (!batch || inflight) return;
    pending = null;
    inflight = batch;
    try {
      // The adapter serialises low.data synchronously inside this call, before any later write.
      await low.write();
      flushes++;
      inflight = null;
      batch.resolve();
    } catch (error) {
      // Runs between writes (a write's fn is synchronous), so no fn sees a half-undone state.
      // The later batch first: its changes were made on top of this one's.
      // (The cast: TypeScript cannot see that writes during the await may have queued a batch.)
      const later = pending as Batch | null;
      pending = null;
      inflight = null;
      if (later) undoAll(later.undo);
      undoAll(batch.undo);
      const failure = diskWriteError(error);
      later?.reject(failure);
      batch.reject(failure);
    } finally {
      if (pending && !inflight) scheduleFlush();
    }
  }

  async function drainAndRelease(): Promise<void> {
    try {
      while (pending || inflight) await (inflight ?? pending)!.promise.catch(() => {});
    } finally {
      await onClose();
    }
  }

  return {
    db,
    settings,
    write,
    close() {
      closing ??= drainAndRelease();
      return closing;
    },
    stats: {
      get flushes() {
        return flushes;
      },
    },
  };
}

/** newest first: each undo restores exactly the state its change was made on */
function undoAll(undo: ReadonlyArray<() => void>): void {
  for (let i = undo.length - 1; i >= 0; i--) undo[i]!();
}

function createBatch(): Batch {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Every write attaches its own handler; this one keeps a batch nobody awaits from being "unhandled".
  promise.catch(() => {});
  return { promise, undo: [], resolve, reject };
}
