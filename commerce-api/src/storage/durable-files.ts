// Making a finished file durable under its final name: its bytes fsynced, renamed over the target, and the
// folder fsynced so the rename itself is on disk. Until the rename, readers see the old file (or none);
// after it, the new one whole. Used by the lowdb saves (lowdb/durable-json-file.ts) and by the backups.
import { open, rename } from 'node:fs/promises';
import path from 'node:path';

/** fsyncs `temp`, renames it to `target` and fsyncs the folder: `target` is then the new file, also after power loss */
export async function commitFile(temp: string, target: string): Promise<void> {
  const handle = await open(temp, 'r');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
  await rename(temp, target);
  await syncFolder(path.dirname(target));
}

/** fsyncs a folder, so the renames and new names in it are on disk */
export async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
