// How a newest-first page without distance is read on PostgreSQL (decision 0140): walking its status's
// (or breed's) newest-first index, testing each listing's price and gender in the index, or reading its
// price range and sorting what it finds. The census's figures (catalogue-census.ts figures) choose; the
// statement of a walk is then written so that walking is the only way it can be read, which lets
// PostgreSQL plan it once for every price range, not once per request (the planning was half of a page's
// time in the database).
import { pageSize } from '../../domain/store/catalogue-search.ts';
import type { CatalogueQuery } from '../../domain/store/index.ts';
import type { CatalogueFigures } from './catalogue-census.ts';

/**
 * What an entry of a price range costs against one of a walk: a walk reads the index alone (its entries
 * carry price, gender and the rest), a range fetches each listing's row for its id, then sorts them.
 */
const RANGE_ENTRY = 8;

/** whether the page of `query` is read by walking a newest-first index, by the census's `figures` */
export function walksNewest(query: CatalogueQuery, figures: CatalogueFigures): boolean {
  // the newest-first indexes lead with the status, or the one breed and the status (migration 0025)
  if ((query.sort ?? 'newest') !== 'newest' || !query.status) return false;
  if (query.breedIds && query.breedIds.length !== 1) return false;
  // A walk visits the index's entries until it has seen the page's and all before it; with too few
  // matches (by the census's lower bound), every entry.
  const need = pageSize(query.limit) + (query.offset ?? 0);
  const walk = figures.low === 0 ? figures.walked : Math.min(figures.walked, (need * figures.walked) / figures.low);
  return walk < figures.high * RANGE_ENTRY;
}
