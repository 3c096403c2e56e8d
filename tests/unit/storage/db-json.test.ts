import { describe, expect, it } from 'vitest';
import { serializeDb } from '../../../commerce-api/src/storage/lowdb/db-json.ts';
import { deepFreeze } from '../../../commerce-api/src/storage/lowdb/deep-freeze.ts';
import { emptyDb } from '../../../commerce-api/src/storage/lowdb/empty-db.ts';
import { createMemoryStorage } from '../../../commerce-api/src/storage/index.ts';
import { puppy } from './fixtures.ts';

describe('serializeDb', () => {
  it('writes the same bytes as JSON.stringify', () => {
    const data = {
      ...emptyDb(),
      sequences: { puppies: 2 },
      puppies: [deepFreeze({ ...puppy(1), id: 1 }), { ...puppy(2), id: 2, extra: undefined }],
      odd: [undefined, () => 1, 'text', 3, null, { nested: [1, { a: 'é"\\' }] }],
      skipped: undefined,
      'quoted "key"': true,
    };
    expect(serializeDb(data)).toBe(JSON.stringify(data));
    expect(serializeDb({})).toBe('{}');
  });

  it('never serves stale JSON: updated rows are new objects, unfrozen rows are serialised afresh', () => {
    const loose = { id: 1, name: 'Rex' };
    const data = { rows: [loose] };
    expect(serializeDb(data)).toBe(JSON.stringify(data));
    loose.name = 'Max';
    expect(serializeDb(data)).toContain('"Max"');
  });

  it('follows the rows of a storage through inserts, updates and removes', async () => {
    const storage = createMemoryStorage();
    const snapshot = () => ({ puppies: storage.db.puppies.all() });
    await storage.write((db) => {
      for (let n = 1; n <= 5; n++) db.puppies.insert(puppy(n));
    });
    expect(serializeDb(snapshot())).toBe(JSON.stringify(snapshot()));
    await storage.write((db) => {
      db.puppies.update(2, { price: 1, colors: ['black'] });
      db.puppies.remove(4);
      db.puppies.insert(puppy(6));
    });
    const json = serializeDb(snapshot());
    expect(json).toBe(JSON.stringify(snapshot()));
    expect(JSON.parse(json).puppies.map((p: { id: number; price: number }) => [p.id, p.price])).toEqual([
      [1, puppy(1).price],
      [2, 1],
      [3, puppy(3).price],
      [5, puppy(5).price],
      [6, puppy(6).price],
    ]);
  });
});
