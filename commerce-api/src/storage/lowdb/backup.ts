// npm run backup / npm run restore on the lowdb store (decision 0115): one .tar.gz holding db.json and every
// file under DATA_DIR/uploads and DATA_DIR/private (the health tests' proofs, decision 0121).
//
// The backup is taken while the server runs, and takes no lock: it only reads. db.json is never written in
// place (durable-json-file.ts writes a new file and renames it over the old one), so reading it gives one
// complete save, never half of one. Uploaded files are immutable and written before the row that names
// them; a listing change removes the files it no longer uses right after it is saved. So the uploads are
// read first, then db.json, then the files uploaded meanwhile: every file the saved db.json names was on
// disk before db.json was read. A file is missed only if it was uploaded while the first pass ran and
// taken off its listing again in the moment between the reading of db.json and the second pass.
//
// The restore holds the data-dir lock (a running server refuses it, and it refuses a running server), writes
// into a folder inside DATA_DIR, and moves the uploads, then db.json, into place: db.json is there only
// once everything else is.
import { createWriteStream, type Stats } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { commitFile, syncFolder } from '../durable-files.ts';
import { RestoreRefusedError } from '../restore-refused.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { normaliseDb } from './empty-db.ts';
import { DB_FILE_NAME } from './file-storage.ts';

/** DATA_DIR/uploads: the local media store's folder and the seed's pictures (server.ts) */
const UPLOADS = 'uploads';
/** DATA_DIR/private: files never served publicly, the health tests' proofs (decision 0121; server.ts) */
const PRIVATE = 'private';
/** the folders of files a backup holds beside db.json, uploaded first and named by db.json */
const FILE_FOLDERS = [UPLOADS, PRIVATE] as const;
/** a file the media store is still writing (media-store.ts renames it when complete) */
const UNFINISHED = /\.tmp$/;
/** what a backup may hold: db.json, and files under uploads/ or private/ with plain names (no "..", no absolute path) */
const ENTRY = /^(?:db\.json|(?:uploads|private)(?:\/[\w][\w.-]*)+)$/;

export interface LowdbBackupReport {
  /** files under uploads/ and private/ in the backup */
  uploads: number;
  /** the backup's size on disk */
  bytes: number;
}

/** writes the backup of `dataDir` to `file` (replaced whole, never left half-written) */
export async function backupDataDir(dataDir: string, file: string): Promise<LowdbBackupReport> {
  const dir = path.resolve(dataDir);
  const dbFile = path.join(dir, DB_FILE_NAME);
  const temp = `${path.resolve(file)}.${process.pid}.tmp`;
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
  // Awaited below; this keeps a write error from counting as unhandled while the entries are still added.
  written.catch(() => {});
  try {
    const captured = new Set<string>();
    for (const folder of FILE_FOLDERS) await addUploads(pack, dir, folder, captured);
    const db = await readDb(dbFile);
    for (const folder of FILE_FOLDERS) await addUploads(pack, dir, folder, captured);
    await addEntry(pack, { name: DB_FILE_NAME, size: db.length, mode: 0o600, mtime: new Date() }, db);
    pack.finalize();
    await written;
    await commitFile(temp, path.resolve(file));
    return { uploads: captured.size, bytes: (await stat(file)).size };
  } catch (error) {
    pack.destroy(error as Error);
    await written.catch(() => {});
    await unlink(temp).catch(() => {});
    throw error;
  }
}

export interface LowdbRestoreReport {
  /** files put under DATA_DIR/uploads and DATA_DIR/private */
  uploads: number;
}

/**
 * Restores a backup into `dataDir`, which must hold no database and no uploads (decision 0115: a restore
 * never overwrites). Throws RestoreRefusedError, changing nothing, when it does; DataDirInUseError while a
 * server runs on it.
 */
export async function restoreDataDir(file: string, dataDir: string): Promise<LowdbRestoreReport> {
  const dir = path.resolve(dataDir);
  await mkdir(dir, { recursive: true });
  const lock = await acquireDataDirLock(dir);
  try {
    await refuseUnlessEmpty(dir);
    // Under the lock, a restore folder is one a killed restore left behind.
    for (const name of await readdir(dir))
      if (name.startsWith('.restore-')) await rm(path.join(dir, name), { recursive: true, force: true });
    const staging = path.join(dir, `.restore-${process.pid}`);
    await mkdir(staging);
    try {
      const uploads = await extract(file, staging);
      const dbFile = path.join(staging, DB_FILE_NAME);
      const text = await readFile(dbFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT')
          throw new RestoreRefusedError(
            `${file} holds no ${DB_FILE_NAME}: it is not a PuppyNest backup of the lowdb store. Nothing was changed.`,
          );
        throw error;
      });
      try {
        normaliseDb(JSON.parse(text), `${DB_FILE_NAME} in ${file}`);
      } catch (error) {
        throw new RestoreRefusedError(`${file} cannot be restored: ${(error as Error).message} Nothing was changed.`, {
          cause: error,
        });
      }
      for (const folder of FILE_FOLDERS) {
        const restored = path.join(staging, folder);
        if ((await filesUnder(restored)).length === 0) continue;
        // refuseUnlessEmpty let only empty folders through
        await rm(path.join(dir, folder), { recursive: true, force: true });
        await rename(restored, path.join(dir, folder));
      }
      await rename(dbFile, path.join(dir, DB_FILE_NAME));
      await syncFolder(dir);
      return { uploads };
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  } finally {
    await lock.release();
  }
}

async function refuseUnlessEmpty(dir: string): Promise<void> {
  const hasDb = await readFile(path.join(dir, DB_FILE_NAME)).then(
    () => true,
    () => false,
  );
  let uploads = 0;
  for (const folder of FILE_FOLDERS) uploads += (await filesUnder(path.join(dir, folder))).length;
  if (!hasDb && uploads === 0) return;
  const held = [
    hasDb ? `a database (${DB_FILE_NAME})` : '',
    uploads ? `${uploads} uploaded file${uploads === 1 ? '' : 's'}` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  throw new RestoreRefusedError(
    `DATA_DIR ${dir} already holds ${held}. A restore goes into an empty DATA_DIR and never overwrites: ` +
      'set DATA_DIR to a new folder, or stop the server and move this folder away, then run the restore again. Nothing was changed.',
  );
}

/** the database as saved last: one complete file, checked before it goes into a backup */
async function readDb(dbFile: string): Promise<Buffer> {
  let db: Buffer;
  try {
    db = await readFile(dbFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(
        `There is no database at ${dbFile}: nothing to back up. Is DATA_DIR right? (With DATABASE_URL set, the backup is of PostgreSQL.)`,
        { cause: error },
      );
    }
    throw error;
  }
  normaliseDb(JSON.parse(db.toString('utf8')), dbFile);
  return db;
}

/** adds every finished file under DATA_DIR/`folder` that is not in `captured` yet */
async function addUploads(
  pack: tar.Pack,
  dataDir: string,
  folder: (typeof FILE_FOLDERS)[number],
  captured: Set<string>,
): Promise<void> {
  const uploadsDir = path.join(dataDir, folder);
  for (const relative of await filesUnder(uploadsDir)) {
    if (captured.has(`${folder}/${relative}`) || UNFINISHED.test(relative)) continue;
    let handle: FileHandle;
    try {
      handle = await open(path.join(uploadsDir, ...relative.split('/')), 'r');
    } catch (error) {
      // removed since the folder was listed: no longer part of the live data
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    try {
      // Once open, the file is read whole even if it is removed meanwhile.
      const stats: Stats = await handle.stat();
      await addEntry(
        pack,
        {
          name: `${folder}/${relative}`,
          size: stats.size,
          mode: folder === PRIVATE ? 0o600 : 0o644,
          mtime: stats.mtime,
        },
        handle,
      );
      captured.add(`${folder}/${relative}`);
    } finally {
      await handle.close();
    }
  }
}

/** one entry of the archive, from a buffer or streamed from an open file */
function addEntry(
  pack: tar.Pack,
  header: { name: string; size: number; mode: number; mtime: Date },
  content: Buffer | FileHandle,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const sink = pack.entry({ ...header, type: 'file' }, (error) => (error ? reject(error) : resolve()));
    if (Buffer.isBuffer(content)) {
      sink.end(content);
      return;
    }
    (async () => {
      for await (const chunk of content.createReadStream({ autoClose: false, start: 0 })) {
        if (!sink.write(chunk as Buffer)) await once(sink, 'drain');
      }
      sink.end(null);
    })().catch(reject);
  });
}

/** the files under `dir` (recursively), as paths relative to it with "/"; none when it does not exist */
async function filesUnder(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** unpacks `file` into `staging`, refusing anything but db.json and plain files under uploads/; answers the uploads */
async function extract(file: string, staging: string): Promise<number> {
  const source = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT' ? new RestoreRefusedError(`There is no backup at ${file}.`) : error;
  });
  const extractor = tar.extract();
  const reading = pipeline(source.createReadStream(), createGunzip(), extractor);
  reading.catch(() => {});
  let uploads = 0;
  try {
    for await (const entry of extractor) {
      const { name, type } = entry.header;
      if (type === 'directory') {
        entry.resume();
        continue;
      }
      if (type !== 'file' || !ENTRY.test(name) || name.split('/').includes('..')) {
        throw new RestoreRefusedError(
          `${file} holds ${JSON.stringify(name)}, which no PuppyNest backup holds. Nothing was changed.`,
        );
      }
      const target = path.join(staging, ...name.split('/'));
      await mkdir(path.dirname(target), { recursive: true });
      const out = await open(target, 'wx', name === DB_FILE_NAME || name.startsWith(`${PRIVATE}/`) ? 0o600 : 0o644);
      try {
        // writeFile on a handle writes every byte from its position on, chunk after chunk
        for await (const chunk of entry) await out.writeFile(chunk as Buffer);
        // durable before db.json makes the restore visible
        await out.datasync();
      } finally {
        await out.close();
      }
      if (name !== DB_FILE_NAME) uploads++;
    }
    await reading;
  } catch (error) {
    if (error instanceof RestoreRefusedError) throw error;
    throw new RestoreRefusedError(
      `${file} could not be read as a backup (${(error as Error).message}). Nothing was changed.`,
      { cause: error },
    );
  } finally {
    await source.close().catch(() => {});
  }
  return uploads;
}
