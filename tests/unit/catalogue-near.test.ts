// How a distance query is read on PostgreSQL, chosen from the census of its radius (decision 0139):
// each way by the index entries it visits. storage/contract/postgres.test.ts shows that every way
// answers what reading the box answers.
import { describe, expect, it } from 'vitest';
import type { RadiusCensus } from '../../commerce-api/src/storage/postgres/catalogue-census.ts';
import { GATHERED_MAX, nearRoute } from '../../commerce-api/src/storage/postgres/catalogue-near.ts';
import type { CatalogueQuery } from '../../commerce-api/src/domain/store/index.ts';

const AUSTIN = { latitude: 30.27, longitude: -97.74 };

/** a radius's census: `ring` holds `ringHolds` matches within `ringMiles` */
function radius(
  figures: Partial<Omit<RadiusCensus, 'ring'>>,
  ring?: { miles: number; inBox: number; holds: number },
): RadiusCensus {
  return {
    low: 0,
    high: 0,
    inBox: 0,
    ofStatus: 70_000,
    ...figures,
    ring: (need) => (ring && ring.holds >= need ? { miles: ring.miles, inBox: ring.inBox } : undefined),
  };
}

const query = (miles: number, more: Partial<CatalogueQuery> = {}): CatalogueQuery => ({
  near: { ...AUSTIN, miles },
  status: 'available',
  limit: 24,
  offset: 72,
  ...more,
});

describe('the way a distance query reads', () => {
  it('takes a narrow radius’s page and count from one read of its matches, which the count reads anyway', () => {
    const narrow = radius({ low: 120, high: 140, inBox: 1_600 });
    expect(nearRoute(query(25), narrow, true)).toEqual({ page: 'box', count: 'box', gathered: true });
    expect(nearRoute(query(25, { sort: 'distance' }), narrow, true)).toEqual({
      page: 'box',
      count: 'box',
      gathered: true,
    });
    // not counted (the census showed "1,000+"): nothing to share
    expect(nearRoute(query(25), narrow, false).gathered).toBe(false);
    // more matches than one read should hold
    expect(nearRoute(query(25), radius({ low: 900, high: GATHERED_MAX + 1, inBox: 9_000 }), true).gathered).toBe(false);
  });

  it('reads a breed’s few listings rather than a wide box', () => {
    // a breed of 1,300 listings against a 500-mile box of 24,000
    const breed = radius({ low: 20, high: 30, inBox: 24_000, ofStatus: 1_300 });
    expect(nearRoute(query(500, { breedIds: [3] }), breed, true)).toEqual({
      page: 'walk',
      count: 'walk',
      gathered: true,
    });
  });

  it('walks the newest for a wide radius whose matches are common, and reads the box of a narrow one', () => {
    // 3,000 of 70,000 in the radius: the 96 wanted are among the newest 2,240, against a box of 10,000
    const wide = radius({ low: 2_900, high: 3_100, inBox: 10_000 });
    expect(nearRoute(query(250), wide, false)).toEqual({ page: 'walk', count: 'box', gathered: false });
    // 200 of 70,000: the walk would pass 33,600 listings to find them; the box holds 1,600
    const rare = radius({ low: 190, high: 1_100, inBox: 1_600 });
    expect(nearRoute(query(25), rare, false)).toEqual({ page: 'box', count: 'box', gathered: false });
  });

  it('reads nearest first from the ring that holds the page, and the whole radius when none does', () => {
    const wide = radius({ low: 5_000, high: 5_200, inBox: 24_000 }, { miles: 93, inBox: 6_700, holds: 400 });
    expect(nearRoute(query(500, { sort: 'distance' }), wide, false)).toEqual({
      page: 'box',
      count: 'box',
      gathered: false,
      ringMiles: 93,
    });
    // the page is further down than the ring holds
    expect(nearRoute(query(500, { sort: 'distance', offset: 480 }), wide, false)).toEqual({
      page: 'box',
      count: 'box',
      gathered: false,
    });
    // a ring as wide as the radius is the radius
    const edge = radius({ low: 5_000, high: 5_200, inBox: 24_000 }, { miles: 500, inBox: 24_000, holds: 400 });
    expect(nearRoute(query(500, { sort: 'distance' }), edge, false).ringMiles).toBeUndefined();
  });

  it('reads the box for the other sorts', () => {
    const wide = radius({ low: 2_900, high: 3_100, inBox: 10_000 });
    for (const sort of ['price-asc', 'price-desc', 'age-asc', 'rating'] as const)
      expect(nearRoute(query(250, { sort }), wide, true), sort).toEqual({ page: 'box', count: 'box', gathered: false });
  });
});
