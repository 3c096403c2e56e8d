// What only the file store does: persistence across reopen, the data-dir lock, refusing a damaged
// file, and rejecting (and forgetting) writes whose flush failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createFileStorage,
  DamagedDataFileError,
  DataDirInUseError,
  type StorageWithStats,
} from '../../../commerce-api/src/storage/index.ts';
import { contactMessage, puppy, tempDataDir } from './fixtures.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function newDir(): string {
  const { dir, cleanup } = tempDataDir();
  cleanups.push(cleanup);
  return dir;
}

async function open(dir: string): Promise<StorageWithStats> {
  const storage = await createFileStorage({ dataDir: dir });
  cleanups.push(() => storage.close());
  return storage;
}

/** the pid of a process that has exited (and been reaped) */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

describe('file storage', () => {
  it('finds its data after a reopen, in a compact JSON file', async () => {
    const dir = newDir();
    const first = await createFileStorage({ dataDir: dir });
    await first.write((db, settings) => {
      db.puppies.insert(puppy(1));
      db.puppies.insert(puppy(2));
      db.puppies.remove(1);
      settings.set({ paymentMode: 'live' });
    });
    await first.close();

    const text = readFileSync(path.join(dir, 'db.json'), 'utf8');
    expect(text.startsWith('{"')).toBe(true);
    expect(text).not.toContain('\n');
    const second = await open(dir);
    expect(second.db.puppies.all()).toEqual([{ ...puppy(2), id: 2 }]);
    expect(second.settings.get()).toEqual({ paymentMode: 'live' });
    // The sequence survived too: id 1 (removed) and 2 are not handed out again.
    expect((await second.write((db) => db.puppies.insert(puppy(3)))).id).toBe(3);
  });

  it('creates a missing data dir and starts empty', async () => {
    const dir = path.join(newDir(), 'nested', 'data');
    const storage = await open(dir);
    expect(storage.db.puppies.count()).toBe(0);
    expect(existsSync(path.join(dir, '.lock'))).toBe(true);
  });

  it('fills what an older file lacks', async () => {
    const dir = newDir();
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ puppies: [{ ...puppy(1), id: 4 }] }));
    const storage = await open(dir);
    expect(storage.db.puppies.get(4)?.name).toBe('Puppy 1');
    expect(storage.db.orders.count()).toBe(0);
    expect(storage.settings.get()).toEqual({ paymentMode: 'test' });
    expect((await storage.write((db) => db.puppies.insert(puppy(2)))).id).toBe(5);
  });

  it('refuses a second storage on the same data dir, naming the pid and the folder', async () => {
    const dir = newDir();
    await open(dir);
    const second = createFileStorage({ dataDir: dir });
    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(createFileStorage({ dataDir: dir })).rejects.toThrow(
      `Another PuppyNest server (pid ${process.pid}) is using DATA_DIR ${dir}. Stop it first, or set DATA_DIR to another folder.`,
    );
  });

  it('releases the lock on close(), so the folder can be opened again', async () => {
    const dir = newDir();
    const first = await createFileStorage({ dataDir: dir });
    await first.close();
    expect(existsSync(path.join(dir, '.lock'))).toBe(false);
    await first.close();
    const second = await open(dir);
    expect(readFileSync(path.join(dir, '.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid));
    expect(second.db.puppies.count()).toBe(0);
  });

  it('takes over a stale lock whose process is gone', async () => {
    const dir = newDir();
    writeFileSync(path.join(dir, '.lock'), `${deadPid()}\n`);
    const storage = await open(dir);
    expect(readFileSync(path.join(dir, '.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid));
    await storage.write((db) => db.puppies.insert(puppy(1)));
  });

  it('takes over a lock left empty or unreadable by a crash', async () => {
    for (const content of ['', 'garbage', '0\n', '-1\n']) {
      const dir = newDir();
      writeFileSync(path.join(dir, '.lock'), content);
      const storage = await createFileStorage({ dataDir: dir });
      await storage.close();
    }
  });

  it('takes over a lock whose pid now belongs to a process started later (pid reuse)', async () => {
    const dir = newDir();
    // Our own pid with another start time: the lock of an earlier process that had our pid.
    writeFileSync(path.join(dir, '.lock'), `${process.pid}\n1\n`);
    const storage = await open(dir);
    expect(storage.db.puppies.count()).toBe(0);
  });

  it('refuses a damaged db.json with a message naming the file, and leaves it untouched', async () => {
    const dir = newDir();
    const file = path.join(dir, 'db.json');
    for (const [content, reason] of [
      ['{"puppies": [', /is not valid JSON/],
      ['', /is empty/],
      ['null', /does not hold a JSON object/],
      ['[]', /does not hold a JSON object/],
    ] as const) {
      writeFileSync(file, content);
      const opening = createFileStorage({ dataDir: dir });
      await expect(opening).rejects.toBeInstanceOf(DamagedDataFileError);
      await expect(createFileStorage({ dataDir: dir })).rejects.toThrow(`${file} is damaged`);
      await expect(createFileStorage({ dataDir: dir })).rejects.toThrow(reason);
      expect(readFileSync(file, 'utf8')).toBe(content);
      // The refusal released the lock.
      expect(existsSync(path.join(dir, '.lock'))).toBe(false);
    }
  });

  it('refuses a file written by another schema version', async () => {
    const dir = newDir();
    writeFileSync(path.join(dir, 'db.json'), JSON.stringify({ schemaVersion: 2 }));
    await expect(createFileStorage({ dataDir: dir })).rejects.toThrow(/schemaVersion 2/);
  });

  it('removes temp files an interrupted save left behind', async () => {
    const dir = newDir();
    writeFileSync(path.join(dir, 'db.json.12345.7.tmp'), '{"half');
    writeFileSync(path.join(dir, 'notes.txt'), 'keep me');
    await open(dir);
    expect(readdirSync(dir).sort()).toEqual(['.lock', 'notes.txt']);
  });

  it('rejects the writes of a failed flush and forgets them, so memory equals the file', async () => {
    const dir = newDir();
    const storage = await open(dir);
    await storage.write((db) => db.contactMessages.insert(contactMessage(1)));
    // Saving needs the folder: without it the temp file cannot be created.
    rmSync(dir, { recursive: true });
    const failed = await Promise.allSettled([
      storage.write((db) => db.contactMessages.insert(contactMessage(2))),
      storage.write((db) => db.contactMessages.insert(contactMessage(3))),
    ]);
    for (const outcome of failed) {
      expect(outcome.status).toBe('rejected');
      expect(String((outcome as PromiseRejectedResult).reason)).toContain(
        `Could not save ${path.join(dir, 'db.json')}`,
      );
    }
    expect(storage.db.contactMessages.all().map((m) => m.id)).toEqual([1]);
    mkdirSync(dir);
    await storage.write((db) => db.contactMessages.insert(contactMessage(4)));
    const saved = JSON.parse(readFileSync(path.join(dir, 'db.json'), 'utf8'));
    // 2 and 3 were refused and never appear; their ids are not reused.
    expect(saved.contactMessages.map((m: { id: number }) => m.id)).toEqual([1, 4]);
  });
});
