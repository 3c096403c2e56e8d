import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DamagedDataFileError, DurableJsonFile } from '../../../commerce-api/src/storage/lowdb/durable-json-file.ts';
import { emptyDb } from '../../../commerce-api/src/storage/lowdb/empty-db.ts';
import { tempDataDir } from './fixtures.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function fileInTempDir(): string {
  const { dir, cleanup } = tempDataDir();
  cleanups.push(cleanup);
  return path.join(dir, 'db.json');
}

describe('DurableJsonFile', () => {
  it('reads null for a missing file, then what it wrote, leaving no temp file', async () => {
    const file = fileInTempDir();
    const adapter = new DurableJsonFile(file);
    expect(await adapter.read()).toBeNull();
    const data = { ...emptyDb(), settings: { paymentMode: 'live' as const } };
    await adapter.write(data);
    await adapter.write({ ...data, sequences: { puppies: 3 } });
    expect(await adapter.read()).toEqual({ ...data, sequences: { puppies: 3 } });
    expect(readdirSync(path.dirname(file))).toEqual(['db.json']);
  });

  it('serialises synchronously, so changes made after write() returns are not in that save', async () => {
    const file = fileInTempDir();
    const adapter = new DurableJsonFile(file);
    const data = emptyDb();
    const saving = adapter.write(data);
    data.sequences['puppies'] = 99;
    await saving;
    expect(JSON.parse(readFileSync(file, 'utf8')).sequences).toEqual({});
  });

  it('leaves the old file whole when a save fails before its rename', async () => {
    const file = fileInTempDir();
    const adapter = new DurableJsonFile(file);
    await adapter.write(emptyDb());
    const before = readFileSync(file, 'utf8');
    // Block the temp file of the next save: it cannot be created, so the save fails.
    mkdirSync(`${file}.${process.pid}.2.tmp`);
    await expect(adapter.write({ ...emptyDb(), sequences: { users: 1 } })).rejects.toThrow(`Could not save ${file}`);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('throws a DamagedDataFileError naming the file when it does not parse', async () => {
    const file = fileInTempDir();
    writeFileSync(file, '{"users": [}');
    const reading = new DurableJsonFile(file).read();
    await expect(reading).rejects.toBeInstanceOf(DamagedDataFileError);
    await expect(new DurableJsonFile(file).read()).rejects.toThrow(
      new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is damaged: it is not valid JSON`),
    );
  });
});
