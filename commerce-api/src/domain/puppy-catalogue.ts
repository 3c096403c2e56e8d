// The public catalogue: which listings are visible, and the filtered, searched, sorted, paged list.
// The store answers (puppies.searchPublic, decision 0086): names become breed ids here, a page holds at
// most CATALOGUE_MAX_PAGE rows and the total is counted up to CATALOGUE_TOTAL_CAP ("1,000+"; on
// PostgreSQL a plainly broad filter is capped from a census instead, decision 0102).
import { listingParents, type RecommendedTests } from './parents.ts';
import type { SitemapEntry } from '#contracts/pages.ts';
import type {
  BreedView,
  ListingStatus,
  PuppyDetailView,
  PuppyQuery,
  PuppyView,
  RatingSummary,
} from '#contracts/puppies.ts';
import { ratingSummary, ratingsOf } from './seller-ratings.ts';
import { listingFields } from './store/catalogue-search.ts';
import {
  CATALOGUE_MAX_PAGE,
  type Store,
  type CatalogueCard,
  type CatalogueQuery,
  type Repositories,
} from './store/index.ts';
import type { Breed, Puppy } from './model.ts';
import type { BreederPageView } from '#contracts/breeders.ts';
import { breederPage, breederSummaries, summariesFrom } from './breeders/pages.ts';
import { cardEvidence, featuredIdsAt } from './card-facts.ts';
import { ValidationError } from '../errors.ts';
import { ZIP_MESSAGES } from '#contracts/puppies.ts';
import { zipCentre } from './zip-gazetteer.ts';
import { FEATURED_PER_PAGE } from '#contracts/features.ts';

const FEATURED_LIMIT = 8;
/**
 * The featured listings of a page take turns (decision 0134): which ones show changes every
 * ROTATION_MS, and a kept answer (decisions 0105, 0126) is kept only within one turn: the turn is part
 * of the catalogue's stamp.
 */
export const ROTATION_MS = 15 * 60_000;
const rotationOf = (now: Date) => Math.floor(now.getTime() / ROTATION_MS);

/**
 * The card's `featured` as the features decide (decision 0134; the listing's own flag is no longer
 * read). A card is JSON object text with its keys unquoted nowhere else: `,"featured":` is the key.
 */
function withFeatured(json: string, featured: boolean): string {
  const key = json.indexOf(',"featured":');
  if (key < 0) return json;
  const at = key + 12;
  const was = json.startsWith('true', at);
  if (was === featured) return json;
  return `${json.slice(0, at)}${featured}${json.slice(at + (was ? 4 : 5))}`;
}

/** a card's listing id: `id` is the first of LISTING_FIELDS, so every card begins `{"id":` */
const cardId = (card: CatalogueCard): number => Number.parseInt(card.json.slice(6), 10);

// Date.parse costs about half a microsecond: once per row of 10,000 it was most of a list request.
// Dates written by this code are canonical ISO strings ("2026-06-01T12:00:00.000Z"), which compare
// as strings in time order; anything else (a hand-edited file) is parsed.
function isCanonicalIso(value: string): boolean {
  return value.length === 24 && value.charCodeAt(10) === 84 /* T */ && value.charCodeAt(23) === 90; /* Z */
}

function liveAt(expiresAt: string | null, nowIso: string, nowMs: number): boolean {
  if (expiresAt === null) return false;
  return isCanonicalIso(expiresAt) ? expiresAt > nowIso : Date.parse(expiresAt) > nowMs;
}

// The last `now` as an ISO string: a list asks for every listing's status at the same moment, and
// toISOString was most of the cost of each.
let lastNow = { ms: Number.NaN, iso: '' };
function isoOf(now: Date): string {
  const ms = now.getTime();
  if (ms !== lastNow.ms) lastNow = { ms, iso: now.toISOString() };
  return lastNow.iso;
}

export function listingStatus(puppy: Puppy, now: Date): ListingStatus {
  if (puppy.expiresAt === null) return 'draft';
  return liveAt(puppy.expiresAt, isoOf(now), now.getTime()) ? 'active' : 'expired';
}

/** only active, unexpired listings are public (docs/product.md §4) */
export function isPublic(puppy: Puppy, now: Date): boolean {
  // a listing a moderator hid is not public (decision 0092)
  return !puppy.hiddenAt && liveAt(puppy.expiresAt, isoOf(now), now.getTime());
}

export function toPuppyView(
  puppy: Puppy,
  breed: Breed | undefined,
  now: Date,
  sellerRating: RatingSummary | null,
): PuppyView {
  return {
    ...listingFields(puppy),
    breed: breed ? { id: breed.id, name: breed.name } : null,
    listingStatus: listingStatus(puppy, now),
    sellerRating,
  };
}

/**
 * The API's JSON of a catalogue page's listings: each card's fields (LISTING_FIELDS) with what the
 * catalogue adds (CatalogueAddedField: its breed, listing status and seller's rating), written as text (a card is JSON
 * already: decision 0105), so the same keys as toPuppyView in the same order (decision 0110). Every
 * listing a catalogue returns is public, so its status is active.
 */
function viewsJson(
  cards: readonly CatalogueCard[],
  breeds: ReadonlyMap<number, Breed>,
  ratings: ReadonlyMap<number, RatingSummary | null>,
  featured: ReadonlySet<number>,
): string {
  let json = '[';
  for (let i = 0; i < cards.length; i++) {
    const card = cards[i]!;
    const breed = breeds.get(card.breedId);
    const named = breed ? `{"id":${breed.id},"name":${JSON.stringify(breed.name)}}` : 'null';
    // a card is an object with at least an id: its closing brace gives way to two more fields
    const rating = JSON.stringify(ratings.get(card.userId) ?? null);
    // with `near`, the miles rounded to a whole number (decision 0129)
    const miles = card.distance === undefined ? '' : `,"distanceMiles":${Math.round(card.distance)}`;
    // featured while a feature shows and the listing is available (decision 0134)
    const own = withFeatured(card.json, featured.has(cardId(card)) && card.json.includes(',"status":"available",'));
    json += `${i === 0 ? '' : ','}${own.slice(0, -1)},"breed":${named},"listingStatus":"active","sellerRating":${rating}${miles}}`;
  }
  return `${json}]`;
}

async function breedsById(store: Repositories): Promise<Map<number, Breed>> {
  return new Map((await store.breeds.list()).map((b) => [b.id, b]));
}

/** the API's view of listings, with their breeds (one breed read for all) */
export async function puppyViews(store: Repositories, puppies: readonly Puppy[], now: Date): Promise<PuppyView[]> {
  if (puppies.length === 0) return [];
  const breeds = await breedsById(store);
  const featured = await featuredIdsAt(store, now);
  const ratings = await ratingsOf(
    store,
    puppies.map((p) => p.userId),
  );
  return puppies.map((p) => ({
    ...toPuppyView(p, breeds.get(p.breedId), now, ratings.get(p.userId) ?? null),
    // featured while a feature shows and the listing is public and available (decision 0134)
    featured: featured.has(p.id) && p.status === 'available' && isPublic(p, now),
  }));
}

export async function puppyView(store: Repositories, puppy: Puppy, now: Date): Promise<PuppyView> {
  return (await puppyViews(store, [puppy], now))[0]!;
}

/** breed (an id, or a name in any letter case) and category, as the breeds that may appear */
function breedIdsFor(breeds: readonly Breed[], query: PuppyQuery): number[] | undefined {
  let ids: number[] | undefined;
  if (query.breed) {
    if (/^\d+$/.test(query.breed)) ids = [Number(query.breed)];
    else {
      const wanted = query.breed.toLowerCase();
      ids = breeds.filter((b) => b.name.toLowerCase() === wanted).map((b) => b.id);
    }
  }
  if (query.category) {
    const category = query.category;
    const allowed = ids ? new Set(ids) : undefined;
    ids = breeds.filter((b) => b.categories.includes(category) && (!allowed || allowed.has(b.id))).map((b) => b.id);
  }
  return ids;
}

/**
 * `near` as a point and a radius (decision 0129): the ZIP's centre and `within` miles; without `within`
 * every placed listing, each with its distance. A ZIP the gazetteer does not know is the `near` field's
 * message, never an empty list.
 */
function nearPoint(query: PuppyQuery): CatalogueQuery['near'] {
  if (query.near === undefined) return undefined;
  const centre = zipCentre(query.near);
  if (!centre) throw new ValidationError(ZIP_MESSAGES.unknown(query.near), { near: ZIP_MESSAGES.unknown(query.near) });
  return { ...centre, miles: query.within ?? null };
}

/**
 * A catalogue answer as the API sends it: JSON text of a PuppyPage, or of PuppyView[] for a query
 * without `limit`. The list route sends it as it is; a page rendered on the server parses it.
 */
export interface CatalogueAnswer {
  json: string;
}

/**
 * GET /api/puppies: a page when `limit` is given, else the plain list the spec expects, which is the
 * first CATALOGUE_MAX_PAGE matches (no request returns every listing).
 */
export async function queryPuppies(store: Repositories, query: PuppyQuery, now: Date): Promise<CatalogueAnswer> {
  const breeds = await store.breeds.list();
  const byId = new Map(breeds.map((b) => [b.id, b]));
  const breedIds = breedIdsFor(breeds, query);
  const limit = Math.min(query.limit ?? CATALOGUE_MAX_PAGE, CATALOGUE_MAX_PAGE);
  const offset = query.offset ?? 0;
  const near = nearPoint(query);
  const wanted: CatalogueQuery = {
    ...(near ? { near } : {}),
    ...(breedIds ? { breedIds } : {}),
    ...(query.minPrice !== undefined ? { minPrice: query.minPrice } : {}),
    ...(query.maxPrice !== undefined ? { maxPrice: query.maxPrice } : {}),
    ...(query.gender ? { gender: query.gender } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.location ? { location: query.location } : {}),
    ...(query.search ? { search: query.search } : {}),
    ...(query.healthTested ? { healthTested: true } : {}),
    ...(query.verified ? { verifiedSellers: true } : {}),
    sort: query.sort,
    limit,
    offset,
  };
  const found = await store.puppies.searchPublic(wanted, now);
  // The features showing and the sellers' evidence, kept between requests under the page's stamp
  // (decision 0138): a list request is then its page's statement alone.
  // nothing matched: no featured listing can match either (featuredPair keeps to the same filters)
  const featuredIds =
    found.items.length === 0 && offset === 0 ? new Set<number>() : await featuredIdsAt(store, now, found.factsStamp);
  // a page's featured pair, shown above its results (decision 0134)
  const pair = query.limit === undefined ? [] : await featuredPair(store, wanted, featuredIds, now);
  // one read for the page's sellers: their ratings for the cards and, for a page, their breeder lines
  // (store/breeders.ts evidence; a read per seller cost the long tail most of its throughput)
  const sellers = [...found.items, ...pair].map((card) => card.userId);
  const evidence = await cardEvidence(store, sellers, now, found.factsStamp);
  const ratings = new Map(sellers.map((id) => [id, ratingSummary(evidence.get(id)?.rating)]));
  const items = viewsJson(found.items, byId, ratings, featuredIds);
  if (query.limit === undefined) return { json: items };
  const featured = viewsJson(pair, byId, ratings, featuredIds);
  const breeders = summariesFrom(evidence, now);
  // the PuppyPage's fields around the items: numbers, booleans and the cards' breeders
  return {
    json: `{"items":${items},"featured":${featured},"total":${found.total},"totalCapped":${found.totalCapped},"limit":${limit},"offset":${offset},"breeders":${JSON.stringify(breeders)}}`,
  };
}

/**
 * The featured listings that match a page's filters, at most FEATURED_PER_PAGE, shown above the page's
 * results (decision 0134). They take turns: each page starts at another place in the matching ones,
 * moved on every ROTATION_MS, so every featured listing is seen as often as the others. Only available
 * listings are featured: a query for another status has none.
 */
async function featuredPair(
  store: Repositories,
  wanted: CatalogueQuery,
  featuredIds: ReadonlySet<number>,
  now: Date,
): Promise<CatalogueCard[]> {
  if (featuredIds.size === 0 || (wanted.status !== undefined && wanted.status !== 'available')) return [];
  const matching = await store.puppies.searchPublic(
    {
      ...wanted,
      ids: [...featuredIds],
      status: 'available',
      sort: 'newest',
      limit: CATALOGUE_MAX_PAGE,
      offset: 0,
    },
    now,
  );
  const cards = matching.items;
  if (cards.length <= FEATURED_PER_PAGE) return cards;
  const page = Math.floor((wanted.offset ?? 0) / Math.max(1, wanted.limit));
  const start = ((rotationOf(now) + page) * FEATURED_PER_PAGE) % cards.length;
  return Array.from({ length: FEATURED_PER_PAGE }, (_, i) => cards[(start + i) % cards.length]!);
}

// Query results kept until the catalogue changes, on a store that can tell (lowdb's
// catalogueVersion: a listing or breed changed, or a listing expired). A repeated query then costs a
// Map lookup. PostgreSQL offers no such stamp (another process may write), so nothing is kept there.
interface QueryCache {
  version: string;
  builtAtMs: number;
  results: Map<string, Promise<CatalogueAnswer>>;
}

const queryCaches = new WeakMap<Store, QueryCache>();
const MAX_CACHED_QUERIES = 500;

function currentCache(store: Store, now: Date): QueryCache | undefined {
  const stamp = store.catalogueVersion?.(now);
  if (stamp === undefined) return undefined;
  // the featured pair's turn is part of the answer (decision 0134)
  const version = `${stamp}.${rotationOf(now)}`;
  let cache = queryCaches.get(store);
  if (!cache || cache.version !== version) {
    cache = { version, builtAtMs: now.getTime(), results: new Map() };
    queryCaches.set(store, cache);
  }
  return cache;
}

/**
 * What the public catalogue looks like right now, as HTTP validators: it changes whenever a listing or
 * breed changes or a listing expires, and `since` is when that happened (within this process: a
 * restart counts as a change). Undefined on a store that cannot tell (PostgreSQL): no validators.
 */
export function catalogueStamp(store: Store, now: Date): { tag: string; since: Date } | undefined {
  const cache = currentCache(store, now);
  if (!cache) return undefined;
  return { tag: `${cache.version}.${cache.builtAtMs.toString(36)}`, since: new Date(cache.builtAtMs) };
}

/** queryPuppies, answered from the cache while no listing changed or expired (do not mutate the result) */
export function cachedQueryPuppies(store: Store, query: PuppyQuery, now: Date): Promise<CatalogueAnswer> {
  const cache = currentCache(store, now);
  if (!cache) return queryPuppies(store, query, now);
  const key = JSON.stringify(query);
  let result = cache.results.get(key);
  if (result === undefined) {
    if (cache.results.size >= MAX_CACHED_QUERIES) cache.results.clear();
    result = queryPuppies(store, query, now);
    const kept = result;
    cache.results.set(key, kept);
    kept.catch(() => {
      if (cache.results.get(key) === kept) cache.results.delete(key);
    });
  }
  return result;
}

/**
 * The home page's featured section (docs/product.md §2, §22; decision 0134): the listings featured now
 * lead, the newest feature first (taking turns when more than the section holds), and the newest
 * available listings fill the rest.
 */
export async function featuredPuppies(store: Repositories, now: Date): Promise<PuppyView[]> {
  const features = await store.listingFeatures.listShowing(now);
  const featuredIds = new Set(features.map((f) => f.puppyId));
  const lead =
    featuredIds.size === 0
      ? []
      : (
          await store.puppies.searchPublic(
            { ids: [...featuredIds], status: 'available', limit: CATALOGUE_MAX_PAGE },
            now,
          )
        ).items;
  // the newest feature first: its position in listShowing (oldest first), read backwards
  const order = new Map(features.map((f, i) => [f.puppyId, i]));
  lead.sort((a, b) => (order.get(cardId(b)) ?? 0) - (order.get(cardId(a)) ?? 0));
  let shown = lead;
  if (lead.length > FEATURED_LIMIT) {
    const start = (rotationOf(now) * FEATURED_LIMIT) % lead.length;
    shown = Array.from({ length: FEATURED_LIMIT }, (_, i) => lead[(start + i) % lead.length]!);
  }
  if (shown.length < FEATURED_LIMIT) {
    const newest = await store.puppies.searchPublic({ status: 'available', limit: FEATURED_LIMIT + shown.length }, now);
    const taken = new Set(shown.map(cardId));
    shown = [...shown, ...newest.items.filter((card) => !taken.has(cardId(card)))].slice(0, FEATURED_LIMIT);
  }
  if (shown.length === 0) return [];
  const ratings = await ratingsOf(
    store,
    shown.map((card) => card.userId),
  );
  return JSON.parse(viewsJson(shown, await breedsById(store), ratings, featuredIds)) as PuppyView[];
}

/** a puppy's page: public listings for everyone; a draft or expired listing for its owner only */
export async function puppyDetail(
  store: Repositories,
  id: number,
  viewerId: number | undefined,
  now: Date,
  recommended: RecommendedTests = new Map(),
): Promise<PuppyDetailView | null> {
  const puppy = await store.puppies.get(id);
  if (!puppy || (!isPublic(puppy, now) && puppy.userId !== viewerId)) return null;
  const seller = await store.users.get(puppy.userId);
  const breeder = seller ? ((await breederSummaries(store, [seller.id], now))[seller.id] ?? null) : null;
  return {
    ...(await puppyView(store, puppy, now)),
    seller: seller ? { username: seller.username, memberSince: seller.createdAt, breeder } : null,
    parents: await listingParents(store, puppy, recommended),
  };
}

/** /breeders/{slug}: the breeder's page and public listings, newest first (decision 0118) */
export async function breederWithListings(
  store: Repositories,
  slug: string,
  now: Date,
): Promise<{ breeder: BreederPageView; listings: PuppyView[] } | null> {
  const breeder = await breederPage(store, slug, now);
  if (!breeder) return null;
  const live = (await store.puppies.listBySeller(breeder.userId))
    .filter((p) => isPublic(p, now))
    .sort((a, b) => b.id - a.id);
  return { breeder, listings: await puppyViews(store, live, now) };
}

/** every public listing, newest first, with the day it last changed */
export async function sitemapEntries(store: Repositories, now: Date): Promise<SitemapEntry[]> {
  return (await store.puppies.listPublicStamps(now)).map(({ id, updatedAt }) => ({ id, lastmod: updatedAt }));
}

/** the breeds, by name (the filter and search selects) */
export async function breedViews(store: Repositories): Promise<BreedView[]> {
  return (await store.breeds.list())
    .map(({ id, name, imageUrl, size, categories }) => ({ id, name, imageUrl, size, categories }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
