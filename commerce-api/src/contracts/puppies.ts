// Puppy contracts: the list query, the post/edit/status bodies with docs/product.md §5's messages (the forms
// validate with these same schemas), and what the API returns for a puppy (docs/product.md §3, §7).
import * as v from 'valibot';
import type { BreederSummary } from './breeders.ts';
import type { ListingParentsView } from './parents.ts';
import { numberish } from './common.ts';

export const GENDERS = ['Male', 'Female'] as const;
export const PUPPY_STATUSES = ['available', 'reserved', 'adopted'] as const;
export const CATEGORIES = ['family', 'apartment', 'active'] as const;
export const REGIONS = ['northeast', 'southeast', 'midwest', 'southwest', 'west'] as const;
/**
 * rating: the seller's rating, best first (decision 0119); sellers without reviews last. distance: the
 * nearest to `near` first (decision 0129)
 */
export const SORTS = ['newest', 'price-asc', 'price-desc', 'age-asc', 'rating', 'distance'] as const;
export const MAX_PAGE_SIZE = 100;

/**
 * The home page's price bands (spec §9), as minPrice/maxPrice of /puppies. The Find My Puppy form sends
 * `price=<value>`; the page's address carries the bounds.
 */
export const PRICE_BANDS = [
  { value: '0-1000', label: '$0 – $1,000', min: 0, max: 1000 },
  { value: '1000-2000', label: '$1,000 – $2,000', min: 1000, max: 2000 },
  { value: '2000-3000', label: '$2,000 – $3,000', min: 2000, max: 3000 },
  { value: '3000-5000', label: '$3,000 – $5,000', min: 3000, max: 5000 },
  { value: '5000+', label: '$5,000+', min: 5000, max: undefined },
] as const;
/** the /puppies page asks for this many listings at a time */
export const PAGE_SIZE = 24;

/** Colour choices of docs/product.md §3, in its order. */
export const COAT_COLORS = [
  'Black',
  'Brown',
  'White',
  'Cream',
  'Tan',
  'Golden',
  'Red',
  'Blue',
  'Gray',
  'Silver',
  'Chocolate',
  'Fawn',
  'Brindle',
  'Merle',
  'Sable',
  'Tri-color',
] as const;
export type CoatColor = (typeof COAT_COLORS)[number];

/** docs/product.md §9: a listing has one main image and at most this many more */
export const MAX_ADDITIONAL_IMAGES = 5;
export const TOO_MANY_IMAGES_MESSAGE = 'You can only upload up to 5 additional images.';
/** upload limits (docs/product.md §11); the edit form shows the video one as a hint */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 50 * 1024 * 1024;
/** what a buyer account is told when it tries to list a puppy */
export const SELLERS_ONLY_MESSAGE = 'Only seller accounts can list puppies. Become a seller at /sellers.';

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

/** a US ZIP code: five digits (docs/product.md §5) */
export const ZIP_PATTERN = /^\d{5}$/;
export const ZIP_MESSAGES = {
  required: 'ZIP code is required',
  format: 'Please enter a 5-digit ZIP code',
  /** the gazetteer does not know it (the domain's check: the contracts do not load the 42,000 codes) */
  unknown: (zip: string) => `We could not find the ZIP code ${zip}. Please check it.`,
  needsNear: 'Enter a ZIP code to search by distance',
} as const;
/** the distance filter's choices in miles (decision 0129) */
export const WITHIN_CHOICES = [25, 50, 100, 250, 500] as const;
export type WithinMiles = (typeof WITHIN_CHOICES)[number];
const WITHIN_MESSAGE = 'within must be 25, 50, 100, 250 or 500 miles';

/**
 * The distance part of a list query (decision 0129), the one contract of the /puppies address and of
 * GET /api/puppies: `near` a ZIP code, `within` miles, and `sort=distance` only with `near`. Whether
 * the ZIP exists is the domain's check (puppy-catalogue.ts), with the same field.
 */
const distanceEntries = {
  near: v.optional(
    v.pipe(
      v.string(ZIP_MESSAGES.format),
      v.trim(),
      v.transform((value) => (value === '' ? undefined : value)),
      v.optional(v.pipe(v.string(), v.regex(ZIP_PATTERN, ZIP_MESSAGES.format))),
    ),
  ),
  within: v.optional(
    v.pipe(
      v.union([v.string(), v.number()], WITHIN_MESSAGE),
      v.transform((value) => (value === '' ? undefined : Number(value))),
      v.optional(v.picklist(WITHIN_CHOICES, WITHIN_MESSAGE)),
    ),
  ),
};
/** `within` and `sort=distance` need a ZIP: the message is the `near` field's */
const hasNearWhenNeeded = (input: { near?: string; within?: number; sort?: string }) =>
  input.near !== undefined || (input.within === undefined && input.sort !== 'distance');
const sortEntry = v.optional(
  v.picklist(SORTS, 'sort must be newest, price-asc, price-desc, age-asc, rating or distance'),
  'newest',
);

/**
 * GET /api/zips/nearest ("Use my location", decision 0129): a position rounded to one decimal place
 * (about 7 miles), so the page never sends where the visitor is more closely than that.
 */
const roundedDegree = (name: string, limit: number) =>
  v.pipe(
    v.string(`${name} must be rounded to 1 decimal place`),
    v.regex(/^-?\d{1,3}(?:\.\d)?$/, `${name} must be rounded to 1 decimal place`),
    v.transform(Number),
    v.minValue(-limit, `${name} must be between -${limit} and ${limit}`),
    v.maxValue(limit, `${name} must be between -${limit} and ${limit}`),
  );
export const NearestZipQuerySchema = v.object({ lat: roundedDegree('lat', 90), lon: roundedDegree('lon', 180) });
export interface NearestZipView {
  zip: string;
}
export const NO_ZIP_NEAR_MESSAGE = 'We could not find a US ZIP code near you. Please type your ZIP code.';

/** the distance part of the /puppies address, read by the page with the API's rules */
export const DistanceQuerySchema = v.pipe(
  v.object({ ...distanceEntries, sort: sortEntry }),
  v.forward(v.partialCheck([['near'], ['within'], ['sort']], hasNearWhenNeeded, ZIP_MESSAGES.needsNear), ['near']),
);
export type DistanceQuery = v.InferOutput<typeof DistanceQuerySchema>;

/** GET /api/puppies query. Without `limit` the answer is the plain list the spec expects. */
const puppyQueryEntries = v.object({
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
  /** only listings whose sire and dam have their breed's recommended tests verified (decision 0121): "1" */
  healthTested: v.optional(
    v.pipe(
      v.string('healthTested must be 1'),
      v.transform((value) => value === '1' || value === 'true' || value === 'on'),
    ),
  ),
  /** only listings of sellers whose identity the payout provider checked (the Identity verified badge; decision 0118): "1" */
  verified: v.optional(
    v.pipe(
      v.string('verified must be 1'),
      v.transform((value) => value === '1' || value === 'true' || value === 'on'),
    ),
  ),
  sort: sortEntry,
  ...distanceEntries,
  limit: v.optional(
    v.pipe(
      numberish('limit must be a number'),
      v.integer('limit must be a whole number'),
      v.minValue(1, 'limit must be at least 1'),
      v.maxValue(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`),
    ),
  ),
  offset: v.optional(
    v.pipe(
      numberish('offset must be a number'),
      v.integer('offset must be a whole number'),
      v.minValue(0, 'offset must be at least 0'),
    ),
    0,
  ),
});
export const PuppyQuerySchema = v.pipe(
  puppyQueryEntries,
  v.forward(v.partialCheck([['near'], ['within'], ['sort']], hasNearWhenNeeded, ZIP_MESSAGES.needsNear), ['near']),
);
export type PuppyQuery = v.InferOutput<typeof PuppyQuerySchema>;

export type Gender = (typeof GENDERS)[number];
export type PuppyStatus = (typeof PUPPY_STATUSES)[number];
export type Category = (typeof CATEGORIES)[number];
export type Region = (typeof REGIONS)[number];
export type ListingStatus = 'draft' | 'active' | 'expired';

export interface BreedView {
  id: number;
  name: string;
  imageUrl: string;
  size: 'small' | 'medium' | 'large';
  categories: string[];
}

/**
 * A listing's own public fields, in the order the API writes them: the ONE list of them (decision
 * 0110). PuppyView is these and what the catalogue adds (its breed and listing status); the domain's
 * listingFields() copies them off the model in this order, lowdb writes its cards with it and
 * PostgreSQL's listing columns begin with it (PUPPY_COLUMNS).
 *
 * PostgreSQL writes its stored card (decision 0105) with the SQL function puppy_card(), which a
 * migration defines and a shipped migration is never edited (decision 0076). A field added here needs
 * a new migration that adds its column, redefines puppy_card() and writes the cards again; until then
 * the storage contract suite names the field the stored card lacks.
 */
export const LISTING_FIELDS = [
  'id',
  'name',
  'breedId',
  'userId',
  'gender',
  'age',
  'weight',
  'price',
  'colors',
  'description',
  'location',
  'zip',
  'region',
  'imageUrl',
  'imageUrls',
  'videoUrl',
  'status',
  'featured',
  'createdAt',
  'expiresAt',
] as const satisfies readonly (keyof PuppyView)[];
export type ListingFieldName = (typeof LISTING_FIELDS)[number];

/** what the catalogue adds to a listing's own fields: its breed, whether it is public now, its seller's rating */
export type CatalogueAddedField = 'breed' | 'listingStatus' | 'sellerRating' | 'distanceMiles';

/** a listing's own public fields (LISTING_FIELDS), as they are in PuppyView */
export type ListingFields = Pick<PuppyView, ListingFieldName>;

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
  /** the listing's US ZIP code (decision 0129): the finest place it shows; null on an old listing not placed */
  zip: string | null;
  region: string | null;
  imageUrl: string;
  imageUrls: string[];
  videoUrl: string | null;
  status: PuppyStatus;
  /** a feature shows now and the listing is available: the card's "Featured" label (decision 0134) */
  featured: boolean;
  createdAt: string;
  expiresAt: string | null;
  listingStatus: ListingStatus;
  /** with `near` only: miles from that ZIP's centre to the listing's, rounded (decision 0129) */
  distanceMiles?: number;
  /** the seller's rating from verified buyers' reviews (decision 0119); null before the first review */
  sellerRating: RatingSummary | null;
}
// a field PuppyView gains is a listing's own (LISTING_FIELDS) or the catalogue's: this fails to compile
// while one is in neither
const everyViewField: Exclude<keyof PuppyView, ListingFieldName | CatalogueAddedField> extends never ? true : never =
  true;
void everyViewField;

/** a seller's rating: the average of the stars to one decimal, and how many reviews it counts */
export interface RatingSummary {
  average: number;
  count: number;
}

export interface PuppyPage {
  items: PuppyView[];
  /**
   * at most two featured listings that match, shown above `items` (decision 0134); each is also in its
   * own place among the results, which `total`, `limit` and `offset` count as before
   */
  featured: PuppyView[];
  /** the matches, counted up to a cap (1,000) */
  total: number;
  /** true when there are more matches than `total`: the site says "1,000+" */
  totalCapped: boolean;
  limit: number;
  offset: number;
  /**
   * the kennel name, address and earned badges of the sellers of `items` that have a breeder page, by
   * seller id (decision 0118): the cards link to it
   */
  breeders: Record<number, BreederSummary>;
}

/** an image as the API stores it: an upload (or seed picture) of this site, or an absolute http(s) URL */
export function isMediaUrl(value: string): boolean {
  if (/^\/(?:uploads|public-objects)\/[\w\-./]+$/.test(value)) return !value.includes('..');
  return isHttpUrl(value);
}

/** a video uploaded here (/uploads/…) or a page on another site (http or https) */
export function isVideoUrl(value: string): boolean {
  return (/^\/uploads\/[\w\-./]+$/.test(value) && !value.includes('..')) || isHttpUrl(value);
}

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s"'<>\\]+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const text = (message: string, max: number, min = 1, minMessage = message) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.minLength(min, minMessage),
    v.maxLength(max, `Please keep it under ${max} characters`),
  );

const imageUrl = (message: string) =>
  v.pipe(
    v.string(message),
    v.trim(),
    v.nonEmpty(message),
    v.maxLength(500, 'That image address is too long'),
    v.check(isMediaUrl, 'Please upload the image again'),
  );

/** an uploaded video (/uploads/…) or a video page on another site; "" and null mean none */
const videoUrl = v.pipe(
  v.nullable(v.string('Please enter a valid URL for the video')),
  v.transform((value) => (value === null || value.trim() === '' ? null : value.trim())),
  v.nullable(
    v.pipe(
      v.string(),
      v.maxLength(500, 'Please enter a valid URL for the video'),
      v.check(isVideoUrl, 'Please enter a valid URL for the video'),
    ),
  ),
);

const colors = v.pipe(
  v.array(v.picklist(COAT_COLORS, 'Choose colours from the list'), 'Choose colours from the list'),
  v.transform((list) => [...new Set(list)]),
);

function parentId(message: string) {
  return v.optional(
    v.pipe(
      v.union([v.null(), v.number(), v.string()], message),
      v.transform((x) => (x === null || (typeof x === 'string' && x.trim() === '') ? null : Number(x))),
      v.nullable(v.pipe(v.number(message), v.integer(message), v.minValue(1, message))),
    ),
  );
}

const puppyFields = {
  name: text('Name is required', 60),
  breedId: v.pipe(numberish('Breed is required'), v.integer('Breed is required'), v.minValue(1, 'Breed is required')),
  gender: v.picklist(GENDERS, 'Gender is required'),
  age: v.pipe(
    numberish('Age must be at least 1 week'),
    v.integer('Age must be a whole number of weeks'),
    v.minValue(1, 'Age must be at least 1 week'),
    v.maxValue(520, 'Age must be at most 520 weeks'),
  ),
  weight: v.pipe(
    numberish('Weight must be greater than 0'),
    v.minValue(0.1, 'Weight must be greater than 0'),
    v.maxValue(400, 'Weight must be at most 400 lbs'),
  ),
  price: v.pipe(
    numberish('Price must be greater than 0'),
    v.minValue(1, 'Price must be greater than 0'),
    v.integer('Price must be in whole dollars'),
    v.maxValue(1_000_000, 'Price must be at most $1,000,000'),
  ),
  description: text('Description should be at least 10 characters', 5000, 10),
  location: text('Location is required', 120),
  /** the listing's place for "puppies near me" (decision 0129); the domain checks the ZIP exists */
  zip: v.pipe(
    v.string(ZIP_MESSAGES.required),
    v.trim(),
    v.nonEmpty(ZIP_MESSAGES.required),
    v.regex(ZIP_PATTERN, ZIP_MESSAGES.format),
  ),
  imageUrl: imageUrl('Primary puppy image is required'),
  imageUrls: v.pipe(
    v.array(imageUrl('Please upload the image again'), 'Please upload the images again'),
    v.maxLength(MAX_ADDITIONAL_IMAGES, TOO_MANY_IMAGES_MESSAGE),
  ),
  videoUrl,
  status: v.picklist(PUPPY_STATUSES, 'Status must be available, reserved or adopted'),
  colors,
  /** the seller's parent dogs (decision 0121); "" or null: none named */
  sireId: parentId('Choose the sire from your parent dogs'),
  damId: parentId('Choose the dam from your parent dogs'),
};

/** a required field left out altogether gets the same message as an empty one */
const MISSING: Record<string, string> = {
  name: 'Name is required',
  breedId: 'Breed is required',
  gender: 'Gender is required',
  age: 'Age must be at least 1 week',
  weight: 'Weight must be greater than 0',
  price: 'Price must be greater than 0',
  description: 'Description should be at least 10 characters',
  location: 'Location is required',
  zip: ZIP_MESSAGES.required,
  imageUrl: 'Primary puppy image is required',
};
const missingMessage = (issue: v.BaseIssue<unknown>) => {
  const key = issue.path?.[0]?.key;
  return (typeof key === 'string' && MISSING[key]) || "Please send the puppy's details.";
};

/** POST /api/puppies and the Post Puppy form (docs/product.md §5 "Post puppy") */
export const PuppyCreateSchema = v.object(
  {
    ...puppyFields,
    imageUrls: v.optional(puppyFields.imageUrls, []),
    videoUrl: v.optional(puppyFields.videoUrl, null),
    status: v.optional(puppyFields.status, 'available'),
    colors: v.optional(puppyFields.colors, []),
  },
  missingMessage,
);
export type PuppyCreateInput = v.InferOutput<typeof PuppyCreateSchema>;
export type PuppyFormValues = v.InferInput<typeof PuppyCreateSchema>;

/** PUT /api/puppies/{id} and the Edit Puppy form: every field optional; videoUrl null removes the video */
export const PuppyUpdateSchema = v.partial(v.object(puppyFields));
export type PuppyUpdateInput = v.InferOutput<typeof PuppyUpdateSchema>;

/** PUT /api/puppies/{id}/status */
export const PuppyStatusSchema = v.object({ status: puppyFields.status });

/** POST /api/puppies answers the new listing and whether its listing fee is still to pay */
export interface PuppyCreatedView extends PuppyView {
  needsListingFee: boolean;
}

/** GET /api/puppies/{id}: the puppy with a little about its seller (About the Breeder) */
export interface PuppyDetailView extends PuppyView {
  /** breeder: the seller's page and earned badges (decision 0118), null before they have a profile */
  seller: { username: string; memberSince: string; breeder: BreederSummary | null } | null;
  /** the sire and dam with their health tests (decision 0121); null when the listing names neither */
  parents: ListingParentsView | null;
}

/** PUT/DELETE /api/favorites/{puppyId} */
export interface FavoriteChange {
  puppyId: number;
  favorited: boolean;
}

/** POST /api/upload/image and /api/upload/video (docs/product.md §7) */
export interface UploadResult {
  success: true;
  url: string;
}
