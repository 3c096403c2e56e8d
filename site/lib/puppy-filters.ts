// The /puppies filters (docs/product.md §5 "Filter sidebar") and their two spellings: the page's address (so links,
// reload and the back button work) and the API query, and the list's pages (`?page=N`, decision 0122).
// Plain functions, shared by the server's page, the list's enhancement script and tests.
import {
  CATEGORIES,
  GENDERS,
  PAGE_SIZE,
  PUPPY_STATUSES,
  SORTS,
  WITHIN_CHOICES,
  type Gender,
  type PuppyQuery,
} from '#contracts/puppies.ts';

/** the sidebar's form: the sort select outside it belongs to it through its `form` attribute */
export const FILTER_FORM_ID = 'puppy-filter-form';

export const PRICE_MIN = 0;
export const PRICE_MAX = 5000;
export const PRICE_STEP = 100;
export const DEFAULT_MIN_PRICE = 500;
export const DEFAULT_MAX_PRICE = 3000;

export type ViewMode = 'grid' | 'list';
export type Sort = NonNullable<PuppyQuery['sort']>;

export interface Filters {
  /** a breed id, or a breed name from a link */
  breed: string;
  minPrice: number;
  /** PRICE_MAX means "and up": no upper bound is sent */
  maxPrice: number;
  /** '' is All */
  gender: '' | Gender;
  /** 'available' by default ('Available Only'); '' is any status */
  status: string;
  search: string;
  category: string;
  location: string;
  /** only listings whose sire and dam have their recommended tests verified (decision 0121) */
  healthTested: boolean;
  /** only sellers with the Identity verified badge (decision 0118) */
  verified: boolean;
  /**
   * the ZIP code typed (decision 0129), as typed: the page checks it with the API's contract
   * (DistanceQuerySchema) and says what is wrong by the field
   */
  near: string;
  /** miles, one of WITHIN_CHOICES; '' is any distance */
  within: string;
  sort: Sort;
  view: ViewMode;
}

export const DEFAULT_FILTERS: Readonly<Filters> = Object.freeze({
  breed: '',
  minPrice: DEFAULT_MIN_PRICE,
  maxPrice: DEFAULT_MAX_PRICE,
  gender: '',
  status: 'available',
  search: '',
  category: '',
  location: '',
  healthTested: false,
  verified: false,
  near: '',
  within: '',
  sort: 'newest',
  view: 'grid',
});

/** a number typed or linked; anything non-numeric is ignored (undefined) */
export function parsePrice(raw: string | null | undefined): number | undefined {
  if (raw === null || raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/** min >= 0 and <= max */
export function clampMin(value: number, max: number): number {
  return clamp(Math.round(value), PRICE_MIN, Math.min(max, PRICE_MAX));
}

/** max >= min and <= 5000 */
export function clampMax(value: number, min: number): number {
  return clamp(Math.round(value), Math.max(min, PRICE_MIN), PRICE_MAX);
}

export function filtersFromSearch(search: string): Filters {
  const params = new URLSearchParams(search);
  const text = (name: string) => (params.get(name) ?? '').trim().slice(0, 200);
  const min = clamp(parsePrice(params.get('minPrice')) ?? DEFAULT_MIN_PRICE, PRICE_MIN, PRICE_MAX);
  // A link with only a minimum above the default maximum ("$5,000+") opens the range upwards.
  const max = clamp(Math.max(parsePrice(params.get('maxPrice')) ?? DEFAULT_MAX_PRICE, min), PRICE_MIN, PRICE_MAX);
  const gender = GENDERS.find((g) => g.toLowerCase() === text('gender').toLowerCase()) ?? '';
  const statusParam = text('status').toLowerCase();
  const status = statusParam === 'all' ? '' : (PUPPY_STATUSES.find((s) => s === statusParam) ?? 'available');
  const category = CATEGORIES.find((c) => c === text('category').toLowerCase()) ?? '';
  const sort = SORTS.find((s) => s === text('sort')) ?? 'newest';
  const within = WITHIN_CHOICES.find((miles) => String(miles) === text('within'));
  return {
    breed: text('breed'),
    minPrice: Math.round(min),
    maxPrice: Math.round(max),
    gender,
    status,
    search: text('search'),
    category,
    location: text('location'),
    healthTested: ['1', 'true', 'on'].includes(text('healthTested')),
    verified: ['1', 'true', 'on'].includes(text('verified')),
    near: text('near').slice(0, 10),
    within: within === undefined ? '' : String(within),
    sort,
    view: params.get('view') === 'list' ? 'list' : 'grid',
  };
}

/** the page address: only what differs from the defaults, in a stable order */
export function filtersToSearch(filters: Filters): string {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.breed) params.set('breed', filters.breed);
  if (filters.minPrice !== DEFAULT_MIN_PRICE) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== DEFAULT_MAX_PRICE) params.set('maxPrice', String(filters.maxPrice));
  if (filters.gender) params.set('gender', filters.gender);
  if (filters.status !== 'available') params.set('status', filters.status || 'all');
  if (filters.category) params.set('category', filters.category);
  if (filters.location) params.set('location', filters.location);
  if (filters.healthTested) params.set('healthTested', '1');
  if (filters.verified) params.set('verified', '1');
  if (filters.near) params.set('near', filters.near);
  if (filters.within) params.set('within', filters.within);
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  if (filters.view !== 'grid') params.set('view', filters.view);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The page of results an address asks for: 1 unless `page` is a whole number from 2 up. Past the last
 * page the list says so and links back (decision 0122), so any number is read as it is.
 */
export function pageFromSearch(search: string): number {
  const raw = new URLSearchParams(search).get('page') ?? '';
  if (!/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

/** the address of one page of these filters' results: page 1 has no `page` */
export function pageHref(filters: Filters, page: number): string {
  const search = filtersToSearch(filters);
  if (page <= 1) return `/puppies${search}`;
  return `/puppies${search}${search ? '&' : '?'}page=${page}`;
}

/**
 * The page numbers a pager links to: the first, the last, and two either side of the current one; a
 * gap (null) where numbers are left out. `last` is the last page known (with a capped count, the next one).
 */
export function pageWindow(current: number, last: number): Array<number | null> {
  const shown = new Set([1, last, current - 2, current - 1, current, current + 1, current + 2]);
  const pages = [...shown].filter((n) => n >= 1 && n <= last).sort((a, b) => a - b);
  const out: Array<number | null> = [];
  for (const n of pages) {
    const previous = out[out.length - 1];
    if (typeof previous === 'number' && n - previous === 2) out.push(previous + 1);
    else if (typeof previous === 'number' && n - previous > 2) out.push(null);
    out.push(n);
  }
  return out;
}

/**
 * The catalogue query for one page of results (the server's first page, and the API's). The distance
 * part is sent as typed: the caller checks it with DistanceQuerySchema first (puppy-results.ts).
 */
export function catalogueQuery(filters: Filters, offset: number, limit = PAGE_SIZE): PuppyQuery {
  return {
    near: filters.near || undefined,
    within: WITHIN_CHOICES.find((miles) => String(miles) === filters.within),
    breed: filters.breed || undefined,
    minPrice: filters.minPrice > PRICE_MIN ? filters.minPrice : undefined,
    maxPrice: filters.maxPrice < PRICE_MAX ? filters.maxPrice : undefined,
    gender: filters.gender || undefined,
    status: PUPPY_STATUSES.find((s) => s === filters.status),
    search: filters.search || undefined,
    category: CATEGORIES.find((c) => c === filters.category),
    location: filters.location || undefined,
    healthTested: filters.healthTested || undefined,
    verified: filters.verified || undefined,
    sort: filters.sort,
    limit,
    offset,
  };
}

/** the GET /api/puppies query for one page of results */
export function apiPath(filters: Filters, offset: number, limit = PAGE_SIZE): string {
  const params = new URLSearchParams();
  if (filters.breed) params.set('breed', filters.breed);
  if (filters.minPrice > PRICE_MIN) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice < PRICE_MAX) params.set('maxPrice', String(filters.maxPrice));
  if (filters.gender) params.set('gender', filters.gender);
  if (filters.status) params.set('status', filters.status);
  if (filters.search) params.set('search', filters.search);
  if (filters.category) params.set('category', filters.category);
  if (filters.location) params.set('location', filters.location);
  if (filters.healthTested) params.set('healthTested', '1');
  if (filters.verified) params.set('verified', '1');
  if (filters.near) params.set('near', filters.near);
  if (filters.within) params.set('within', filters.within);
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  params.set('limit', String(limit));
  if (offset) params.set('offset', String(offset));
  return `/api/puppies?${params}`;
}

/** the count as shown: the API counts up to 1,000 matches, past that it says "1,000+" (decision 0086) */
export function totalText(total: number, capped = false): string {
  return capped ? `${total.toLocaleString('en-US')}+` : String(total);
}

/** 'Search results for "term": No matches found' / 'Found N puppy/puppies' (docs/product.md §2) */
export function searchResultsLine(term: string, total: number, capped = false): string {
  return `Search results for "${term}": ${total === 0 ? 'No matches found' : `Found ${totalText(total, capped)} ${total === 1 && !capped ? 'puppy' : 'puppies'}`}`;
}
