// The backup of the lowdb store (decision 0115) beside a running store: one complete save while writes go
// on, no lock taken; a restore refused while a server holds the DATA_DIR, and an archive holding anything
// but db.json and uploads refused before anything is written. And the PostgreSQL backup without the client
// tools: a message naming the package. (The restore of a sale on both stores: tests/api/backup-restore.test.ts.)
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { pack } from 'tar-stream';
import { afterEach, describe, expect, it } from 'vitest';
import { backupStore, ClientToolsMissingError, restoreStore } from '../../../commerce-api/src/storage/backup.ts';
import { createFileStorage, type StorageWithStats } from '../../../commerce-api/src/storage/index.ts';
import { backupPostgres } from '../../../commerce-api/src/storage/postgres/backup.ts';
import { buildBreeds } from '../../support/factories.ts';

const dirs: string[] = [];
const opened: StorageWithStats[] = [];
afterEach(async () => {
  for (const storage of opened.splice(0)) await storage.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pn-backup-'));
  dirs.push(dir);
  return dir;
}

async function fileStorage(dataDir: string): Promise<StorageWithStats> {
  const storage = await createFileStorage({ dataDir });
  opened.push(storage);
  return storage;
}

describe('the lowdb backup', () => {
  it('is one complete save while writes go on, and needs no lock: the server keeps its own', async () => {
    const dataDir = tempDir();
    const storage = await fileStorage(dataDir);
    const [first, ...more] = buildBreeds().slice(0, 41);
    await storage.write((db) => db.breeds.insert(first!));
    // 40 saves in flight while the backup reads: it holds the first k of them, for some k
    const writes = more.map((breed) => storage.write((db) => db.breeds.insert(breed)));
    const file = path.join(tempDir(), 'backup.tar.gz');
    await backupStore({ dataDir, databaseUrl: '' }, file);
    await Promise.all(writes);

    const target = tempDir();
    await restoreStore({ dataDir: target, databaseUrl: '' }, file);
    const names = (await fileStorage(target)).db.breeds.all().map((breed) => breed.name);
    expect(names.length).toBeGreaterThanOrEqual(1);
    expect(names).toEqual([first!, ...more].slice(0, names.length).map((breed) => breed.name));
  });

  it('refuses a restore while a server runs on the DATA_DIR', async () => {
    const dataDir = tempDir();
    const storage = await fileStorage(dataDir);
    await storage.write((db) => db.breeds.insert(buildBreeds()[0]!));
    const file = path.join(tempDir(), 'backup.tar.gz');
    await backupStore({ dataDir, databaseUrl: '' }, file);
    await expect(restoreStore({ dataDir, databaseUrl: '' }, file)).rejects.toThrow(
      /Another PuppyNest server \(pid \d+\) is using DATA_DIR/,
    );
  });

  it('refuses an archive that holds anything but db.json and uploads, writing nothing', async () => {
    const file = path.join(tempDir(), 'evil.tar.gz');
    const archive = pack();
    const written = pipeline(archive, createGzip(), createWriteStream(file));
    archive.entry({ name: '../escaped.txt' }, 'outside');
    archive.entry({ name: 'db.json' }, '{}');
    archive.finalize();
    await written;
    const target = tempDir();
    await expect(restoreStore({ dataDir: target, databaseUrl: '' }, file)).rejects.toThrow(
      /holds "\.\.\/escaped\.txt", which no PuppyNest backup holds\. Nothing was changed\./,
    );
    expect(existsSync(path.join(target, 'db.json'))).toBe(false);
    expect(existsSync(path.join(path.dirname(target), 'escaped.txt'))).toBe(false);
  });
});

describe('without PostgreSQL client tools', () => {
  it('the backup names the package that brings pg_dump', async () => {
    const nowhere = tempDir();
    const file = path.join(tempDir(), 'backup.dump');
    const failed = backupPostgres('postgres://puppynest@127.0.0.1:5432/puppynest', file, { binDir: nowhere });
    await expect(failed).rejects.toThrow(ClientToolsMissingError);
    await expect(failed).rejects.toThrow(
      /pg_dump was not found in .*: install PostgreSQL client tools .*apt-get install postgresql-client/,
    );
    expect(existsSync(file)).toBe(false);
  });
});
