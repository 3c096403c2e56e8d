// The breeder page's JSON-LD (decision 0118): an Organization (Google's structured-data rules name no
// required property for it; name, url, address, logo and description are the recommended ones we have).
// The reviews' rating joins it as AggregateRating through `rating`, once there are reviews.
import type { BreederPageView } from '#contracts/breeders.ts';

/** the reviews' summary, when a breeder has any (Google wants both numbers) */
export interface BreederRating {
  ratingValue: number;
  reviewCount: number;
}

export function breederOrganization(
  breeder: BreederPageView,
  site: URL | string,
  rating?: BreederRating,
): Record<string, unknown> {
  const url = new URL(`/breeders/${breeder.slug}`, site).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${url}#breeder`,
    name: breeder.kennelName,
    url,
    ...(breeder.about ? { description: breeder.about.slice(0, 500) } : {}),
    ...(breeder.photoUrl
      ? { logo: new URL(breeder.photoUrl, site).href, image: new URL(breeder.photoUrl, site).href }
      : {}),
    address: {
      '@type': 'PostalAddress',
      addressLocality: breeder.town,
      ...(breeder.state ? { addressRegion: breeder.state } : {}),
      addressCountry: 'US',
    },
    ...(breeder.breeds.length ? { knowsAbout: breeder.breeds } : {}),
    ...(rating && rating.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.ratingValue,
            reviewCount: rating.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}
