// The /puppies list's active filters as removable chips (decision 0133, docs/product.md §2 "Puppy list"):
// every filter that narrows the list, the default price band included, so nothing hides listings
// without saying so. Each chip's link is the same list without it.
import { formatPrice } from './format.ts';
import { PRICE_MAX, PRICE_MIN, type Filters } from './puppy-filters.ts';

const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

export interface FilterChip {
  /** what the chip removes, for the script's focus after the swap */
  key: string;
  label: string;
  /** the filters without it */
  without: Partial<Filters>;
}

/** "$500–$3,000", "$1,000 and up", "Up to $800"; null for any price */
export function priceBand(filters: Pick<Filters, 'minPrice' | 'maxPrice'>): string | null {
  const low = filters.minPrice > PRICE_MIN;
  const high = filters.maxPrice < PRICE_MAX;
  if (low && high) return `${formatPrice(filters.minPrice)}–${formatPrice(filters.maxPrice)}`;
  if (low) return `${formatPrice(filters.minPrice)} and up`;
  if (high) return `Up to ${formatPrice(filters.maxPrice)}`;
  return null;
}

/** the count's words for the band: "from $500 to $3,000", "from $1,000 up", "up to $800"; null for any price */
export function priceBandPhrase(filters: Pick<Filters, 'minPrice' | 'maxPrice'>): string | null {
  const low = filters.minPrice > PRICE_MIN;
  const high = filters.maxPrice < PRICE_MAX;
  if (low && high) return `from ${formatPrice(filters.minPrice)} to ${formatPrice(filters.maxPrice)}`;
  if (low) return `from ${formatPrice(filters.minPrice)} up`;
  if (high) return `up to ${formatPrice(filters.maxPrice)}`;
  return null;
}

/**
 * `breedName` names the chosen breed (the filter holds its id); with `nearError` the distance was not
 * searched (decision 0129), so it has no chip.
 */
export function filterChips(filters: Filters, breedName: string | undefined, nearError?: string): FilterChip[] {
  const chips: Array<FilterChip | false> = [
    // one chip for the distance: removing it drops the ZIP, the radius and the distance sort (decision 0129)
    Boolean(filters.near) &&
      nearError === undefined && {
        key: 'near',
        label: filters.within ? `Within ${filters.within} mi of ${filters.near}` : `Near ${filters.near}`,
        without: { near: '', within: '', sort: filters.sort === 'distance' ? 'newest' : filters.sort },
      },
    Boolean(filters.search) && { key: 'search', label: `Search: ${filters.search}`, without: { search: '' } },
    Boolean(filters.breed) && {
      key: 'breed',
      label: `Breed: ${breedName ?? filters.breed}`,
      without: { breed: '' },
    },
    priceBand(filters) !== null && {
      key: 'price',
      label: `Price: ${priceBand(filters)}`,
      without: { minPrice: PRICE_MIN, maxPrice: PRICE_MAX },
    },
    Boolean(filters.gender) && { key: 'gender', label: `Gender: ${filters.gender}`, without: { gender: '' } },
    // 'Available Only' is the default, and it hides reserved and adopted puppies: it says so too
    Boolean(filters.status) && {
      key: 'status',
      label: filters.status === 'available' ? 'Available puppies only' : `Status: ${capitalized(filters.status)}`,
      without: { status: '' },
    },
    Boolean(filters.category) && { key: 'category', label: `Category: ${filters.category}`, without: { category: '' } },
    Boolean(filters.location) && { key: 'location', label: `Location: ${filters.location}`, without: { location: '' } },
    filters.healthTested && { key: 'healthTested', label: 'Parents: health-tested', without: { healthTested: false } },
    filters.verified && { key: 'verified', label: 'Breeders: identity verified', without: { verified: false } },
  ];
  return chips.filter((chip): chip is FilterChip => chip !== false);
}
