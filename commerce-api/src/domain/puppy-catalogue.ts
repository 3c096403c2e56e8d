// The public catalogue: which listings are visible, and the filtered, searched, sorted, paged list.
// Answers from memory; a query over 10,000 listings is one pass plus a sort of the matches at most.
import type { SitemapEntry } from '#contracts/pages.ts';
import { REGIONS, type BreedView, type ListingStatus, type PuppyDetailView, type PuppyPage, type PuppyQuery, type PuppyView } from '#contracts/puppies.ts';
import type { Storage } from '../storage/storage.ts';
import type { Breed, Puppy } from './model.ts';

const FEATURED_LIMIT = 8;

// Date.parse costs about half a microsecond: once per row of 10,000 it was most of a list request.
// Dates written by this code are canonical ISO strings ("2026-06-01T12:00:00.000Z"), which compare
// as strings in time order; anything else (a hand-edited file) is parsed.
function isCanonicalIso(value: string): boolean {
  return value.length === 24 && value.charCodeAt(10) === 84 /* T */ && value.charCodeAt(23) === 90 /* Z */;
}

function liveAt(expiresAt: string | null, nowIso: string, nowMs: number): boolean {
  if (expiresAt === null) return false;
  return isCanonicalIso(expiresAt) ? expiresAt > nowIso : Date.parse(expiresAt) > nowMs;
}

export function listingStatus(puppy: Puppy, now: Date): ListingStatus {
  if (puppy.expiresAt === null) return 'draft';
  return liveAt(puppy.expiresAt, now.toISOString(), now.getTime()) ? 'active' : 'expired';
}

/** only active, unexpired listings are public (docs/product.md §4) */
export function isPublic(puppy: Puppy, now: Date): boolean {
  // issue 15: a listing a moderator hid is not public
  return !puppy.hiddenAt && liveAt(puppy.expiresAt, now.toISOString(), now.getTime());
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

const REGION_NAMES: ReadonlySet<string> = new Set(REGIONS);

export function queryPuppies(storage: Storage, query: PuppyQuery, now: Date): PuppyView[] | PuppyPage {
  const breeds = storage.db.breeds;
  // Breed and category are both decided per breed: one Set of the breeds that may appear.
  let breedIds = query.breed ? resolveBreedIds(storage, query.breed) : undefined;
  if (query.category) {
    const category = query.category;
    const fitting = breeds.filter((b) => b.categories.includes(category) && (!breedIds || breedIds.has(b.id))).map((b) => b.id);
    breedIds = new Set(fitting);
  }
  const tokens = query.search ? query.search.toLowerCase().split(/\s+/).filter(Boolean) : [];
  const location = query.location?.toLowerCase();
  const region = location && REGION_NAMES.has(location) ? location : undefined;
  const nowMs = now.getTime();
  const nowIso = now.toISOString();

  const all = storage.db.puppies.all();
  const matches: Puppy[] = [];
  // Newest first without a sort: rows are stored in creation order.
  for (let i = all.length - 1; i >= 0; i--) {
    const p = all[i]!;
    if (!liveAt(p.expiresAt, nowIso, nowMs)) continue;
    if (p.hiddenAt) continue; // issue 15: hidden by a moderator
    if (breedIds && !breedIds.has(p.breedId)) continue;
    if (query.minPrice !== undefined && p.price < query.minPrice) continue;
    if (query.maxPrice !== undefined && p.price > query.maxPrice) continue;
    if (query.gender && p.gender !== query.gender) continue;
    if (query.status && p.status !== query.status) continue;
    if (region ? p.region !== region : location && !p.location.toLowerCase().includes(location)) continue;
    if (tokens.length && !matchesSearch(p, breeds.get(p.breedId), tokens)) continue;
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

// Query results are kept until the catalogue changes: the collections' versions say whether any
// listing or breed changed, and a listing that expires ends the cache too. A repeated query then
// costs a Map lookup instead of a pass over every listing.
interface QueryCache {
  puppiesVersion: number;
  breedsVersion: number;
  builtAtMs: number;
  /** the next moment a public listing expires */
  validUntilMs: number;
  results: Map<string, PuppyView[] | PuppyPage>;
}

const queryCaches = new WeakMap<Storage, QueryCache>();
const MAX_CACHED_QUERIES = 500;

function nextExpiryMs(rows: readonly Puppy[], now: Date): number {
  const nowIso = now.toISOString();
  const nowMs = now.getTime();
  let soonest = Number.POSITIVE_INFINITY;
  let soonestIso: string | undefined;
  for (const row of rows) {
    const at = row.expiresAt;
    if (at === null) continue;
    if (isCanonicalIso(at)) {
      if (at > nowIso && (soonestIso === undefined || at < soonestIso)) soonestIso = at;
    } else {
      const ms = Date.parse(at);
      if (ms > nowMs && ms < soonest) soonest = ms;
    }
  }
  return soonestIso === undefined ? soonest : Math.min(soonest, Date.parse(soonestIso));
}

function currentCache(storage: Storage, now: Date): QueryCache {
  const { puppies, breeds } = storage.db;
  const nowMs = now.getTime();
  let cache = queryCaches.get(storage);
  if (!cache || nowMs >= cache.validUntilMs || nowMs < cache.builtAtMs || cache.puppiesVersion !== puppies.version || cache.breedsVersion !== breeds.version) {
    cache = { puppiesVersion: puppies.version, breedsVersion: breeds.version, builtAtMs: nowMs, validUntilMs: nextExpiryMs(puppies.all(), now), results: new Map() };
    queryCaches.set(storage, cache);
  }
  return cache;
}

/**
 * What the public catalogue looks like right now, as HTTP validators: it changes whenever a listing or
 * breed changes or a listing expires (the moments the query cache starts again), and `since` is when
 * that happened (within this process: a restart counts as a change).
 */
export function catalogueStamp(storage: Storage, now: Date): { tag: string; since: Date } {
  const cache = currentCache(storage, now);
  return { tag: `${cache.puppiesVersion}.${cache.breedsVersion}.${cache.builtAtMs.toString(36)}`, since: new Date(cache.builtAtMs) };
}

/** queryPuppies, answered from the cache while no listing changed or expired (do not mutate the result) */
export function cachedQueryPuppies(storage: Storage, query: PuppyQuery, now: Date): PuppyView[] | PuppyPage {
  const cache = currentCache(storage, now);
  const key = JSON.stringify(query);
  let result = cache.results.get(key);
  if (result === undefined) {
    if (cache.results.size >= MAX_CACHED_QUERIES) cache.results.clear();
    result = queryPuppies(storage, query, now);
    cache.results.set(key, result);
  }
  return result;
}

export function featuredPuppies(storage: Storage, now: Date): PuppyView[] {
  return storage.db.puppies
    .filter((p) => p.featured && p.status === 'available' && isPublic(p, now))
    .slice(-FEATURED_LIMIT)
    .reverse()
    .map((p) => viewOf(storage, p, now));
}

/** a puppy's page: public listings for everyone; a draft or expired listing for its owner only */
export function puppyDetail(storage: Storage, id: number, viewerId: number | undefined, now: Date): PuppyDetailView | null {
  const puppy = storage.db.puppies.get(id);
  if (!puppy || (!isPublic(puppy, now) && puppy.userId !== viewerId)) return null;
  const seller = storage.db.users.get(puppy.userId);
  return { ...viewOf(storage, puppy, now), seller: seller ? { username: seller.username, memberSince: seller.createdAt } : null };
}

/** every public listing, newest first, with the day it last changed */
export function sitemapEntries(storage: Storage, now: Date): SitemapEntry[] {
  const all = storage.db.puppies.all();
  const entries: SitemapEntry[] = [];
  for (let i = all.length - 1; i >= 0; i--) {
    const p = all[i]!;
    if (isPublic(p, now)) entries.push({ id: p.id, lastmod: p.updatedAt });
  }
  return entries;
}

/** the breeds, by name (the filter and search selects) */
export function breedViews(storage: Storage): BreedView[] {
  return storage.db.breeds
    .all()
    .map(({ id, name, imageUrl, size, categories }) => ({ id, name, imageUrl, size, categories }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
