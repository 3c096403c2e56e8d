import { describe, expect, it } from 'vitest';
import { COLLECTION_NAMES, emptyDb, normaliseDb } from '../../../commerce-api/src/storage/lowdb/empty-db.ts';
import { zipCentre, zipOfPlace } from '../../../commerce-api/src/domain/zip-gazetteer.ts';

describe('emptyDb / normaliseDb', () => {
  it('makes an empty database with every collection, test payment mode and no sequences', () => {
    const db = emptyDb();
    expect(db.schemaVersion).toBe(1);
    expect(db.sequences).toEqual({});
    expect(db.settings).toEqual({ paymentMode: 'test' });
    for (const name of COLLECTION_NAMES) expect(db[name]).toEqual([]);
    expect(COLLECTION_NAMES).toContain('localPayments');
    expect(emptyDb().users).not.toBe(db.users);
  });

  it('fills what an older file lacks and keeps what it has', () => {
    const db = normaliseDb({
      breeds: [{ id: 2, name: 'Beagle' }],
      settings: {},
      sequences: { breeds: 5 },
      extra: 'kept',
    });
    expect(db.breeds).toEqual([{ id: 2, name: 'Beagle' }]);
    expect(db.sequences).toEqual({ breeds: 5 });
    expect(db.settings).toEqual({ paymentMode: 'test' });
    expect(db.orders).toEqual([]);
    expect((db as unknown as { extra: string }).extra).toBe('kept');
    expect(normaliseDb({ settings: { paymentMode: 'live' } }).settings).toEqual({ paymentMode: 'live' });
  });

  it("places a listing from before ZIP codes at its town's ZIP, and keeps a ZIP it has (decision 0129)", () => {
    const db = normaliseDb({
      puppies: [
        { id: 1, location: 'St. Louis, MO' },
        { id: 2, location: 'Somewhere far' },
        { id: 3, location: 'Denver, CO', zip: '80202', latitude: 1, longitude: 2 },
      ],
    });
    const [stLouis, nowhere, kept] = db.puppies;
    expect(stLouis).toMatchObject({ zip: zipOfPlace('St. Louis, MO'), ...zipCentre(zipOfPlace('St. Louis, MO')!) });
    expect(stLouis!.zip).toMatch(/^63\d{3}$/);
    expect(nowhere).toMatchObject({ zip: null, latitude: null, longitude: null });
    expect(kept).toMatchObject({ zip: '80202', latitude: 1, longitude: 2 });
  });

  it('moves a sequence that lags behind its rows past the highest id', () => {
    const db = normaliseDb({ users: [{ id: 3 }, { id: 9 }], sequences: { users: 4 } });
    expect(db.sequences['users']).toBe(9);
  });

  it('refuses data it cannot trust, naming the source', () => {
    expect(() => normaliseDb([], 'db.json')).toThrow('db.json does not hold a PuppyNest database');
    expect(() => normaliseDb({ puppies: {} }, 'db.json')).toThrow('db.json: "puppies" must be an array');
    expect(() => normaliseDb({ schemaVersion: 2 }, 'db.json')).toThrow(/db\.json has schemaVersion 2/);
    expect(() => normaliseDb({ sequences: { users: -1 } })).toThrow(/sequence "users"/);
  });
});
