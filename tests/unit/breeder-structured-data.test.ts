// The breeder page's JSON-LD (decision 0118) against Google's structured-data rules: it parses as JSON,
// is an Organization with a name and an absolute url, a PostalAddress, and an AggregateRating only when
// there are reviews, with the properties Google requires of one.
import { describe, expect, it } from 'vitest';
import type { BreederPageView } from '#contracts/breeders.ts';
import { breederOrganization } from '../../site/lib/breeder-structured-data.ts';

const breeder: BreederPageView = {
  userId: 7,
  slug: 'willow-creek-kennels',
  kennelName: 'Willow Creek Kennels',
  about: 'Goldens raised in our home.',
  town: 'Austin',
  state: 'TX',
  breeds: ['Golden Retriever'],
  photoUrl: '/uploads/7/logo.webp',
  badges: [],
  figures: { puppiesPlaced: 3, medianReplyMinutes: 40, yearsOnPuppyNest: 2, memberSince: '2024-01-01T00:00:00.000Z' },
  updatedAt: '2026-05-01T00:00:00.000Z',
};
const SITE = 'https://puppynest.example';

/** what the page writes into its <script type="application/ld+json">, read back */
const roundTrip = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

describe('breeder JSON-LD', () => {
  it('is an Organization with the required and recommended properties, every URL absolute', () => {
    const ld = roundTrip(breederOrganization(breeder, SITE));
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('Organization');
    expect(ld.name).toBe('Willow Creek Kennels');
    expect(ld.url).toBe('https://puppynest.example/breeders/willow-creek-kennels');
    expect(ld.logo).toBe('https://puppynest.example/uploads/7/logo.webp');
    expect(ld.address).toEqual({
      '@type': 'PostalAddress',
      addressLocality: 'Austin',
      addressRegion: 'TX',
      addressCountry: 'US',
    });
    expect(ld).not.toHaveProperty('aggregateRating');
  });

  it('adds an AggregateRating with ratingValue and reviewCount once there are reviews, never with none', () => {
    const rated = roundTrip(breederOrganization(breeder, SITE, { ratingValue: 4.8, reviewCount: 12 }));
    expect(rated.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.8,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
    expect(roundTrip(breederOrganization(breeder, SITE, { ratingValue: 0, reviewCount: 0 }))).not.toHaveProperty(
      'aggregateRating',
    );
  });

  it('leaves out what the seller did not give', () => {
    const ld = roundTrip(breederOrganization({ ...breeder, photoUrl: null, about: '', state: '', breeds: [] }, SITE));
    expect(ld).not.toHaveProperty('logo');
    expect(ld).not.toHaveProperty('description');
    expect(ld.address).toEqual({ '@type': 'PostalAddress', addressLocality: 'Austin', addressCountry: 'US' });
  });
});
