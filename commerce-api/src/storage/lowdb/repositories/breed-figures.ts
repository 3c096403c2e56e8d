// A breed page's live figures over memory (decision 0130): one pass over the listings, as the catalogue
// makes; the domain keeps the answer while the catalogue is unchanged (catalogueVersion).
import type { Collections } from '../storage.ts';
import type { BreedListingFigures } from '../../../domain/store/index.ts';
import { priceQuartiles } from '../../../domain/store/breed-figures.ts';
import { isLiveAt } from './context.ts';

export function breedFigures(db: Collections, breedId: number, now: Date): BreedListingFigures {
  const prices: number[] = [];
  const sellers = new Map<number, number>();
  let available = 0;
  for (const p of db.puppies.all()) {
    if (p.breedId !== breedId || p.hiddenAt || !isLiveAt(p, now)) continue;
    prices.push(p.price);
    if (p.status === 'available') available++;
    sellers.set(p.userId, (sellers.get(p.userId) ?? 0) + 1);
  }
  return {
    available,
    listings: prices.length,
    priceQuartiles: priceQuartiles(prices),
    sellers: [...sellers].map(([userId, listings]) => ({ userId, listings })).sort((a, b) => a.userId - b.userId),
  };
}
