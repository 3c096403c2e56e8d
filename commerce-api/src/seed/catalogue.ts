// A catalogue of public listings of any size: the demo's ~70 puppies and the benchmark's 10,000
// come from the same code. No images are rendered here; the listings point at the shared pool.
import type { PuppyStatus } from '../domain/model.ts';
import { REGIONS } from '../domain/regions.ts';
import type { NewRow } from '../storage/lowdb/storage.ts';
import { BREEDS } from './breeds.ts';
import { CITIES_BY_REGION } from './cities.ts';
import { buildPuppy } from './factories.ts';
import type { Rng } from './rng.ts';

export interface CatalogueOptions {
  /** the stored id of each breed of BREEDS, in BREEDS order (default: 1…n) */
  breedIds?: readonly number[];
  /** sellers the listings are spread over (default: user 1) */
  sellerIds?: readonly number[];
  now?: Date;
  /** how many available listings are featured (default 8) */
  featured?: number;
}

const STATUS_WEIGHTS: ReadonlyArray<readonly [PuppyStatus, number]> = [
  ['available', 75],
  ['reserved', 15],
  ['adopted', 10],
];

/**
 * `count` active listings over the popular breeds, all five regions in turn, both genders and
 * every status, a few of the available ones featured; ordered oldest first.
 */
export function buildCatalogue(count: number, rng: Rng, options: CatalogueOptions = {}): NewRow<'puppies'>[] {
  const now = options.now ?? new Date();
  const sellerIds = options.sellerIds && options.sellerIds.length > 0 ? options.sellerIds : [1];
  const usedNames = new Set<string>();
  const puppies: NewRow<'puppies'>[] = [];

  for (let i = 0; i < count; i++) {
    if (usedNames.size >= 60) usedNames.clear();
    const breedIndex = BREEDS.indexOf(rng.weighted(BREEDS, (breed) => breed.popularity));
    const region = REGIONS[i % REGIONS.length]!;
    const status = rng.weighted(STATUS_WEIGHTS, ([, weight]) => weight)[0];
    puppies.push(
      buildPuppy(
        {
          breedId: options.breedIds?.[breedIndex] ?? breedIndex + 1,
          userId: rng.pick(sellerIds),
          location: rng.pick(CITIES_BY_REGION[region]),
          status,
        },
        rng,
        { breed: BREEDS[breedIndex], now, usedNames },
      ),
    );
  }

  ensureEveryStatus(puppies);
  const available = puppies.filter((puppy) => puppy.status === 'available');
  for (const puppy of rng.sample(available, options.featured ?? 8)) puppy.featured = true;
  return puppies.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** a small catalogue could roll no reserved or adopted puppy; the demo needs each state once */
function ensureEveryStatus(puppies: NewRow<'puppies'>[]): void {
  if (puppies.length < STATUS_WEIGHTS.length) return;
  for (const [status] of STATUS_WEIGHTS) {
    if (puppies.some((puppy) => puppy.status === status)) continue;
    const counts = (s: PuppyStatus) => puppies.filter((puppy) => puppy.status === s).length;
    const donor = STATUS_WEIGHTS.map(([s]) => s).sort((a, b) => counts(b) - counts(a))[0]!;
    const puppy = puppies.findLast((p) => p.status === donor)!;
    puppy.status = status;
  }
}
