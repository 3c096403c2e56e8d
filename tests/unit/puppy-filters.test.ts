import { describe, expect, it } from 'vitest';
import {
  apiPath,
  catalogueQuery,
  clampMax,
  clampMin,
  DEFAULT_FILTERS,
  filtersFromSearch,
  filtersToSearch,
  pageFromSearch,
  pageHref,
  pageWindow,
  parsePrice,
  searchResultsLine,
  totalText,
} from '../../site/lib/puppy-filters.ts';

describe('the /puppies filters and the address bar', () => {
  it('starts from the spec defaults: 500–3000, Available Only, all genders', () => {
    expect(filtersFromSearch('')).toEqual(DEFAULT_FILTERS);
    expect(filtersToSearch(DEFAULT_FILTERS)).toBe('');
    expect(apiPath(DEFAULT_FILTERS, 0)).toBe('/api/puppies?minPrice=500&maxPrice=3000&status=available&limit=24');
  });

  it('reads every parameter of a link and writes the same address back', () => {
    const search =
      '?search=golden+pup&breed=12&minPrice=1000&maxPrice=4000&gender=Female&status=all&category=family&location=west&healthTested=1&verified=1&sort=price-asc&view=list';
    const filters = filtersFromSearch(search);
    expect(filters).toEqual({
      search: 'golden pup',
      breed: '12',
      minPrice: 1000,
      maxPrice: 4000,
      gender: 'Female',
      status: '',
      category: 'family',
      location: 'west',
      healthTested: true,
      verified: true,
      near: '',
      within: '',
      sort: 'price-asc',
      view: 'list',
    });
    expect(filtersToSearch(filters)).toBe(search);
    expect(apiPath(filters, 48)).toBe(
      '/api/puppies?breed=12&minPrice=1000&maxPrice=4000&gender=Female&search=golden+pup&category=family&location=west&healthTested=1&verified=1&sort=price-asc&limit=24&offset=48',
    );
  });

  it('ignores what it cannot use, and keeps min <= max within 0–5000', () => {
    expect(filtersFromSearch('?minPrice=cheap&maxPrice=&gender=other&status=sold&category=farm&sort=random')).toEqual(
      DEFAULT_FILTERS,
    );
    expect(filtersFromSearch('?minPrice=-50&maxPrice=99999')).toMatchObject({ minPrice: 0, maxPrice: 5000 });
    // a link with only a minimum above the default maximum ("$5,000+") opens the range upwards
    const band = filtersFromSearch('?minPrice=5000');
    expect(band).toMatchObject({ minPrice: 5000, maxPrice: 5000 });
    expect(apiPath(band, 0)).toBe('/api/puppies?minPrice=5000&status=available&limit=24');
    expect(parsePrice('12abc')).toBeUndefined();
    expect(parsePrice(' 1500 ')).toBe(1500);
    expect(clampMin(4000, 3000)).toBe(3000);
    expect(clampMin(-1, 3000)).toBe(0);
    expect(clampMax(200, 500)).toBe(500);
    expect(clampMax(8000, 500)).toBe(5000);
  });

  it('words the search results line as the spec does', () => {
    expect(searchResultsLine('poodle', 0)).toBe('Search results for "poodle": No matches found');
    expect(searchResultsLine('poodle', 1)).toBe('Search results for "poodle": Found 1 puppy');
    expect(searchResultsLine('poodle', 7)).toBe('Search results for "poodle": Found 7 puppies');
  });

  it('says "1,000+" when the API capped the total (decision 0086)', () => {
    expect(totalText(7)).toBe('7');
    expect(totalText(1000, true)).toBe('1,000+');
    expect(searchResultsLine('poodle', 1000, true)).toBe('Search results for "poodle": Found 1,000+ puppies');
  });
});

describe("the server's first page of /puppies", () => {
  it('asks the catalogue what the API would be asked for the same address', () => {
    const filters = filtersFromSearch(
      '?search=golden&breed=12&minPrice=0&maxPrice=5000&gender=Female&status=all&category=family&location=west&sort=price-asc',
    );
    expect(catalogueQuery(filters, 0)).toEqual({
      breed: '12',
      minPrice: undefined,
      maxPrice: undefined,
      gender: 'Female',
      status: undefined,
      search: 'golden',
      category: 'family',
      location: 'west',
      sort: 'price-asc',
      limit: 24,
      offset: 0,
    });
    expect(catalogueQuery(DEFAULT_FILTERS, 0)).toMatchObject({
      minPrice: 500,
      maxPrice: 3000,
      status: 'available',
      sort: 'newest',
    });
  });

  it('keeps the distance in the address and sends it as the API reads it (decision 0129)', () => {
    const filters = filtersFromSearch('?near=80202&within=100&sort=distance');
    expect(filters).toMatchObject({ near: '80202', within: '100', sort: 'distance' });
    expect(filtersToSearch(filters)).toBe('?near=80202&within=100&sort=distance');
    expect(catalogueQuery(filters, 0)).toMatchObject({ near: '80202', within: 100, sort: 'distance' });
    expect(apiPath(filters, 0)).toContain('near=80202&within=100&sort=distance');
    // a radius that is not a choice is left out; a ZIP is kept as typed, for the page to say what is wrong
    expect(filtersFromSearch('?near=8020&within=30')).toMatchObject({ near: '8020', within: '' });
    expect(catalogueQuery(filtersFromSearch('?near=8020'), 0).within).toBeUndefined();
  });

  it('reads the sidebar form\'s two "status" fields: the ticked box first, otherwise the hidden "all"', () => {
    expect(filtersFromSearch('?status=available&status=all').status).toBe('available');
    expect(filtersFromSearch('?status=all').status).toBe('');
  });
});

describe('the pages of the list (decision 0122)', () => {
  it('reads ?page=N as a whole number from 1, anything else as the first page', () => {
    expect(pageFromSearch('')).toBe(1);
    expect(pageFromSearch('?page=3')).toBe(3);
    expect(pageFromSearch('?page=0')).toBe(1);
    for (const raw of ['-2', '2.5', 'abc', '1e3', '9999999', '']) expect(pageFromSearch(`?page=${raw}`)).toBe(1);
  });

  it('writes a page after the filters, and leaves page 1 out', () => {
    const filters = { ...DEFAULT_FILTERS, gender: 'Female' as const };
    expect(pageHref(filters, 1)).toBe('/puppies?gender=Female');
    expect(pageHref(filters, 4)).toBe('/puppies?gender=Female&page=4');
    expect(pageHref(DEFAULT_FILTERS, 2)).toBe('/puppies?page=2');
  });

  it('links the first, the last and two either side of the current page, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 42)).toEqual([1, null, 4, 5, 6, 7, 8, null, 42]);
    // a gap of one page shows that page instead of "…"
    expect(pageWindow(4, 9)).toEqual([1, 2, 3, 4, 5, 6, null, 9]);
    expect(pageWindow(42, 42)).toEqual([1, null, 40, 41, 42]);
  });
});
