// The breed page's JSON-LD (decision 0130): a CollectionPage about the breed whose main entity is the
// list of its available puppies shown (each links to its listing, which carries its own Product).
import type { BreedPageView } from '#contracts/breed-pages.ts';
import type { PuppyView } from '#contracts/puppies.ts';
import { puppyItemList } from './structured-data.ts';

export function breedStructuredData(
  breed: BreedPageView,
  puppies: readonly PuppyView[],
  site: URL | string,
): Record<string, unknown> {
  const url = new URL(`/breeds/${breed.slug}`, site).href;
  const list = puppyItemList(puppies, site);
  const { '@context': _context, ...itemList } = list ?? {};
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    '@id': `${url}#page`,
    url,
    name: `${breed.name} puppies`,
    ...(breed.profile?.temperament ? { description: breed.profile.temperament } : {}),
    image: new URL(breed.imageUrl, site).href,
    about: { '@type': 'Thing', name: breed.name },
    ...(list ? { mainEntity: { ...itemList, name: `Available ${breed.name} puppies` } } : {}),
  };
}
