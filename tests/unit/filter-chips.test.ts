// The list's honest filters (decision 0133): every filter that narrows /puppies is a chip, the default
// price band and 'Available only' included, and the count names the band.
import { describe, expect, it } from 'vitest';
import { filterChips, priceBand, priceBandPhrase } from '../../site/lib/filter-chips.ts';
import { breedListPath } from '../../commerce-api/src/contracts/breed-pages.ts';
import {
  DEFAULT_FILTERS,
  PRICE_MAX,
  PRICE_MIN,
  filtersFromSearch,
  filtersToSearch,
  pageHref,
} from '../../site/lib/puppy-filters.ts';

const labels = (search: string, breedName?: string) =>
  filterChips(filtersFromSearch(search), breedName).map((chip) => chip.label);

describe('filterChips', () => {
  it('shows the defaults that hide listings: the price band and Available only', () => {
    expect(labels('')).toEqual(['Price: $500–$3,000', 'Available puppies only']);
  });

  it('names every active filter, the breed by its name', () => {
    expect(
      labels('?search=fluffy&breed=7&gender=Female&category=family&location=Denver&healthTested=1&verified=1', 'Pug'),
    ).toEqual([
      'Search: fluffy',
      'Breed: Pug',
      'Price: $500–$3,000',
      'Gender: Female',
      'Available puppies only',
      'Category: family',
      'Location: Denver',
      'Parents: health-tested',
      'Breeders: identity verified',
    ]);
  });

  it('has one chip for the distance, and none when the ZIP could not be searched', () => {
    const filters = filtersFromSearch('?near=80202&within=100&sort=distance');
    const near = filterChips(filters, undefined).find((chip) => chip.key === 'near')!;
    expect(near.label).toBe('Within 100 mi of 80202');
    expect(filtersToSearch({ ...filters, ...near.without })).not.toMatch(/near|within|sort/);
    expect(filterChips(filters, undefined, 'We could not find that ZIP code').map((c) => c.key)).not.toContain('near');
  });

  it('removing a chip leaves the others, and removing the price band asks for any price', () => {
    const filters = filtersFromSearch('?gender=Male');
    const chips = filterChips(filters, undefined);
    const price = chips.find((chip) => chip.key === 'price')!;
    expect(filtersToSearch({ ...filters, ...price.without })).toBe('?minPrice=0&maxPrice=5000&gender=Male');
    const status = chips.find((chip) => chip.key === 'status')!;
    expect(filtersToSearch({ ...filters, ...status.without })).toBe('?gender=Male&status=all');
    expect(labels('?minPrice=0&maxPrice=5000&status=all')).toEqual([]);
  });

  it('words a band with one end open', () => {
    expect(priceBand({ minPrice: 1000, maxPrice: 5000 })).toBe('$1,000 and up');
    expect(priceBand({ minPrice: 0, maxPrice: 800 })).toBe('Up to $800');
    expect(priceBand({ minPrice: 0, maxPrice: 5000 })).toBeNull();
    expect(priceBandPhrase(DEFAULT_FILTERS)).toBe('from $500 to $3,000');
    expect(priceBandPhrase({ minPrice: 1000, maxPrice: 5000 })).toBe('from $1,000 up');
  });
});

describe('a breed page\'s "See all"', () => {
  it("is the list's own address for the breed at any price", () => {
    expect(breedListPath(7)).toBe(
      pageHref({ ...DEFAULT_FILTERS, breed: '7', minPrice: PRICE_MIN, maxPrice: PRICE_MAX }, 1),
    );
  });
});
