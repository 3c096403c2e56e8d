// What both stores' catalogue queries share: how the typed words split, which location words are
// regions, and the page-size cap (repositories.ts CatalogueQuery).
import type { Breed } from '../domain/model.ts';
import { CATALOGUE_MAX_PAGE } from './repositories.ts';

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
