// One page of /puppies results for an address (decision 0122): what the page and its results fragment
// (/puppies/results, which the list's script swaps in) both render, read the same way.
import * as v from 'valibot';
import { DistanceQuerySchema, PAGE_SIZE, type PuppyPage, type PuppyQuery } from '#contracts/puppies.ts';
import type { PageCatalogue } from '#contracts/pages.ts';
import { priceBand } from './filter-chips.ts';
import {
  catalogueQuery,
  filtersFromSearch,
  pageFromSearch,
  PRICE_MAX,
  PRICE_MIN,
  type Filters,
} from './puppy-filters.ts';

export interface ListResults {
  filters: Filters;
  /** the page asked for, from 1 */
  page: number;
  result: Pick<PuppyPage, 'items' | 'total' | 'totalCapped' | 'breeders'> & Partial<Pick<PuppyPage, 'featured'>>;
  /**
   * what is wrong with the distance asked for (decision 0129): the ZIP field's message. The list is then
   * the other filters' results, without distances, never an empty list.
   */
  nearError?: string;
  /** the chosen breed's name (the filter holds its id), for its chip */
  breedName?: string | undefined;
  /**
   * How many more listings the same filters would show at any price (decision 0133): the count says so
   * when the price band hides some. Undefined without a price band, or when either count is capped.
   */
  outsidePrice?: number | undefined;
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
  // the address's distance part, read with the API's own contract (GET /api/puppies takes the same)
  const distance = v.safeParse(DistanceQuerySchema, {
    near: filters.near || undefined,
    within: filters.within || undefined,
    sort: filters.sort,
  });
  let nearError = distance.success ? undefined : distance.issues[0].message;
  // with a distance that cannot be searched, the other filters' results, without distances
  const query = (asked: Filters, from: number, limit?: number): PuppyQuery =>
    nearError === undefined
      ? catalogueQuery(asked, from, limit)
      : {
          ...catalogueQuery(asked, from, limit),
          near: undefined,
          within: undefined,
          sort: asked.sort === 'distance' ? 'newest' : asked.sort,
        };
  let result: PuppyPage;
  try {
    result = await catalogue.page(query(filters, offset));
  } catch (error) {
    // a ZIP the gazetteer does not know: the API's 400, here the field's message
    nearError = nearMessage(error);
    if (nearError === undefined) throw error;
    result = await catalogue.page(query(filters, offset));
  }
  const [atAnyPrice, breeds] = await Promise.all([
    priceBand(filters)
      ? catalogue.page(query({ ...filters, minPrice: PRICE_MIN, maxPrice: PRICE_MAX }, 0, 1))
      : undefined,
    filters.breed ? catalogue.breeds() : undefined,
  ]);
  const breedName = breeds?.find((b) => String(b.id) === filters.breed || b.name === filters.breed)?.name;
  const outsidePrice =
    atAnyPrice && !atAnyPrice.totalCapped && !result.totalCapped ? atAnyPrice.total - result.total : undefined;
  return { filters, page, result, breedName, outsidePrice, ...(nearError !== undefined ? { nearError } : {}) };
}
