// How a distance query is read on PostgreSQL (decision 0139): the census's figures of its radius
// (catalogue-census.ts radius) choose, by the index entries each way visits, between reading the
// radius's box in the place index and walking a newest-first index, testing each listing's place; for
// nearest first, how wide a ring is read first; and whether the page and its count share one read.
//
// Left to itself the planner guessed: it has no figures for a distance test (a dot product against the
// query's point), so it took a 250-mile radius for a third of the listings, read boxes of 10,000 entries
// where walking 3,000 found the page, and a rural 500-mile radius read its whole box (8 ms) for 96
// listings 150 miles away.
import { pageSize } from '../../domain/store/catalogue-search.ts';
import type { CatalogueQuery } from '../../domain/store/index.ts';
import type { RadiusCensus } from './catalogue-census.ts';

/** how a distance query's page and count read their listings */
export interface NearRoute {
  /**
   * `box`: the radius's box, a range of the place index per band of latitude (migration 0025);
   * `walk`: the newest-first index of the status or breed, testing each listing's place in it.
   */
  page: 'box' | 'walk';
  count: 'box' | 'walk';
  /** nearest first: this ring (miles) is read first, and the whole radius only if it holds too few */
  ringMiles?: number;
  /** the page and its count from one read of the matches (a narrow radius: the count reads them all anyway) */
  gathered: boolean;
}

/** up to this many matches (by the census's upper bound), the page and count share one read */
export const GATHERED_MAX = 1_000;

/**
 * The route for a distance query with a radius, from its census. `counted`: whether the count runs
 * (the census did not already show "1,000+").
 */
export function nearRoute(query: CatalogueQuery, census: RadiusCensus, counted: boolean): NearRoute {
  const need = pageSize(query.limit) + (query.offset ?? 0);
  const matches = Math.max(1, (census.low + census.high) / 2);
  // Walking a newest-first index visits its entries until `need` matches are seen, or all of them;
  // a count, until it has seen the cap's matches. Reading the box visits every entry in it.
  const walkAll = census.ofStatus;
  const walkNewest = Math.min(walkAll, (need * walkAll) / matches);
  const count = walkAll < census.inBox ? 'walk' : 'box';
  const sort = query.sort ?? 'newest';
  if (sort !== 'newest' && sort !== 'distance') return { page: 'box', count, gathered: false };
  // A count of a narrow radius reads every match: the page is taken from that same read.
  if (counted && census.high <= GATHERED_MAX) return { page: count, count, gathered: true };
  if (sort === 'newest') return { page: walkNewest < census.inBox ? 'walk' : 'box', count, gathered: false };
  // Nearest first sorts every listing it reads: the walk reads all of the status's (or breeds'), the
  // box all of the ring's that holds the page, or the radius's.
  const ring = census.ring(need);
  const page = walkAll < (ring?.inBox ?? census.inBox) ? 'walk' : 'box';
  return ring && page === 'box' && ring.miles < query.near!.miles!
    ? { page, count, gathered: false, ringMiles: ring.miles }
    : { page, count, gathered: false };
}
