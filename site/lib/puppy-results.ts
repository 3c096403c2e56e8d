// One page of /puppies results for an address (decision 0122): what the page and its results fragment
// (/puppies/results, which the list's script swaps in) both render, read the same way.
import * as v from 'valibot';
import { DistanceQuerySchema, PAGE_SIZE, type PuppyPage } from '#contracts/puppies.ts';
import type { PageCatalogue } from '#contracts/pages.ts';
import { catalogueQuery, filtersFromSearch, pageFromSearch, type Filters } from './puppy-filters.ts';

export interface ListResults {
  filters: Filters;
  /** the page asked for, from 1 */
  page: number;
  result: Pick<PuppyPage, 'items' | 'total' | 'totalCapped' | 'breeders'>;
  /**
   * what is wrong with the distance asked for (decision 0129): the ZIP field's message. The list is then
   * the other filters' results, without distances, never an empty list.
   */
  nearError?: string;
}

/** the `near` field's message of an error the catalogue threw (the API's ValidationError), if it is one */
function nearMessage(error: unknown): string | undefined {
  const fields = (error as { fields?: Record<string, string> } | null)?.fields;
  return typeof fields?.['near'] === 'string' ? fields['near'] : undefined;
}

/** `catalogue` is missing only under `astro dev` without the API: the list is then empty */
export async function loadResults(catalogue: PageCatalogue | undefined, search: string): Promise<ListResults> {
  const filters = filtersFromSearch(search);
  const page = pageFromSearch(search);
  if (!catalogue) return { filters, page, result: { items: [], total: 0, totalCapped: false, breeders: {} } };
  const offset = (page - 1) * PAGE_SIZE;
  const withoutDistance = () =>
    catalogue.page({
      ...catalogueQuery(filters, offset),
      near: undefined,
      within: undefined,
      sort: filters.sort === 'distance' ? 'newest' : filters.sort,
    });
  // the address's distance part, read with the API's own contract (GET /api/puppies takes the same)
  const distance = v.safeParse(DistanceQuerySchema, {
    near: filters.near || undefined,
    within: filters.within || undefined,
    sort: filters.sort,
  });
  if (!distance.success)
    return { filters, page, result: await withoutDistance(), nearError: distance.issues[0].message };
  try {
    return { filters, page, result: await catalogue.page(catalogueQuery(filters, offset)) };
  } catch (error) {
    // a ZIP the gazetteer does not know: the API's 400, here the field's message
    const nearError = nearMessage(error);
    if (nearError === undefined) throw error;
    return { filters, page, result: await withoutDistance(), nearError };
  }
}
