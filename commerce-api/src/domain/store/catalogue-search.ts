// What both stores' catalogue queries share: how the typed words split, which location words are
// regions, the page-size cap (listings.ts CatalogueQuery) and what a listing's card holds.
import type { PuppyView } from '#contracts/puppies.ts';
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

/** a listing's own public fields: PuppyView less what the catalogue adds (its breed and listing status) */
export type ListingFields = Omit<PuppyView, 'breed' | 'listingStatus'>;

/**
 * A listing's own public fields, in PuppyView's order. PostgreSQL keeps the same fields as JSON with
 * the row (migration 0008's puppy_card): change both together (the contract suite compares them).
 */
export function listingFields(puppy: Puppy): ListingFields {
  return {
    id: puppy.id,
    name: puppy.name,
    breedId: puppy.breedId,
    userId: puppy.userId,
    gender: puppy.gender,
    age: puppy.age,
    weight: puppy.weight,
    price: puppy.price,
    colors: puppy.colors,
    description: puppy.description,
    location: puppy.location,
    region: puppy.region,
    imageUrl: puppy.imageUrl,
    imageUrls: puppy.imageUrls,
    videoUrl: puppy.videoUrl,
    status: puppy.status,
    featured: puppy.featured,
    createdAt: puppy.createdAt,
    expiresAt: puppy.expiresAt,
  };
}

/** a listing as a catalogue page holds it (lowdb writes it per page; PostgreSQL reads its stored card) */
export function catalogueCard(puppy: Puppy): CatalogueCard {
  return { breedId: puppy.breedId, json: JSON.stringify(listingFields(puppy)) };
}
