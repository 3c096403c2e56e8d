// What both stores' catalogue queries share: how the typed words split, which location words are
// regions, the page-size cap (listings.ts CatalogueQuery) and what a listing's card holds.
import { LISTING_FIELDS, type ListingFieldName, type ListingFields } from '#contracts/puppies.ts';
import type { Breed, Puppy } from '../model.ts';
import { CATALOGUE_MAX_PAGE, type CatalogueCard } from './listings.ts';

export const REGION_NAMES: ReadonlySet<string> = new Set(['northeast', 'southeast', 'midwest', 'southwest', 'west']);

/** the lower-cased words of a search; "male" and "female" match only the gender, as a whole word */
export function searchTokens(search: string | undefined): string[] {
  return search ? search.toLowerCase().split(/\s+/).filter(Boolean) : [];
}

/**
 * A breed's words a search looks in (its name, size and temperament), lower-cased: a search word
 * matches a listing when it is in the listing's own words or in its breed's.
 */
export function breedText(breed: Breed | undefined): string {
  return breed ? [breed.name, breed.size, ...breed.temperament].join(' ').toLowerCase() : '';
}

export const GENDER_WORDS: Readonly<Record<string, 'Male' | 'Female'>> = { male: 'Male', female: 'Female' };

export function pageSize(limit: number): number {
  return Math.max(1, Math.min(CATALOGUE_MAX_PAGE, Math.floor(limit)));
}

/**
 * A listing's own public fields, copied off the model in LISTING_FIELDS' order (the one list of
 * them, decision 0110): the lowdb card, and the start of every PuppyView.
 */
export function listingFields(puppy: Puppy): ListingFields {
  const fields: Partial<Record<ListingFieldName, unknown>> = {};
  for (const name of LISTING_FIELDS) fields[name] = puppy[name];
  return fields as ListingFields;
}

/** a listing as a catalogue page holds it (lowdb writes it per page; PostgreSQL reads its stored card) */
export function catalogueCard(puppy: Puppy): CatalogueCard {
  return { breedId: puppy.breedId, userId: puppy.userId, json: JSON.stringify(listingFields(puppy)) };
}

/** the order of the rating sort: the better average first, then the more reviews (decision 0119) */
export function compareRatings(
  a: { reviewCount: number; ratingSum: number } | undefined,
  b: { reviewCount: number; ratingSum: number } | undefined,
): number {
  const has = (r: typeof a): r is { reviewCount: number; ratingSum: number } => r !== undefined && r.reviewCount > 0;
  if (!has(a) || !has(b)) return (has(a) ? 0 : 1) - (has(b) ? 0 : 1);
  return b.ratingSum / b.reviewCount - a.ratingSum / a.reviewCount || b.reviewCount - a.reviewCount;
}
