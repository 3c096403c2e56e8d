// The one write pipeline behind both stores (file and memory differ only in the lowdb adapter).
//
// Group commit: write(fn) applies fn to memory at once, then waits for the next flush. One flush
// runs at a time; every write that arrives while it runs is saved by the following one, so a
// batch costs one JSON.stringify and one file write however many requests it holds. A write's
// promise settles only when the flush holding it has (rejecting if that flush failed).
import type { Low } from 'lowdb';
import type { DbShape } from '../domain/model.ts';
import { createCollections } from './collection.ts';
import { DbSettingsStore } from './settings-store.ts';
import type { Collections, SettingsStore, Storage } from './storage.ts';
import { Transaction } from './transaction.ts';

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
  /** a failed flush left changes that only memory holds: the next write must save them */
  let unsaved = false;
  let closing: Promise<void> | null = null;

  function write<T>(fn: (db: Collections, settings: SettingsStore) => T): Promise<T> {
    // Thrown, not returned: a write() inside a write() must fail the outer fn, which rolls it back.
    tx.assertIdle();
    if (closing) return Promise.reject(new Error('storage.write() was called after storage.close().'));
    let outcome: { result: T; changed: boolean };
    try {
      outcome = tx.run(() => fn(db, settings));
    } catch (error) {
      return Promise.reject(error);
    }
    const { result, changed } = outcome;
    if (!changed && !unsaved) {
      // Nothing to save, but fn may have read changes that are not durable yet: wait for them.
      const waitFor = pending ?? inflight;
      return waitFor ? waitFor.promise.then(() => result) : Promise.resolve(result);
    }
    return joinNextFlush().then(() => result);
  }

  function joinNextFlush(): Promise<void> {
    if (!pending) {
      pending = createBatch();
      if (!inflight) scheduleFlush();
    }
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
    unsaved = false;
    try {
      // The adapter serialises low.data synchronously inside this call, before any later write.
      await low.write();
      flushes++;
      batch.resolve();
    } catch (error) {
      unsaved = true;
      batch.reject(error);
    } finally {
      inflight = null;
      if (pending) scheduleFlush();
    }
  }

  async function drainAndRelease(): Promise<void> {
    try {
      while (pending || inflight) await (inflight ?? pending)!.promise.catch(() => {});
      if (unsaved) {
        // One more try for what a failed flush left in memory; close() rejects if it fails again.
        await joinNextFlush();
      }
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

function createBatch(): Batch {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Every write attaches its own handler; this one keeps a batch nobody awaits from being "unhandled".
  promise.catch(() => {});
  return { promise, resolve, reject };
}
