// A lowdb adapter that survives kill -9 and power loss: each save goes to a new temp file in the
// same folder, is fsynced, renamed over the target, and the folder is fsynced so the rename itself
// is on disk. At any moment the target is either the old or the new complete file.
// (lowdb's own JSONFile renames but never fsyncs.)
import { open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Adapter } from 'lowdb';
import type { DbShape } from '../../domain/model.ts';
import { syncFolder } from '../durable-files.ts';
import { serializeDb } from './db-json.ts';

export class DamagedDataFileError extends Error {
  readonly file: string;

  constructor(file: string, reason: string) {
    super(
      `${file} is damaged: ${reason}. PuppyNest will not start over a damaged data file, so nothing in it is lost: ` +
        'restore it from a backup, or move it away to start with an empty database.',
    );
    this.name = 'DamagedDataFileError';
    this.file = file;
  }
}

export class DurableJsonFile implements Adapter<DbShape> {
  readonly file: string;
  #saves = 0;

  constructor(file: string) {
    this.file = file;
  }

  /** null when the file does not exist yet; throws DamagedDataFileError when it does not parse */
  async read(): Promise<DbShape | null> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return null;
      throw new Error(`Could not read ${this.file}: ${errorMessage(error)}`, { cause: error });
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new DamagedDataFileError(
        this.file,
        text.trim() === '' ? 'it is empty' : `it is not valid JSON (${errorMessage(error)})`,
      );
    }
    // JSON.parse('null') would make lowdb keep its empty default: refuse anything but an object.
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      throw new DamagedDataFileError(this.file, 'it does not hold a JSON object');
    }
    return data as DbShape;
  }

  /**
   * Serialises `data` (compact JSON) synchronously, before returning: the caller may change `data` as soon as
   * this returns its promise. The promise resolves once the new file is durable.
   */
  write(data: DbShape): Promise<void> {
    return this.#replace(serializeDb(data));
  }

  /** deletes temp files that a crash left behind; call only while holding the data-dir lock */
  async removeLeftovers(): Promise<void> {
    const folder = path.dirname(this.file);
    const prefix = `${path.basename(this.file)}.`;
    let names: string[];
    try {
      names = await readdir(folder);
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return;
      throw error;
    }
    const leftovers = names.filter(
      (name) => name.startsWith(prefix) && /^\d+\.\d+\.tmp$/.test(name.slice(prefix.length)),
    );
    await Promise.all(leftovers.map((name) => unlink(path.join(folder, name)).catch(() => {})));
  }

  async #replace(text: string): Promise<void> {
    const temp = `${this.file}.${process.pid}.${++this.#saves}.tmp`;
    let handle: Awaited<ReturnType<typeof open>> | undefined;
    try {
      // 0600: the file holds password hashes and payment records.
      handle = await open(temp, 'wx', 0o600);
      await handle.writeFile(text, 'utf8');
      await handle.datasync();
      await handle.close();
      handle = undefined;
      await rename(temp, this.file);
      await syncFolder(path.dirname(this.file));
    } catch (error) {
      await handle?.close().catch(() => {});
      await unlink(temp).catch(() => {});
      throw new Error(`Could not save ${this.file}: ${errorMessage(error)}`, { cause: error });
    }
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
