// The contract suite on the lowdb adapter, over a fresh in-memory store per test (the same write
// pipeline as the file store).
import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../../../commerce-api/src/storage/index.ts';
import { createLowdbRepositories } from '../../../../commerce-api/src/storage/lowdb/repositories.ts';
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
