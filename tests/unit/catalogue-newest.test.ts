// How a newest-first page without distance is read on PostgreSQL, chosen from the census's figures
// (decision 0140): walked while that visits fewer entries than reading its price range would cost.
// storage/contract/postgres.test.ts shows that a walk answers what a page planned for its values does,
// and that its plan, made once, walks.
import { describe, expect, it } from 'vitest';
import { walksNewest } from '../../commerce-api/src/storage/postgres/catalogue-newest.ts';
import type { CatalogueQuery } from '../../commerce-api/src/domain/store/index.ts';

const query = (more: Partial<CatalogueQuery> = {}): CatalogueQuery => ({
  status: 'available',
  limit: 24,
  offset: 72,
  ...more,
});

describe('the way a newest-first page reads', () => {
  it('walks a broad filter: the page is found within a few thousand entries', () => {
    // 96 needed, one in 40 matches: about 4,000 entries walked, against 1,900 rows of a price range
    expect(walksNewest(query(), { low: 1_800, high: 1_900, walked: 75_000 })).toBe(true);
    expect(walksNewest(query({ breedIds: [3], gender: 'Male' }), { low: 300, high: 320, walked: 1_300 })).toBe(true);
  });

  it('reads a narrow price range instead: walking would visit most of the index for a few matches', () => {
    expect(walksNewest(query({ minPrice: 9_000 }), { low: 20, high: 24, walked: 75_000 })).toBe(false);
    // none wholly inside the range's bands: the walk would visit every entry
    expect(walksNewest(query({ minPrice: 910, maxPrice: 915 }), { low: 0, high: 60, walked: 75_000 })).toBe(false);
  });

  it('never walks what no newest-first index serves in order: another sort, no status, several breeds', () => {
    const broad = { low: 1_800, high: 1_900, walked: 75_000 };
    expect(walksNewest(query({ sort: 'price-asc' }), broad)).toBe(false);
    expect(walksNewest(query({ status: undefined }), broad)).toBe(false);
    expect(walksNewest(query({ breedIds: [1, 2] }), broad)).toBe(false);
    expect(walksNewest(query({ sort: 'newest' }), broad)).toBe(true);
  });
});
