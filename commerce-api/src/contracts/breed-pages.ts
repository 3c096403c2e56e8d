// A breed's page, /breeds/{slug} (decision 0130, docs/product.md §19): what editors write about the breed
// in the Studio, and what the catalogue holds of it right now.
import type { BreederSummary } from './breeders.ts';
import type { HealthTestKind } from './parents.ts';
import type { RatingSummary } from './puppies.ts';

/** the editors' words about a breed (Studio "Breed", decision 0130); null fields are not written yet */
export interface BreedProfileView {
  size: BreedSize | null;
  /** adult weight as written, e.g. "55–80 lb" */
  adultWeight: string | null;
  temperament: string | null;
  careNotes: string | null;
}

export type BreedSize = 'small' | 'medium' | 'large';

/** GET /api/breeds/{slug} (decision 0130): the editors' profile and the catalogue's live figures */
export interface BreedPageView {
  /** the catalogue's breed id, which /puppies?breed= and GET /api/puppies?breed= take */
  id: number;
  slug: string;
  name: string;
  imageUrl: string;
  /** null until an editor writes the breed's profile */
  profile: BreedProfileView | null;
  /** the breed club's recommended tests for a parent (decision 0121); empty for a mix */
  recommendedTests: Array<{ test: HealthTestKind; label: string }>;
  healthNote: string | null;
  figures: BreedFigures;
  /** sellers with public listings of the breed and a breeder page, best rated first (at most BREED_PAGE_BREEDERS) */
  breeders: BreedBreederView[];
  /** the /puppies address that lists the breed's available puppies, as the filter form writes it */
  listPath: string;
}

export interface BreedFigures {
  /** public listings of the breed that are available now */
  available: number;
  /** public listings of the breed, any status: what the price range is read from */
  listings: number;
  /** the middle half of those listings' prices (25th to 75th percentile), whole dollars; null with none */
  priceRange: { low: number; high: number } | null;
}

export interface BreedBreederView extends BreederSummary {
  rating: RatingSummary | null;
  /** the seller's public listings of this breed */
  listings: number;
}

/** how many breeders a breed page names */
export const BREED_PAGE_BREEDERS = 12;
/** how many available puppies a breed page shows as cards */
export const BREED_PAGE_PUPPIES = 6;

/**
 * The list's own address for one breed at any price, as its filter form writes it (site/lib/puppy-filters.ts:
 * 0 and 5,000, "and up", are the list's whole range): what the breed page's "See all" opens (decision 0133)
 */
export function breedListPath(breedId: number): string {
  return `/puppies?breed=${breedId}&minPrice=0&maxPrice=5000`;
}
