// The public catalogue: which listings are visible, and the filtered, searched, sorted, paged list.
// Answers from memory; a query over 10,000 listings is one pass plus a sort of the matches at most.
import type { PuppyPage, PuppyQuery, PuppyView, ListingStatus } from '#contracts/puppies.ts';
import type { Storage } from '../storage/storage.ts';
import type { Breed, Puppy } from './model.ts';

const FEATURED_LIMIT = 8;

export function listingStatus(puppy: Puppy, now: Date): ListingStatus {
  if (puppy.expiresAt === null) return 'draft';
  return Date.parse(puppy.expiresAt) > now.getTime() ? 'active' : 'expired';
}

/** only active, unexpired listings are public (DESIGN.md §4) */
export function isPublic(puppy: Puppy, now: Date): boolean {
  return puppy.expiresAt !== null && Date.parse(puppy.expiresAt) > now.getTime();
}

export function toPuppyView(puppy: Puppy, breed: Breed | undefined, now: Date): PuppyView {
  return {
    id: puppy.id,
    name: puppy.name,
    breedId: puppy.breedId,
    breed: breed ? { id: breed.id, name: breed.name } : null,
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
    listingStatus: listingStatus(puppy, now),
  };
}

export function viewOf(storage: Storage, puppy: Puppy, now: Date): PuppyView {
  return toPuppyView(puppy, storage.db.breeds.get(puppy.breedId), now);
}

// Search text per puppy, built once per stored row: rows are replaced on update (copy-on-write),
// so a changed puppy gets a fresh entry and a removed one is collected.
const searchText = new WeakMap<Puppy, string>();

function textOf(puppy: Puppy, breed: Breed | undefined): string {
  let text = searchText.get(puppy);
  if (text === undefined) {
    text = [puppy.name, breed?.name ?? '', breed?.size ?? '', ...(breed?.temperament ?? []), puppy.location, puppy.region ?? '', ...puppy.colors]
      .join(' ')
      .toLowerCase();
    searchText.set(puppy, text);
  }
  return text;
}

function matchesSearch(puppy: Puppy, breed: Breed | undefined, tokens: readonly string[]): boolean {
  const text = textOf(puppy, breed);
  const gender = puppy.gender.toLowerCase();
  // Gender is matched as a whole word: "male" must not find every "female".
  return tokens.every((token) => token === gender || (token !== 'male' && token !== 'female' && text.includes(token)));
}

function resolveBreedIds(storage: Storage, breed: string): Set<number> {
  if (/^\d+$/.test(breed)) return new Set([Number(breed)]);
  const wanted = breed.toLowerCase();
  return new Set(storage.db.breeds.filter((b) => b.name.toLowerCase() === wanted).map((b) => b.id));
}

const REGION_NAMES = new Set(['northeast', 'southeast', 'midwest', 'southwest', 'west']);

export function queryPuppies(storage: Storage, query: PuppyQuery, now: Date): PuppyView[] | PuppyPage {
  const breeds = storage.db.breeds;
  const breedIds = query.breed ? resolveBreedIds(storage, query.breed) : undefined;
  const tokens = query.search ? query.search.toLowerCase().split(/\s+/).filter(Boolean) : [];
  const location = query.location?.toLowerCase();
  const region = location && REGION_NAMES.has(location) ? location : undefined;
  const nowMs = now.getTime();

  const all = storage.db.puppies.all();
  const matches: Puppy[] = [];
  // Newest first without a sort: rows are stored in creation order.
  for (let i = all.length - 1; i >= 0; i--) {
    const p = all[i]!;
    if (p.expiresAt === null || Date.parse(p.expiresAt) <= nowMs) continue;
    if (breedIds && !breedIds.has(p.breedId)) continue;
    if (query.minPrice !== undefined && p.price < query.minPrice) continue;
    if (query.maxPrice !== undefined && p.price > query.maxPrice) continue;
    if (query.gender && p.gender !== query.gender) continue;
    if (query.status && p.status !== query.status) continue;
    if (region ? p.region !== region : location && !p.location.toLowerCase().includes(location)) continue;
    if (query.category || tokens.length) {
      const breed = breeds.get(p.breedId);
      if (query.category && !breed?.categories.includes(query.category)) continue;
      if (tokens.length && !matchesSearch(p, breed, tokens)) continue;
    }
    matches.push(p);
  }

  if (query.sort === 'price-asc') matches.sort((a, b) => a.price - b.price || b.id - a.id);
  else if (query.sort === 'price-desc') matches.sort((a, b) => b.price - a.price || b.id - a.id);
  else if (query.sort === 'age-asc') matches.sort((a, b) => a.age - b.age || b.id - a.id);

  const toView = (p: Puppy) => toPuppyView(p, breeds.get(p.breedId), now);
  if (query.limit === undefined) return matches.map(toView);
  const offset = query.offset ?? 0;
  return { items: matches.slice(offset, offset + query.limit).map(toView), total: matches.length, limit: query.limit, offset };
}

export function featuredPuppies(storage: Storage, now: Date): PuppyView[] {
  return storage.db.puppies
    .filter((p) => p.featured && p.status === 'available' && isPublic(p, now))
    .slice(-FEATURED_LIMIT)
    .reverse()
    .map((p) => viewOf(storage, p, now));
}
