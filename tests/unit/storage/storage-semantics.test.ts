// The Storage contract, run against both stores: they share one pipeline and must behave alike.
import { afterEach, describe, expect, it } from 'vitest';
import {
  createFileStorage,
  createMemoryStorage,
  type StorageWithStats,
} from '../../../commerce-api/src/storage/index.ts';
import { contactMessage, puppy, tempDataDir } from './fixtures.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const stores: Array<[string, () => Promise<StorageWithStats>]> = [
  ['memory storage', async () => createMemoryStorage()],
  [
    'file storage',
    async () => {
      const { dir, cleanup } = tempDataDir();
      cleanups.push(cleanup);
      const storage = await createFileStorage({ dataDir: dir });
      cleanups.push(() => storage.close());
      return storage;
    },
  ],
];

describe.each(stores)('%s', (_name, open) => {
  it('inserts rows with ids from 1 and finds them by id, predicate and count', async () => {
    const storage = await open();
    const [a, b, c] = await storage.write((db) => [
      db.puppies.insert(puppy(1, { price: 500 })),
      db.puppies.insert(puppy(2, { price: 1500 })),
      db.puppies.insert(puppy(3, { price: 2500 })),
    ]);
    expect([a!.id, b!.id, c!.id]).toEqual([1, 2, 3]);
    expect(storage.db.puppies.get(2)).toEqual({ ...puppy(2, { price: 1500 }), id: 2 });
    expect(storage.db.puppies.get(99)).toBeUndefined();
    expect(storage.db.puppies.all().map((p) => p.id)).toEqual([1, 2, 3]);
    expect(storage.db.puppies.filter((p) => p.price > 1000).map((p) => p.id)).toEqual([2, 3]);
    expect(storage.db.puppies.find((p) => p.price > 1000)?.id).toBe(2);
    expect(storage.db.puppies.find((p) => p.price > 9000)).toBeUndefined();
    expect(storage.db.puppies.count()).toBe(3);
    expect(storage.db.puppies.count((p) => p.price < 2000)).toBe(2);
    // Collections are independent: each has its own sequence.
    const message = await storage.write((db) => db.contactMessages.insert(contactMessage(1)));
    expect(message.id).toBe(1);
  });

  it('updates by shallow merge, keeping the id and ignoring undefined values', async () => {
    const storage = await open();
    const { id } = await storage.write((db) => db.puppies.insert(puppy(1)));
    const updated = await storage.write((db) =>
      db.puppies.update(id, { price: 999, status: 'reserved', videoUrl: undefined, ...({ id: 42 } as object) }),
    );
    expect(updated).toMatchObject({ id, price: 999, status: 'reserved', videoUrl: null, name: 'Puppy 1' });
    expect(storage.db.puppies.get(id)).toBe(updated);
    expect(storage.db.puppies.get(42)).toBeUndefined();
    expect(await storage.write((db) => db.puppies.update(404, { price: 1 }))).toBeUndefined();
  });

  it('removes rows, and never hands out a removed id again', async () => {
    const storage = await open();
    await storage.write((db) => {
      db.contactMessages.insert(contactMessage(1));
      db.contactMessages.insert(contactMessage(2));
      db.contactMessages.insert(contactMessage(3));
    });
    expect(await storage.write((db) => db.contactMessages.remove(3))).toBe(true);
    expect(await storage.write((db) => db.contactMessages.remove(3))).toBe(false);
    expect(storage.db.contactMessages.get(3)).toBeUndefined();
    expect(storage.db.contactMessages.all().map((m) => m.id)).toEqual([1, 2]);
    const next = await storage.write((db) => db.contactMessages.insert(contactMessage(4)));
    expect(next.id).toBe(4);
  });

  it('resolves with the value fn returns', async () => {
    const storage = await open();
    await expect(storage.write(() => 'done')).resolves.toBe('done');
  });

  it('rolls back every change of a fn that throws after several mutations, and rejects with its error', async () => {
    const storage = await open();
    await storage.write((db, settings) => {
      db.puppies.insert(puppy(1));
      db.puppies.insert(puppy(2));
      db.puppies.insert(puppy(3));
      settings.set({ paymentMode: 'test' });
    });
    const before = {
      rows: [...storage.db.puppies.all()],
      byId: [1, 2, 3].map((id) => storage.db.puppies.get(id)),
      settings: storage.settings.get(),
    };
    const failure = new Error('sold out');

    const attempt = storage.write((db, settings) => {
      db.puppies.update(2, { status: 'adopted' });
      db.puppies.remove(1);
      db.puppies.insert(puppy(4));
      db.puppies.update(3, { price: 1 });
      db.puppies.update(3, { price: 2 });
      db.puppies.remove(2);
      settings.set({ paymentMode: 'live' });
      db.contactMessages.insert(contactMessage(1));
      throw failure;
    });

    await expect(attempt).rejects.toBe(failure);
    expect(storage.db.puppies.all()).toEqual(before.rows);
    expect([1, 2, 3].map((id) => storage.db.puppies.get(id))).toEqual(before.byId);
    expect(storage.db.puppies.get(4)).toBeUndefined();
    expect(storage.db.contactMessages.count()).toBe(0);
    expect(storage.settings.get()).toBe(before.settings);
    // The ids the failed write consumed are not reused.
    const next = await storage.write((db) => db.puppies.insert(puppy(5)));
    expect(next.id).toBe(5);
  });

  it('refuses changes made outside write()', async () => {
    const storage = await open();
    const { id } = await storage.write((db) => db.puppies.insert(puppy(1)));
    expect(() => storage.db.puppies.insert(puppy(2))).toThrow(/outside storage\.write\(\)/);
    expect(() => storage.db.puppies.update(id, { price: 1 })).toThrow(/puppies\.update\(\) was called outside/);
    expect(() => storage.db.puppies.remove(id)).toThrow(/outside storage\.write\(\)/);
    expect(() => storage.settings.set({ paymentMode: 'live' })).toThrow(/settings\.set\(\) was called outside/);
    // The collections handed to fn stop working once fn has returned.
    let leaked: typeof storage.db | undefined;
    await storage.write((db) => {
      leaked = db;
    });
    expect(() => leaked!.puppies.insert(puppy(3))).toThrow(/outside storage\.write\(\)/);
    expect(storage.db.puppies.count()).toBe(1);
    expect(storage.db.puppies.get(id)?.price).toBe(puppy(1).price);
  });

  it('refuses a write() nested inside another and rolls the outer one back', async () => {
    const storage = await open();
    const outer = storage.write((db) => {
      db.puppies.insert(puppy(1));
      void storage.write((inner) => inner.puppies.insert(puppy(2)));
    });
    await expect(outer).rejects.toThrow(/inside another write\(\)/);
    expect(storage.db.puppies.count()).toBe(0);
  });

  it('refuses an async fn and rolls back what it did before its first await', async () => {
    const storage = await open();
    const attempt = storage.write(async (db) => {
      db.puppies.insert(puppy(1));
      await Promise.resolve();
    });
    await expect(attempt).rejects.toThrow(/must be synchronous/);
    expect(storage.db.puppies.count()).toBe(0);
  });

  it('replaces a row on update instead of changing it, so earlier references stay snapshots', async () => {
    const storage = await open();
    const original = await storage.write((db) => db.puppies.insert(puppy(1, { price: 100 })));
    const listed = storage.db.puppies.filter(() => true);
    const updated = await storage.write((db) => db.puppies.update(original.id, { price: 200, colors: ['black'] }));
    expect(updated).not.toBe(original);
    expect(original.price).toBe(100);
    expect(original.colors).toEqual(['golden', 'white']);
    expect(listed[0]).toBe(original);
    expect(storage.db.puppies.get(original.id)?.price).toBe(200);
    // In-place edits would bypass rollback and saving: rows are frozen, so they fail loudly.
    expect(() => {
      (updated as { price: number }).price = 1;
    }).toThrow(TypeError);
    expect(() => (updated!.colors as string[]).push('red')).toThrow(TypeError);
    expect(() => {
      (storage.settings.get() as { paymentMode: string }).paymentMode = 'live';
    }).toThrow(TypeError);
  });

  it('keeps settings, defaulting to test mode', async () => {
    const storage = await open();
    expect(storage.settings.get()).toEqual({ paymentMode: 'test' });
    const saved = await storage.write((_db, settings) => settings.set({ paymentMode: 'live' }));
    expect(saved).toEqual({ paymentMode: 'live' });
    expect(storage.settings.get()).toEqual({ paymentMode: 'live' });
  });

  it('batches concurrent writes into few flushes and resolves every one', async () => {
    const storage = await open();
    const flushesBefore = storage.stats.flushes;
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, n) => storage.write((db) => db.contactMessages.insert(contactMessage(n)).id)),
    );
    expect(results).toEqual(Array.from({ length: 200 }, (_, n) => n + 1));
    const flushes = storage.stats.flushes - flushesBefore;
    expect(flushes).toBeGreaterThanOrEqual(1);
    expect(flushes).toBeLessThan(20);
  });

  it('lets a write that changes nothing wait for the changes it may have read', async () => {
    const storage = await open();
    const flushesBefore = storage.stats.flushes;
    const insert = storage.write((db) => db.puppies.insert(puppy(1)));
    let insertDone = false;
    void insert.then(() => (insertDone = true));
    const seen = await storage.write((db) => db.puppies.count());
    expect(seen).toBe(1);
    expect(insertDone).toBe(true);
    // With nothing pending, a read-only write costs no flush.
    await storage.write((db) => db.puppies.count());
    expect(storage.stats.flushes - flushesBefore).toBe(1);
  });

  it('waits for pending writes on close() and refuses writes after it', async () => {
    const storage = await open();
    const writes = Array.from({ length: 10 }, (_, n) =>
      storage.write((db) => db.contactMessages.insert(contactMessage(n))),
    );
    let settled = 0;
    for (const w of writes) void w.then(() => settled++);
    await storage.close();
    expect(settled).toBe(10);
    await expect(storage.write(() => 1)).rejects.toThrow(/after storage\.close\(\)/);
  });
});

describe('memory storage initial data', () => {
  it('starts sequences after the highest given ids, copies the rows and fills the rest', async () => {
    const given = { ...puppy(1), id: 7 };
    const storage = createMemoryStorage({ puppies: [given] });
    expect(storage.db.puppies.get(7)).toEqual(given);
    expect(storage.db.puppies.get(7)).not.toBe(given);
    expect(Object.isFrozen(given)).toBe(false);
    expect(storage.db.users.count()).toBe(0);
    expect(storage.settings.get()).toEqual({ paymentMode: 'test' });
    const next = await storage.write((db) => db.puppies.insert(puppy(2)));
    expect(next.id).toBe(8);
  });

  it('refuses duplicate or missing ids', () => {
    expect(() =>
      createMemoryStorage({
        puppies: [
          { ...puppy(1), id: 3 },
          { ...puppy(2), id: 3 },
        ],
      }),
    ).toThrow(/two rows with id 3/);
    expect(() => createMemoryStorage({ puppies: [puppy(1) as never] })).toThrow(/without a valid id/);
  });
});

describe('collection versions', () => {
  it('change with every insert, update and remove, and again when a write is rolled back', async () => {
    const storage = createMemoryStorage();
    const { puppies, contactMessages } = storage.db;
    const start = puppies.version;
    const row = await storage.write((db) => db.puppies.insert(puppy(1)));
    const afterInsert = puppies.version;
    expect(afterInsert).not.toBe(start);
    await storage.write((db) => db.puppies.update(row.id, { price: 999 }));
    const afterUpdate = puppies.version;
    expect(afterUpdate).not.toBe(afterInsert);
    await expect(
      storage.write((db) => {
        db.puppies.update(row.id, { price: 1 });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(puppies.get(row.id)?.price).toBe(999);
    expect(puppies.version).not.toBe(afterUpdate);
    const beforeRemove = puppies.version;
    await storage.write((db) => db.puppies.remove(row.id));
    expect(puppies.version).not.toBe(beforeRemove);
    // other collections keep their own version
    expect(contactMessages.version).toBe(0);
    await storage.close();
  });
});
