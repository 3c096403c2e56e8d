// A head count of the public catalogue, kept by each store: how many listings each (status, gender,
// breed, $50 price band) holds, and each (place, status, gender, $50 price band). It lets the list skip
// its count when a filter plainly matches far more than CATALOGUE_TOTAL_CAP, which the list shows as
// "1,000+" anyway (decision 0102); the places do so for a distance filter (decision 0138), whose count
// read a wide radius's box until it had seen 1,001 listings.
//
// At 100,000 listings the capped count was the dearest part of a list request (it reads up to 1,001
// index entries, about 0.5 ms of the database's CPU); most filters of a large catalogue are broad,
// and for them the answer was always "1,000+". The census is one GROUP BY every REFRESH_MS, read in
// the background, never by a waiting request.
//
// Made where the store is opened (repositories.ts, one store a process) and handed to the listing
// repositories, whose catalogue list asks it (catalogue.ts searchPublic); the store closes it.
import type pg from 'pg';
import type { CatalogueQuery } from '../../domain/store/index.ts';
import { boundingBox, distanceMiles } from '../../domain/zip-gazetteer.ts';
import type { Log } from '../../logging/log.ts';

/** the width of a price band, in dollars */
const BAND = 50;
/** how often a process reads the census again, while lists are being asked for */
const REFRESH_MS = 10_000;
/** how long one census may be used: it counts only listings that stay unexpired this long */
const LIFETIME_MS = 30_000;

/** the bands of one (status, gender, breed): band numbers ascending, and the listings up to each */
interface Bands {
  band: Int32Array;
  upTo: Int32Array;
}

/**
 * One place listings are placed at (a ZIP's centre, decision 0129): every listing there is the same
 * distance from any point, so the places within a radius hold exactly the listings within it.
 */
interface Place {
  latitude: number;
  longitude: number;
  /** its listings, of any status, gender or price: the entries a box holding it has in the place index */
  listings: number;
  /** status → gender → bands */
  cells: Map<string, Map<string, Bands>>;
}

interface Snapshot {
  takenAtMs: number;
  /** status → gender → breed id → bands */
  cells: Map<string, Map<string, Map<number, Bands>>>;
  /** by latitude, so a box's places are one range of them */
  places: Place[];
  /** status → its listings, of any gender, breed or price */
  ofStatus: Map<string, number>;
}

/**
 * What the census shows of a distance query's radius (decision 0139): the figures that choose how it is
 * read (catalogue-near.ts). With breeds the places cannot tell (they hold no breed), their matches are
 * scaled by the breeds' share of the status: an estimate, no longer a bound.
 */
export interface RadiusCensus {
  /** the query's matches in the radius: at least `low` (bands wholly in its price range), at most `high` */
  low: number;
  high: number;
  /** the listings in the radius's box, of any status, gender or price: the place index's entries it reads */
  inBox: number;
  /** the listings of the query's status and breeds: the entries a newest-first index holds for it */
  ofStatus: number;
  /**
   * The least radius, in miles, whose places hold at least `need` of the query's matches (by `low`), and
   * the box of that radius's listings; none when the whole radius holds fewer.
   */
  ring(need: number): { miles: number; inBox: number } | undefined;
}

/** What the census shows of a query without distance (decision 0140): the figures that choose how it is read */
export interface CatalogueFigures {
  /** the query's matches: at least `low` (bands wholly in its price range), at most `high` */
  low: number;
  high: number;
  /** the listings of its status and breeds, of any gender or price: the entries a newest-first index holds for it */
  walked: number;
}

export interface CatalogueCensus {
  /**
   * Whether the census shows more than `bound` listings matching the query: false when it cannot
   * tell (a keyword, a location or listing ids, or no census young enough), so the caller counts.
   * Never waits for the database: a stale census is read again in the background.
   */
  shows(query: CatalogueQuery, now: Date, bound: number): boolean;
  /** the figures of a distance query's radius; none for a filter the census cannot tell, or no radius */
  radius(query: CatalogueQuery, now: Date): RadiusCensus | undefined;
  /** the figures of a query without distance; none for a filter the census cannot tell (decision 0140) */
  figures(query: CatalogueQuery, now: Date): CatalogueFigures | undefined;
  /** reads the census now (tests; requests start it through shows) */
  refresh(now: Date): Promise<void>;
  /** no more reads: the store is closing (waits for one under way) */
  close(): Promise<void>;
}

/** listings in the bands lying wholly inside [min, max]: a lower bound of those priced in it */
function within(bands: Bands, min: number, max: number): number {
  const first = Math.ceil(min / BAND);
  const last = Math.floor((max + 1) / BAND) - 1;
  if (last < first) return 0;
  const upTo = (b: number) => {
    // the listings in bands <= b: binary search for the last band number <= b
    let lo = 0;
    let hi = bands.band.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (bands.band[mid]! <= b) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found < 0 ? 0 : bands.upTo[found]!;
  };
  return upTo(last) - upTo(first - 1);
}

/** a cell's listings priced in [min, max]: those in bands wholly inside it, and those in bands it touches */
function priced(bands: Bands, min: number, max: number): { low: number; high: number } {
  return {
    low: within(bands, min, max),
    high: within(bands, Math.floor(min / BAND) * BAND, Math.ceil((max + 1) / BAND) * BAND - 1),
  };
}

/** the listings in all of a cell's bands */
const allOf = (bands: Bands) => bands.upTo[bands.upTo.length - 1] ?? 0;

/** a cell's bands from its JSON pairs [band, listings], bands ascending */
function bandsOf(json: string): Bands {
  const pairs = JSON.parse(json) as [number, number][];
  const band = new Int32Array(pairs.length);
  const upTo = new Int32Array(pairs.length);
  let sum = 0;
  pairs.forEach(([b, n], k) => {
    sum += n;
    band[k] = b;
    upTo[k] = sum;
  });
  return { band, upTo };
}

/** a census read on the pool, outside any caller's transaction */
export function createCatalogueCensus(pool: pg.Pool, log: Log = console): CatalogueCensus {
  let snapshot: Snapshot | undefined;
  let reading: Promise<void> | undefined;
  let closed = false;

  async function read(now: Date): Promise<void> {
    const horizon = new Date(now.getTime() + LIFETIME_MS).toISOString();
    // one row per (status, gender, breed) with its bands as JSON text: a few hundred rows to parse,
    // not one per band (12,000 at 100,000 listings)
    const { rows } = await pool.query<{ status: string; gender: string; breed: number; bands: string }>(
      `SELECT status, gender, breed, json_agg(json_build_array(band, n) ORDER BY band)::text AS bands
       FROM (SELECT status, gender, breed_id AS breed, price / ${BAND} AS band, count(*)::int AS n FROM puppies
             WHERE expires_at > $1 AND hidden_at IS NULL GROUP BY 1, 2, 3, 4) AS cell
       GROUP BY 1, 2, 3`,
      [horizon],
    );
    const cells: Snapshot['cells'] = new Map();
    for (const row of rows) {
      let genders = cells.get(row.status);
      if (!genders) cells.set(row.status, (genders = new Map()));
      let breeds = genders.get(row.gender);
      if (!breeds) genders.set(row.gender, (breeds = new Map()));
      breeds.set(row.breed, bandsOf(row.bands));
    }
    // the same by place, without the breed: one row per (place, status, gender)
    const placed = await pool.query<{
      latitude: number;
      longitude: number;
      status: string;
      gender: string;
      bands: string;
    }>(
      `SELECT latitude, longitude, status, gender, json_agg(json_build_array(band, n) ORDER BY band)::text AS bands
       FROM (SELECT latitude, longitude, status, gender, price / ${BAND} AS band, count(*)::int AS n FROM puppies
             WHERE expires_at > $1 AND hidden_at IS NULL AND latitude IS NOT NULL GROUP BY 1, 2, 3, 4, 5) AS cell
       GROUP BY 1, 2, 3, 4`,
      [horizon],
    );
    const byPlace = new Map<string, Place>();
    for (const row of placed.rows) {
      const key = `${row.latitude},${row.longitude}`;
      let place = byPlace.get(key);
      if (!place)
        byPlace.set(key, (place = { latitude: row.latitude, longitude: row.longitude, listings: 0, cells: new Map() }));
      let genders = place.cells.get(row.status);
      if (!genders) place.cells.set(row.status, (genders = new Map()));
      const bands = bandsOf(row.bands);
      genders.set(row.gender, bands);
      place.listings += allOf(bands);
    }
    const ofStatus = new Map<string, number>();
    for (const [status, genders] of cells)
      for (const byBreed of genders.values())
        for (const bands of byBreed.values()) ofStatus.set(status, (ofStatus.get(status) ?? 0) + allOf(bands));
    const places = [...byPlace.values()].sort((a, b) => a.latitude - b.latitude);
    snapshot = { takenAtMs: now.getTime(), cells, places, ofStatus };
  }

  function refresh(now: Date): Promise<void> {
    if (closed) return Promise.resolve();
    reading ??= read(now).finally(() => (reading = undefined));
    return reading;
  }

  /** the census to answer `query` with, if it knows the query's filters and is young enough */
  function usable(query: CatalogueQuery, now: Date): Snapshot | undefined {
    // filters it does not know: no answer, and no reason to read it again
    if (query.search || query.location || query.ids || query.healthTested || query.verifiedSellers) return undefined;
    const at = now.getTime();
    if (!snapshot || at - snapshot.takenAtMs >= REFRESH_MS)
      refresh(now).catch((error: unknown) => log.warn(`catalogue census: ${String(error)}`));
    // a listing counted must still be unexpired now: the census is only used within its lifetime
    if (!snapshot || at < snapshot.takenAtMs || at - snapshot.takenAtMs >= LIFETIME_MS) return undefined;
    return snapshot;
  }

  return {
    refresh,
    radius(query, now) {
      if (!query.near || query.near.miles === null) return undefined;
      const snapshot = usable(query, now);
      return snapshot && radiusCensus(snapshot, query);
    },
    figures(query, now) {
      if (query.near) return undefined;
      const snapshot = usable(query, now);
      return snapshot && figuresOf(snapshot, query);
    },
    async close() {
      closed = true;
      await reading?.catch(() => undefined);
    },
    shows(query, now, bound) {
      // the places know no breed: a bound of theirs would be an estimate
      if (query.near && query.breedIds) return false;
      const snapshot = usable(query, now);
      if (!snapshot) return false;
      if (query.near)
        return placesShow(
          snapshot.places,
          query,
          query.minPrice ?? 0,
          query.maxPrice ?? Number.MAX_SAFE_INTEGER,
          bound,
        );
      return figuresOf(snapshot, query).low > bound;
    },
  };
}

/** the first of `places` (by latitude) at or north of `latitude` */
function firstFrom(places: readonly Place[], latitude: number): number {
  let lo = 0;
  let hi = places.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (places[mid]!.latitude < latitude) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Each place in the box of `miles` around `near`, with its distance when it is within them: a little
 * inside the radius, so a place on its edge, which the query's own test may leave out, is never counted.
 * The callback returns true to stop.
 */
function eachPlaceIn(
  places: readonly Place[],
  near: { latitude: number; longitude: number },
  miles: number,
  visit: (place: Place, distance: number | undefined) => boolean | void,
): void {
  const box = boundingBox(near, miles);
  for (let i = firstFrom(places, box.minLat); i < places.length; i++) {
    const place = places[i]!;
    if (place.latitude > box.maxLat) return;
    if (place.longitude < box.minLon || place.longitude > box.maxLon) continue;
    const distance = distanceMiles(near, place);
    if (visit(place, distance > miles * 0.999 ? undefined : distance)) return;
  }
}

/** a query's matches (by the price bands) and the listings of its status and breeds, from the census's cells */
function figuresOf(snapshot: Snapshot, query: CatalogueQuery): CatalogueFigures {
  const min = query.minPrice ?? 0;
  const max = query.maxPrice ?? Number.MAX_SAFE_INTEGER;
  const breeds = query.breedIds && new Set(query.breedIds);
  const figures: CatalogueFigures = { low: 0, high: 0, walked: 0 };
  for (const [status, genders] of snapshot.cells) {
    if (query.status && status !== query.status) continue;
    for (const [gender, byBreed] of genders)
      for (const [breed, bands] of byBreed) {
        if (breeds && !breeds.has(breed)) continue;
        figures.walked += allOf(bands);
        if (query.gender && gender !== query.gender) continue;
        const some = priced(bands, min, max);
        figures.low += some.low;
        figures.high += some.high;
      }
  }
  return figures;
}

/** a place's listings of the query's status and gender: those wholly inside its price range, and all it touches */
function placeMatches(place: Place, query: CatalogueQuery, min: number, max: number): { low: number; high: number } {
  let low = 0;
  let high = 0;
  for (const [status, genders] of place.cells) {
    if (query.status && status !== query.status) continue;
    for (const [gender, bands] of genders) {
      if (query.gender && gender !== query.gender) continue;
      const some = priced(bands, min, max);
      low += some.low;
      high += some.high;
    }
  }
  return { low, high };
}

/** whether the places within the query's radius plainly hold more than `bound` of its listings */
function placesShow(places: readonly Place[], query: CatalogueQuery, min: number, max: number, bound: number): boolean {
  const near = query.near!;
  let seen = 0;
  const count = (place: Place) => (seen += placeMatches(place, query, min, max).low) > bound;
  // no radius: every place
  if (near.miles === null) return places.some(count);
  eachPlaceIn(places, near, near.miles, (place, distance) => distance !== undefined && count(place));
  return seen > bound;
}

/** the listings of the query's status (all of them, without one) */
function ofStatus(snapshot: Snapshot, query: CatalogueQuery): number {
  if (query.status) return snapshot.ofStatus.get(query.status) ?? 0;
  return [...snapshot.ofStatus.values()].reduce((sum, n) => sum + n, 0);
}

/** the share of the query's status's listings its breeds hold (1 without breeds) */
function breedShare(snapshot: Snapshot, query: CatalogueQuery): number {
  if (!query.breedIds) return 1;
  const all = ofStatus(snapshot, query);
  if (all === 0) return 0;
  const breeds = new Set(query.breedIds);
  let of = 0;
  for (const [status, genders] of snapshot.cells) {
    if (query.status && status !== query.status) continue;
    for (const byBreed of genders.values())
      for (const breed of breeds) {
        const bands = byBreed.get(breed);
        if (bands) of += allOf(bands);
      }
  }
  return of / all;
}

function radiusCensus(snapshot: Snapshot, query: CatalogueQuery): RadiusCensus {
  const near = query.near!;
  const miles = near.miles!;
  const min = query.minPrice ?? 0;
  const max = query.maxPrice ?? Number.MAX_SAFE_INTEGER;
  const share = breedShare(snapshot, query);
  let low = 0;
  let high = 0;
  let inBox = 0;
  /** the places within the radius, nearest first once sorted: their distance and matches (by `low`) */
  const placed: { distance: number; low: number }[] = [];
  eachPlaceIn(snapshot.places, near, miles, (place, distance) => {
    inBox += place.listings;
    if (distance === undefined) return;
    const matches = placeMatches(place, query, min, max);
    low += matches.low;
    high += matches.high;
    placed.push({ distance, low: matches.low * share });
  });
  placed.sort((a, b) => a.distance - b.distance);
  return {
    low: low * share,
    high: high * share,
    inBox,
    ofStatus: ofStatus(snapshot, query) * share,
    ring(need) {
      let seen = 0;
      for (const { distance, low } of placed) {
        seen += low;
        if (seen < need) continue;
        // a mile past the place, so the query's own test of it never falls on the edge
        const ringMiles = Math.ceil(distance) + 1;
        let listings = 0;
        eachPlaceIn(snapshot.places, near, ringMiles, (place) => void (listings += place.listings));
        return { miles: ringMiles, inBox: listings };
      }
      return undefined;
    },
  };
}
