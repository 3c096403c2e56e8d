// Storage whose "disk" fails on demand: the real write pipeline over lowdb's Memory adapter, with
// saves that throw an errno error (ENOSPC, EACCES…) wrapped the way the file adapter wraps it.
import { Low, Memory } from 'lowdb';
import type { DbShape } from '../../commerce-api/src/domain/model.ts';
import { normaliseDb } from '../../commerce-api/src/storage/index.ts';
import { openStorage } from '../../commerce-api/src/storage/lowdb/write-pipeline.ts';

export class FailingDisk extends Memory<DbShape> {
  /** what the last successful save wrote */
  saved: DbShape | null = null;
  /** the errno code the next saves fail with; null saves */
  failWith: string | null = null;
  /** when set, the next save waits for it (so writes can queue behind a save in flight) */
  gate: Promise<void> | null = null;

  override async write(data: DbShape): Promise<void> {
    const snapshot = JSON.parse(JSON.stringify(data)) as DbShape;
    const gate = this.gate;
    this.gate = null;
    if (gate) await gate;
    if (this.failWith) {
      const code = this.failWith;
      throw new Error(`Could not save db.json: ${code}: write failed`, {
        cause: Object.assign(new Error(`${code}: write failed`), { code }),
      });
    }
    this.saved = snapshot;
  }
}

export function openFailingStorage(initial: Partial<DbShape> = {}) {
  const disk = new FailingDisk();
  const low = new Low<DbShape>(disk, normaliseDb(structuredClone(initial)));
  return { disk, storage: openStorage(low, () => {}) };
}
