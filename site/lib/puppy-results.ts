// One page of /puppies results for an address (decision 0122): what the page and its results fragment
// (/puppies/results, which the list's script swaps in) both render, read the same way.
import { PAGE_SIZE, type PuppyPage } from '#contracts/puppies.ts';
import type { PageCatalogue } from '#contracts/pages.ts';
import { catalogueQuery, filtersFromSearch, pageFromSearch, type Filters } from './puppy-filters.ts';

export interface ListResults {
  filters: Filters;
  /** the page asked for, from 1 */
  page: number;
  result: Pick<PuppyPage, 'items' | 'total' | 'totalCapped' | 'breeders'>;
}

/** `catalogue` is missing only under `astro dev` without the API: the list is then empty */
export async function loadResults(catalogue: PageCatalogue | undefined, search: string): Promise<ListResults> {
  const filters = filtersFromSearch(search);
  const page = pageFromSearch(search);
  const result = catalogue
    ? await catalogue.page(catalogueQuery(filters, (page - 1) * PAGE_SIZE))
    : { items: [], total: 0, totalCapped: false, breeders: {} };
  return { filters, page, result };
}
