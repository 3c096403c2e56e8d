// The exclusive section of storage.write(): it lets collections refuse changes made outside
// write(), and keeps the undo log that takes back every change of a fn that throws.

export const OUTSIDE_WRITE_HINT =
  'every change must happen inside storage.write(fn), which makes it atomic and durable';

export class Transaction {
  #active = false;
  #changed = false;
  #undo: Array<() => void> = [];

  get active(): boolean {
    return this.#active;
  }

  /** throws (a programming error) unless a write() is running */
  assertActive(operation: string): void {
    if (!this.#active)
      throw new Error(`storage: ${operation} was called outside storage.write(): ${OUTSIDE_WRITE_HINT}.`);
  }

  /** throws when a write() is already running: nested writes would not commit or roll back together */
  assertIdle(): void {
    if (this.#active) {
      throw new Error(
        'storage.write() was called inside another write(): do all the changes in one fn, so they commit or roll back together.',
      );
    }
  }

  /** a change that a throw in fn, or a failed save, must take back */
  record(undo: () => void): void {
    this.#undo.push(undo);
    this.#changed = true;
  }

  /** a change that stays even when fn throws (a consumed id: ids are never reused) */
  markChanged(): void {
    this.#changed = true;
  }

  /**
   * Runs fn exclusively. On a throw, undoes its changes newest first (which restores every
   * array position exactly) and rethrows. `changed` says whether anything needs saving; `undo`
   * takes fn's changes back later (newest first), for a save that fails (write-pipeline.ts).
   */
  run<T>(fn: () => T): { result: T; changed: boolean; undo: ReadonlyArray<() => void> } {
    this.assertIdle();
    this.#active = true;
    this.#changed = false;
    try {
      const result = fn();
      if (isThenable(result)) {
        // Its code after the first await would run outside the exclusive section.
        result.then(undefined, () => {});
        throw new Error(
          'storage.write(fn): fn returned a promise; it must be synchronous (do the async work before or after write()).',
        );
      }
      return { result, changed: this.#changed, undo: this.#undo };
    } catch (error) {
      for (let i = this.#undo.length - 1; i >= 0; i--) this.#undo[i]!();
      throw error;
    } finally {
      this.#active = false;
      this.#undo = [];
    }
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
