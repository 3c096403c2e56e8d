// A save that fails is rolled back in memory before its callers hear of it: the failed batch and
// the batch queued behind it are undone and rejected, so memory equals disk. A full disk is a 507
// StorageFullError, an unwritable folder a 503 StorageUnavailableError, and writing resumes after.
import { describe, expect, it } from 'vitest';
import { StorageFullError, StorageUnavailableError } from '../../../commerce-api/src/errors.ts';
import { openFailingStorage as open } from '../../support/failing-disk.ts';
import { contactMessage, puppy } from './fixtures.ts';

const ids = (rows: readonly { id: number }[]) => rows.map((row) => row.id);

describe('a save that fails', () => {
  it('is undone in memory and rejected as storage full (507) on ENOSPC, and writing resumes when space returns', async () => {
    const { disk, storage } = open();
    await storage.write((db) => db.puppies.insert(puppy(1)));
    disk.failWith = 'ENOSPC';

    const results = await Promise.allSettled([
      storage.write((db) => db.puppies.update(1, { price: 1 })),
      storage.write((db) => db.contactMessages.insert(contactMessage(1))),
      storage.write((db, settings) => settings.set({ paymentMode: 'live' })),
    ]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(StorageFullError);
      expect(reason).toMatchObject({ status: 507, code: 'storage_full' });
    }
    // Memory equals disk: none of the three shows.
    expect(storage.db.puppies.get(1)?.price).toBe(puppy(1).price);
    expect(storage.db.contactMessages.count()).toBe(0);
    expect(storage.settings.get().paymentMode).toBe('test');
    expect(disk.saved?.contactMessages).toEqual([]);

    disk.failWith = null;
    const saved = await storage.write((db) => db.contactMessages.insert(contactMessage(2)));
    // The failed write's id stays consumed (ids are never reused), but its row is gone for good.
    expect(ids(disk.saved!.contactMessages)).toEqual([saved.id]);
    expect(disk.saved!.puppies[0]!.price).toBe(puppy(1).price);
    expect(disk.saved!.settings.paymentMode).toBe('test');
  });

  it('also undoes and rejects the writes made after its snapshot, newest first, as unwritable (503) on EACCES', async () => {
    const { disk, storage } = open();
    await storage.write((db) => {
      db.puppies.insert(puppy(1));
      db.puppies.insert(puppy(2));
    });
    let release!: () => void;
    disk.gate = new Promise((resolve) => (release = resolve));
    disk.failWith = 'EACCES';

    const first = storage.write((db) => db.puppies.update(1, { name: 'First' }));
    // Let the first batch's flush start (and take its snapshot) before the next writes arrive.
    await new Promise((resolve) => setImmediate(resolve));
    const later = [
      storage.write((db) => db.puppies.update(1, { name: 'Built on first' })),
      storage.write((db) => db.puppies.remove(2)),
      storage.write((db) => db.puppies.insert(puppy(3))),
    ];
    // A read-only write that saw the unsaved state is not acknowledged either.
    const reader = storage.write((db) => db.puppies.get(1)?.name);
    expect(storage.db.puppies.get(1)?.name).toBe('Built on first');
    release();

    const results = await Promise.allSettled([first, ...later, reader]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toMatchObject({ status: 503, code: 'storage_unavailable' });
    }
    expect((results[0] as PromiseRejectedResult).reason).toBeInstanceOf(StorageUnavailableError);
    expect(ids(storage.db.puppies.all())).toEqual([1, 2]);
    expect(storage.db.puppies.get(1)?.name).toBe(puppy(1).name);
    expect(storage.db.puppies.get(2)?.name).toBe(puppy(2).name);
    expect(ids(storage.db.puppies.all())).toEqual(ids(disk.saved!.puppies));

    disk.failWith = null;
    await storage.write((db) => db.puppies.update(2, { name: 'After recovery' }));
    expect(disk.saved!.puppies.map((p) => p.name)).toEqual([puppy(1).name, 'After recovery']);
    await storage.close();
  });

  it('keeps an unknown failure as it is (a 500), still undone', async () => {
    const { disk, storage } = open();
    disk.failWith = 'EIO';
    const attempt = storage.write((db) => db.puppies.insert(puppy(1)));
    await expect(attempt).rejects.toThrow('Could not save db.json: EIO');
    await expect(attempt).rejects.not.toHaveProperty('status');
    expect(storage.db.puppies.count()).toBe(0);
  });
});
