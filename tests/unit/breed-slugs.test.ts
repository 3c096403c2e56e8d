// Breed pages' addresses (decision 0130): each product breed has its own slug, in the form every slug
// of the site takes, and the list's "About the breed" link, the listing page and Find My Puppy write it
// with the same function.
import { describe, expect, it } from 'vitest';
import { breedListPath } from '#contracts/breed-pages.ts';
import { BREED_NAMES, breedSlug } from '#contracts/breeds.ts';
import { SLUG_PATTERN, slugify } from '#contracts/breeders.ts';
import { priceQuartiles } from '../../commerce-api/src/domain/store/breed-figures.ts';

describe('breed slugs', () => {
  it('gives every breed its own slug, as slugify would', () => {
    const slugs = BREED_NAMES.map(breedSlug);
    expect(new Set(slugs).size).toBe(BREED_NAMES.length);
    for (const [i, slug] of slugs.entries()) {
      expect(slug).toMatch(SLUG_PATTERN);
      expect(slug).toBe(slugify(BREED_NAMES[i]!));
    }
    expect(breedSlug('Corgi (Pembroke Welsh)')).toBe('corgi-pembroke-welsh');
    expect(breedSlug('Golden Retriever')).toBe('golden-retriever');
  });

  it("links the list's own address for a breed", () => {
    expect(breedListPath(12)).toBe('/puppies?breed=12&minPrice=0&maxPrice=5000');
  });
});

describe('the middle half of the prices', () => {
  it('is the 25th to 75th percentile, between neighbours, in whole dollars', () => {
    expect(priceQuartiles([])).toBeNull();
    expect(priceQuartiles([900])).toEqual({ low: 900, high: 900 });
    expect(priceQuartiles([2000, 1000, 1500, 1101, 1200])).toEqual({ low: 1101, high: 1500 });
    // 1000 + 0.75 × 1 = 1000.75 → 1001; 1002 + 0.25 × 1 = 1002.25 → 1002
    expect(priceQuartiles([1000, 1001, 1002, 1003])).toEqual({ low: 1001, high: 1002 });
    // a half rounds up, as PostgreSQL's numeric round() does
    expect(priceQuartiles([1000, 1002, 1004])).toEqual({ low: 1001, high: 1003 });
  });
});
