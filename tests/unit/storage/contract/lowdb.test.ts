// The contract suite on the lowdb adapter, over a fresh in-memory store per test (the same write
// pipeline as the file store).
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../../../commerce-api/src/storage/index.ts';
import { createLowdbRepositories } from '../../../../commerce-api/src/storage/lowdb/repositories.ts';
import { writeWaitingViews } from '../../../../commerce-api/src/storage/lowdb/repositories/insights.ts';
import { CATALOGUE_TOTAL_CAP } from '../../../../commerce-api/src/domain/store/index.ts';
import { buildPuppy } from '../../../support/factories.ts';
import { describeStorageContract, listed, NOW } from './storage-contract.ts';
import { describeInsightsContract } from './insights-contract.ts';

describeStorageContract('lowdb', async () => createLowdbRepositories(createMemoryStorage()));
describeInsightsContract('lowdb', async () => createLowdbRepositories(createMemoryStorage()));

describe('lowdb catalogue at scale', () => {
  it('counts the total only up to the cap, and says so', async () => {
    const puppies = Array.from({ length: CATALOGUE_TOTAL_CAP + 50 }, (_, i) => ({
      ...buildPuppy(
        { userId: 1, breedId: 1, price: 1000 + i, status: 'available', expiresAt: '2027-01-01T00:00:00.000Z' },
        undefined,
        { now: NOW },
      ),
      id: i + 1,
    }));
    const storage = createLowdbRepositories(createMemoryStorage({ puppies }));
    const page = await storage.puppies.searchPublic({ limit: 20, sort: 'price-desc' }, NOW);
    expect(page).toMatchObject({ total: CATALOGUE_TOTAL_CAP, totalCapped: true });
    expect(listed(page)[0]?.price).toBe(1000 + CATALOGUE_TOTAL_CAP + 49);
    expect(await storage.puppies.searchPublic({ limit: 20, maxPrice: 1099 }, NOW)).toMatchObject({
      total: 100,
      totalCapped: false,
    });
  });
});

// what lets puppy-catalogue.ts keep answers in this process (lowdb only, decision 0086)
describe('lowdb catalogue stamp', () => {
  it('stays while nothing changes, and moves on a listing change or an expiry', async () => {
    const expiresAt = new Date(NOW.getTime() + 3_600_000).toISOString();
    const store = createLowdbRepositories(
      createMemoryStorage({
        puppies: [{ ...buildPuppy({ userId: 1, breedId: 1, expiresAt }, undefined, { now: NOW }), id: 1 }],
      }),
    );
    const first = store.catalogueVersion!(NOW);
    expect(store.catalogueVersion!(new Date(NOW.getTime() + 1000))).toBe(first);
    await store.puppies.update(1, { price: 4321 });
    const second = store.catalogueVersion!(NOW);
    expect(second).not.toBe(first);
    expect(store.catalogueVersion!(new Date(NOW.getTime() + 3_600_000))).not.toBe(second);
  });
});

// lowdb only (decision 0135): views are decided in memory and written together, at most once every 5 seconds, so a
// busy site's beacons do not keep the file flushing; reads count the waiting ones, and closing writes them
describe('lowdb view counting', () => {
  it('writes the counted views together in one write, counts the waiting ones in reads, and writes them on close', async () => {
    const storage = createMemoryStorage({
      puppies: [
        {
          ...buildPuppy({ userId: 1, breedId: 1, expiresAt: '2027-01-01T00:00:00.000Z' }, undefined, { now: NOW }),
          id: 1,
        },
      ],
    });
    const store = createLowdbRepositories(storage);
    const view = (visitorKey: string) => ({ puppyId: 1, day: '2026-06-01', visitorKey, source: 'search' as const });
    const flushes = storage.stats.flushes;
    expect(await store.listingViews.record(view('a'))).toBe(true);
    expect(await store.listingViews.record(view('a'))).toBe(false);
    expect(await store.listingViews.record(view('b'))).toBe(true);
    expect(storage.db.listingViewMarks.all()).toEqual([]);
    expect(await store.listingViews.days([1], '2026-06-01')).toEqual([
      expect.objectContaining({ puppyId: 1, views: 2, fromSearch: 2 }),
    ]);
    await writeWaitingViews(storage);
    expect(storage.stats.flushes).toBe(flushes + 1);
    expect(storage.db.listingViewMarks.all()).toHaveLength(2);
    expect(storage.db.listingViewDays.all()).toEqual([expect.objectContaining({ views: 2, fromSearch: 2 })]);
    expect(await store.listingViews.record(view('a'))).toBe(false);
    expect(await store.listingViews.record(view('c'))).toBe(true);
    await store.close();
    expect(storage.db.listingViewDays.all()).toEqual([expect.objectContaining({ views: 3, fromSearch: 3 })]);
  });
});
