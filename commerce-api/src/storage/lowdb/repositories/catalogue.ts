// The catalogue over memory (lowdb): one pass over every listing, then a sort of the matches.
import type { Collections } from '../storage.ts';
import {
  breedText,
  catalogueCard,
  compareRatings,
  GENDER_WORDS,
  pageSize,
  REGION_NAMES,
  searchTokens,
} from '../../../domain/store/catalogue-search.ts';
import { CATALOGUE_TOTAL_CAP, type CatalogueQuery, type CataloguePage } from '../../../domain/store/index.ts';
import type { Puppy } from '../../../domain/model.ts';
import { boundingBox, distanceMiles } from '../../../domain/zip-gazetteer.ts';
import type { Collection } from '../storage.ts';

const puppyText = (p: Puppy) => [p.name, p.location, p.region ?? '', ...p.colors].join(' ').toLowerCase();

// The pass below runs over every listing, so per row it must be cheap. Dates
// written by this code are canonical ISO strings, which compare as strings in time order (Date.parse
// costs about half a microsecond a row).
function isCanonicalIso(value: string): boolean {
  return value.length === 24 && value.charCodeAt(10) === 84 /* T */ && value.charCodeAt(23) === 90; /* Z */
}

/**
 * `derive` worked out once per stored row. Rows are frozen and replaced on update, so a changed listing
 * gets a fresh entry, and a removed one lets its entry go.
 */
function perRow<T>(derive: (p: Puppy) => T): (p: Puppy) => T {
  const kept = new WeakMap<Puppy, T>();
  return (p) => {
    let value = kept.get(p);
    if (value === undefined) {
      value = derive(p);
      kept.set(p, value);
    }
    return value;
  };
}
/** a listing's words, joined for the keyword search */
const wordsOf = perRow(puppyText);
/** a listing's card: a page of new filters then costs no serialising */
const cardOf = perRow(catalogueCard);

/** sellers with the Identity verified badge: payouts enabled, and the badge not revoked (decision 0118) */
function verifiedSellers(db: Collections): Set<number> {
  const revoked = new Set(
    db.badgeRevocations.filter((r) => r.badge === 'identity_verified' && r.liftedAt === null).map((r) => r.userId),
  );
  return new Set(
    db.payoutAccounts.filter((a) => a.status === 'payouts_enabled' && !revoked.has(a.userId)).map((a) => a.userId),
  );
}

/**
 * The listings placed on a grid of one-degree cells of latitude and longitude (decision 0129), so a
 * distance search reads the cells its box covers instead of every listing. Kept in step with writes:
 * when the collection's version moved, only the rows that changed (rows are frozen and replaced on
 * update) move between cells.
 */
interface PlacedGrid {
  version: number;
  /** each placed listing's row as it was filed, by id */
  rows: Map<number, Puppy>;
  cells: Map<string, Set<Puppy>>;
}
const grids = new WeakMap<Collection<Puppy>, PlacedGrid>();
const cellOf = (latitude: number, longitude: number) => `${Math.floor(latitude)}|${Math.floor(longitude)}`;

function placedGrid(puppies: Collection<Puppy>): PlacedGrid {
  let grid = grids.get(puppies);
  if (!grid) grids.set(puppies, (grid = { version: -1, rows: new Map(), cells: new Map() }));
  if (grid.version === puppies.version) return grid;
  const { rows, cells } = grid;
  const unfile = (row: Puppy) => {
    const key = cellOf(row.latitude!, row.longitude!);
    const cell = cells.get(key);
    cell?.delete(row);
    if (cell?.size === 0) cells.delete(key);
    rows.delete(row.id);
  };
  for (const row of puppies.all()) {
    const filed = rows.get(row.id);
    if (filed === row) continue;
    if (filed) unfile(filed);
    if (row.latitude === null || row.longitude === null || row.latitude === undefined || row.longitude === undefined)
      continue;
    rows.set(row.id, row);
    const key = cellOf(row.latitude, row.longitude);
    const cell = cells.get(key);
    if (cell) cell.add(row);
    else cells.set(key, new Set([row]));
  }
  // removed listings: filed, but no longer the collection's row of that id
  if (rows.size > 0) for (const [id, row] of rows) if (puppies.get(id) !== row) unfile(row);
  grid.version = puppies.version;
  return grid;
}

/** the placed listings in the cells a distance search's box covers, newest first */
function nearCandidates(
  puppies: Collection<Puppy>,
  near: { latitude: number; longitude: number },
  miles: number,
): Puppy[] {
  const { cells } = placedGrid(puppies);
  const box = boundingBox(near, miles);
  const found: Puppy[] = [];
  for (let lat = Math.floor(box.minLat); lat <= Math.floor(box.maxLat); lat++)
    for (let lon = Math.floor(box.minLon); lon <= Math.floor(box.maxLon); lon++)
      for (const row of cells.get(`${lat}|${lon}`) ?? []) found.push(row);
  return found.sort((a, b) => b.id - a.id);
}

/** the catalogue over memory: one pass, then a sort of the matches (what puppy-catalogue.ts does) */
export function searchPublic(db: Collections, query: CatalogueQuery, now: Date): CataloguePage {
  const nowMs = now.getTime();
  const nowIso = now.toISOString();
  const breedWords = new Map<number, string>();
  const breedIds = query.breedIds ? new Set(query.breedIds) : undefined;
  const ids = query.ids ? new Set(query.ids) : undefined;
  const tokens = searchTokens(query.search);
  const location = query.location?.toLowerCase();
  const region = location && REGION_NAMES.has(location) ? location : undefined;
  const verified = query.verifiedSellers ? verifiedSellers(db) : undefined;
  const matches: Puppy[] = [];
  const near = query.near;
  /** with `near`: each match's miles (decision 0129) */
  const miles = new Map<Puppy, number>();
  // newest first: the collection's rows from the end, or the grid's candidates in id order
  const radius = near?.miles ?? null;
  const rows = radius !== null ? nearCandidates(db.puppies, near!, radius) : db.puppies.all();
  const count = rows.length;
  for (let n = 0; n < count; n++) {
    const p = radius !== null ? rows[n]! : rows[count - 1 - n]!;
    const expiresAt = p.expiresAt;
    if (expiresAt === null || (isCanonicalIso(expiresAt) ? expiresAt <= nowIso : Date.parse(expiresAt) <= nowMs))
      continue;
    if (p.hiddenAt) continue; // a listing a moderator hid is not public (decision 0092)
    if (breedIds && !breedIds.has(p.breedId)) continue;
    if (query.minPrice !== undefined && p.price < query.minPrice) continue;
    if (query.maxPrice !== undefined && p.price > query.maxPrice) continue;
    if (query.gender && p.gender !== query.gender) continue;
    if (query.status && p.status !== query.status) continue;
    if (ids && !ids.has(p.id)) continue; // the listings featured now (decision 0134)
    if (query.healthTested && !p.healthTested) continue; // decision 0121
    if (verified && !verified.has(p.userId)) continue; // decision 0118
    if (region ? p.region !== region : location && !p.location.toLowerCase().includes(location)) continue;
    if (tokens.length) {
      let breed = breedWords.get(p.breedId);
      if (breed === undefined) breedWords.set(p.breedId, (breed = breedText(db.breeds.get(p.breedId))));
      // a word has no space, so it is in the listing's words or in its breed's (no joined string)
      const own = wordsOf(p);
      if (!tokens.every((t) => (GENDER_WORDS[t] ? GENDER_WORDS[t] === p.gender : own.includes(t) || breed.includes(t))))
        continue;
    }
    if (near) {
      if (p.latitude === null || p.longitude === null) continue;
      const distance = distanceMiles(near, { latitude: p.latitude, longitude: p.longitude });
      if (radius !== null && distance > radius) continue;
      miles.set(p, distance);
    }
    matches.push(p);
  }
  // ties keep the newest first: the pass above went newest first and sort is stable
  if (query.sort === 'price-asc') matches.sort((a, b) => a.price - b.price);
  else if (query.sort === 'price-desc') matches.sort((a, b) => b.price - a.price);
  else if (query.sort === 'age-asc') matches.sort((a, b) => a.age - b.age);
  else if (query.sort === 'rating') {
    const ratings = new Map(db.sellerRatings.all().map((r) => [r.sellerId, r]));
    matches.sort((a, b) => compareRatings(ratings.get(a.userId), ratings.get(b.userId)));
  } else if (query.sort === 'distance' && near) matches.sort((a, b) => miles.get(a)! - miles.get(b)!);
  const offset = query.offset ?? 0;
  const page = matches.slice(offset, offset + pageSize(query.limit));
  return {
    items: near ? page.map((p) => ({ ...cardOf(p), distance: miles.get(p)! })) : page.map(cardOf),
    total: Math.min(matches.length, CATALOGUE_TOTAL_CAP),
    totalCapped: matches.length > CATALOGUE_TOTAL_CAP,
  };
}
