// Puppy contracts: the list query and what the API returns for a puppy (spec §3, §7).
import * as v from 'valibot';
import { numberish } from './common.ts';

export const GENDERS = ['Male', 'Female'] as const;
export const PUPPY_STATUSES = ['available', 'reserved', 'adopted'] as const;
export const CATEGORIES = ['family', 'apartment', 'active'] as const;
export const REGIONS = ['northeast', 'southeast', 'midwest', 'southwest', 'west'] as const;
export const SORTS = ['newest', 'price-asc', 'price-desc', 'age-asc'] as const;
export const MAX_PAGE_SIZE = 100;

const optionalText = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'Too long')));
/** "", "all" and "All" mean no filter (the sidebar's "All" gender option) */
const optionalChoice = <const T extends readonly string[]>(options: T, message: string) =>
  v.optional(
    v.pipe(
      v.string(message),
      v.transform((value) => (value === '' || value.toLowerCase() === 'all' ? undefined : value)),
      v.optional(v.picklist(options, message)),
    ),
  );

/** GET /api/puppies query. Without `limit` the answer is the plain list the spec expects. */
export const PuppyQuerySchema = v.object({
  /** a breed id, or a breed name (case-insensitive) */
  breed: optionalText,
  minPrice: v.optional(v.pipe(numberish('minPrice must be a number'), v.minValue(0, 'minPrice must be at least 0'))),
  maxPrice: v.optional(v.pipe(numberish('maxPrice must be a number'), v.minValue(0, 'maxPrice must be at least 0'))),
  gender: optionalChoice(GENDERS, 'gender must be Male or Female'),
  status: optionalChoice(PUPPY_STATUSES, 'status must be available, reserved or adopted'),
  search: optionalText,
  /** a region (northeast, …) or any part of the location text */
  location: optionalText,
  category: optionalChoice(CATEGORIES, 'category must be family, apartment or active'),
  sort: v.optional(v.picklist(SORTS, 'sort must be newest, price-asc, price-desc or age-asc'), 'newest'),
  limit: v.optional(v.pipe(numberish('limit must be a number'), v.integer('limit must be a whole number'), v.minValue(1, 'limit must be at least 1'), v.maxValue(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`))),
  offset: v.optional(v.pipe(numberish('offset must be a number'), v.integer('offset must be a whole number'), v.minValue(0, 'offset must be at least 0')), 0),
});
export type PuppyQuery = v.InferOutput<typeof PuppyQuerySchema>;

export type Gender = (typeof GENDERS)[number];
export type PuppyStatus = (typeof PUPPY_STATUSES)[number];
export type ListingStatus = 'draft' | 'active' | 'expired';

export interface BreedView {
  id: number;
  name: string;
  imageUrl: string;
  size: 'small' | 'medium' | 'large';
  categories: string[];
}

/** a puppy as the API sends it */
export interface PuppyView {
  id: number;
  name: string;
  breedId: number;
  breed: { id: number; name: string } | null;
  userId: number;
  gender: Gender;
  age: number;
  weight: number;
  price: number;
  colors: string[];
  description: string;
  location: string;
  region: string | null;
  imageUrl: string;
  imageUrls: string[];
  videoUrl: string | null;
  status: PuppyStatus;
  featured: boolean;
  createdAt: string;
  expiresAt: string | null;
  listingStatus: ListingStatus;
}

export interface PuppyPage {
  items: PuppyView[];
  total: number;
  limit: number;
  offset: number;
}
