// The public catalogue in SQL: filters, keyword search, sort, a capped page and a capped total
// (domain/store/listings.ts CatalogueQuery; indexes in migrations/0001-initial.sql and 0006; decisions 0076, 0100).
//
// The one hot path written as SQL text and run on the pool rather than through the query builder: it
// runs on every list request with a new filter mix, and Kysely's building, compiling and row renaming
// cost about 0.5 ms of CPU a request, a third of the whole answer (decision 0102). The page reads each
// listing's stored card (decision 0105). A read of committed public rows, it needs no caller's
// transaction.
import type { Breed } from '../../domain/model.ts';
import { breedText, GENDER_WORDS, pageSize, REGION_NAMES, searchTokens } from '../../domain/store/catalogue-search.ts';
import {
  CATALOGUE_TOTAL_CAP,
  type CatalogueCard,
  type CatalogueQuery,
  type CataloguePage,
} from '../../domain/store/index.ts';
import type { CatalogueCensus } from './catalogue-census.ts';
import { boundingBox, EARTH_RADIUS_MILES } from '../../domain/zip-gazetteer.ts';
import type { PreparedStatements } from './prepared-statements.ts';
import { nearRoute, type NearRoute } from './catalogue-near.ts';
import { walksNewest } from './catalogue-newest.ts';

/** the largest value of an integer column (PostgreSQL's `integer`) */
const INT_MAX = 2_147_483_647;

/** a LIKE pattern that finds `text` anywhere, with its own %, _ and backslash taken literally */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** a statement and its parameters, as pool.query takes them */
interface Statement {
  text: string;
  values: unknown[];
}

const ORDER = {
  newest: 'id DESC',
  'price-asc': 'price ASC, id DESC',
  'price-desc': 'price DESC, id DESC',
  'age-asc': 'age ASC, id DESC',
  // The seller's rating from its summary row (decision 0119), joined in the ids query only: the better
  // average first, then the more reviews; sellers without a review last.
  rating:
    'r.rating_sum::float8 / nullif(r.review_count, 0) DESC NULLS LAST, r.review_count DESC NULLS LAST, puppies.id DESC',
  // `distance` (with `near` only; else the newest) is ordered by its own statement (catalogueQueries)
} as const;

/** a point as the unit vector place_x, place_y, place_z hold for a listing (migration 0025) */
function unitVector({ latitude, longitude }: { latitude: number; longitude: number }): [number, number, number] {
  const lat = (latitude * Math.PI) / 180;
  const lon = (longitude * Math.PI) / 180;
  return [Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)];
}

/** a nearest-first page over a wider radius reads this ring first (catalogueQueries) */
const NEAREST_RING_MILES = 25;

/**
 * The miles from a point (two parameters, in degrees) to the listing's ZIP centre: the haversine, with
 * the same Earth radius as domain/zip-gazetteer.ts (3958.8 miles), so both stores draw the same line.
 */
const haversine = (lat: string, lon: string) =>
  `(7917.6 * asin(least(1, sqrt(power(sin(radians(latitude - ${lat}) / 2), 2) + ` +
  `cos(radians(${lat})) * cos(radians(latitude)) * power(sin(radians(longitude - ${lon}) / 2), 2)))))`;

/** the filter's conditions and the pieces of the distance test, their values given to `param` */
interface Filtering {
  filter: string;
  /** the filter without the radius (the nearest-first ring adds its own) */
  unbounded: string;
  /** how near a listing is to `near`: the dot product of their places on the unit sphere (migration 0025) */
  closeness: string;
  /** the exact test of `miles` around `near` */
  radius: (miles: number) => string;
  /** the box of `miles` around `near`, as conditions on the place index */
  boxOf: (miles: number) => string[];
}

/**
 * The WHERE clause of `query`. Public = expires_at > now (the app's clock). A word of the search
 * matches the listing's own words through the puppies_search trigram index, or its breed's words
 * (`breeds`, matched here) through the puppies_breed_cover index. A radius is read as `way` says
 * (catalogue-near.ts): its box, or only its exact test, so a walk of a newest-first index is all the
 * planner can do; a walk without distance tests its price as no index serves either (decision 0140).
 * Each value becomes a parameter through `param`, so one statement's page and count can each have their
 * own.
 */
function filtering(
  query: CatalogueQuery,
  now: Date,
  breeds: readonly Breed[],
  param: (value: unknown) => string,
  way: 'box' | 'walk',
): Filtering {
  // a listing a moderator hid is not public (decision 0092)
  const where = [`expires_at > ${param(now.toISOString())}`, 'hidden_at IS NULL'];
  // One breed is an equality, which the breed indexes serve in id order; = ANY(array) would not keep
  // that order, so the planner would walk every breed's newest listings instead (5.5 against 0.7 ms).
  if (query.breedIds)
    where.push(
      query.breedIds.length === 1
        ? `breed_id = ${param(query.breedIds[0])}`
        : `breed_id = ANY(${param(query.breedIds)})`,
    );
  // Prices are whole dollars in an integer column: a bound is the whole dollar inside it (a listing at
  // $101 is the first at least $100.50, as lowdb compares), and at most the column's largest value, so
  // a parameter is always one the column's type takes.
  const min = query.minPrice === undefined ? undefined : Math.min(Math.ceil(query.minPrice), INT_MAX);
  const max = query.maxPrice === undefined ? undefined : Math.min(Math.floor(query.maxPrice), INT_MAX);
  // A walk without distance tests the price as a range that contains it, which no index serves: walking
  // the newest-first index is then the only way to read the statement, so it may be planned once
  // (decision 0140). (A distance walk is planned for its values, which may still prefer a price range.)
  if (way === 'walk' && !query.near && (min !== undefined || max !== undefined))
    where.push(`int4range(${param(min ?? null)}, ${param(max ?? null)}, '[]') @> price`);
  else {
    if (min !== undefined) where.push(`price >= ${param(min)}`);
    if (max !== undefined) where.push(`price <= ${param(max)}`);
  }
  if (query.gender) where.push(`gender = ${param(query.gender)}`);
  if (query.status) where.push(`status = ${param(query.status)}`);
  // the listings featured now (decision 0134): a few primary keys
  if (query.ids) where.push(`id = ANY(${param(query.ids)}::int[])`);
  // the listing's own flag, kept when its parents' tests change (decision 0121; puppies_health_tested)
  if (query.healthTested) where.push('health_tested');
  // Identity verified (decision 0118): a semi-join over the payout accounts, which are one per seller
  if (query.verifiedSellers)
    where.push(
      `user_id IN (SELECT a.user_id FROM payout_accounts a WHERE a.status = 'payouts_enabled' AND NOT EXISTS (` +
        `SELECT 1 FROM badge_revocations r WHERE r.user_id = a.user_id AND r.badge = 'identity_verified' AND r.lifted_at IS NULL))`,
    );
  const location = query.location?.toLowerCase();
  if (location)
    where.push(
      REGION_NAMES.has(location)
        ? `region = ${param(location)}`
        : `lower(location) LIKE ${param(containing(location))}`,
    );
  for (const token of searchTokens(query.search)) {
    const gender = GENDER_WORDS[token];
    if (gender) {
      where.push(`gender = ${param(gender)}`);
      continue;
    }
    // The breeds whose words hold the token, as values the planner sees: a word no breed has is the
    // trigram index alone, and breed ids become a bitmap of the puppies_breed_cover index beside it. (A
    // breed subquery here, unknown when planning, made the planner walk every listing newest first: a
    // town's name took 25 ms on average at 100,000 listings, now 6–9 ms; decision 0104.)
    const own = `puppy_search_text(name, location, region, colors) LIKE ${param(containing(token))}`;
    const ids = breeds.filter((breed) => breedText(breed).includes(token)).map((breed) => breed.id);
    where.push(ids.length === 0 ? own : `(${own} OR breed_id = ANY(${param(ids)}))`);
  }
  // Distance (decision 0129): the bounding box is a range per band of the puppies_near_cover index
  // (migrations 0025, 0026), which holds the other filters' columns; the exact distance then decides. The
  // box's bands, latitudes and longitudes are plain values the planner sees. Which of the box or a
  // newest-first walk a statement reads is the route's (catalogue-near.ts, decision 0139).
  let closeness = '';
  let boxOf = (_miles: number): string[] => [];
  let radius = (_miles: number) => '';
  let unbounded = '';
  if (query.near) {
    const near = query.near;
    where.push('latitude IS NOT NULL');
    const [x, y, z] = unitVector(near);
    closeness = `(place_x * ${param(x)} + place_y * ${param(y)} + place_z * ${param(z)})`;
    radius = (miles) => `${closeness} >= ${param(Math.cos(miles / EARTH_RADIUS_MILES))}`;
    boxOf = (miles) => {
      const box = boundingBox(near, miles);
      // the box's one-degree bands of latitude, each a range of the place index (migration 0025)
      const bands = Array.from(
        { length: Math.floor(box.maxLat) - Math.floor(box.minLat) + 1 },
        (_, i) => Math.floor(box.minLat) + i,
      );
      // (the bands stand for the box's latitudes: naming both, the planner would count that limit twice)
      return [
        `floor(latitude)::integer = ANY(${param(bands)}::integer[])`,
        `longitude BETWEEN ${param(box.minLon)} AND ${param(box.maxLon)}`,
      ];
    };
    unbounded = where.join(' AND ');
    if (near.miles !== null) {
      where.push(radius(near.miles));
      // a walk reads the radius's exact test alone: no box the planner could read instead
      if (way === 'box') where.push(...boxOf(near.miles));
    }
  }
  return { filter: where.join(' AND '), unbounded, closeness, radius, boxOf };
}

/**
 * The page and the capped count (exported for the benchmark's EXPLAIN). The total is counted only up
 * to CATALOGUE_TOTAL_CAP + 1 rows, so a broad filter at a million listings costs a bounded count, not
 * a full one. `route`: how a distance query reads (catalogue-near.ts); without one, its box. `walk`: a
 * newest-first page without distance is read by walking (catalogue-newest.ts), its count as any other.
 */
export function catalogueQueries(
  query: CatalogueQuery,
  now: Date,
  breeds: readonly Breed[],
  { counted = false, route, walk = false }: { counted?: boolean; route?: NearRoute; walk?: boolean } = {},
): { page: Statement; count: Statement } {
  /** a statement's values, and the next one's placeholder ($1, $2, …) */
  const parameters = () => {
    const values: unknown[] = [];
    return { values, param: (value: unknown) => `$${values.push(value)}` };
  };
  const capped = (f: string) =>
    `SELECT count(*) FROM (SELECT 1 FROM puppies WHERE ${f} LIMIT ${CATALOGUE_TOTAL_CAP + 1}) AS m`;
  /**
   * The page, and the count on its own (an empty page past the start), which carries the cards' facts
   * version the page could not. The count is written only when asked for: a list seldom needs it.
   */
  const statements = (page: Statement) => ({
    page,
    get count(): Statement {
      const alone = parameters();
      const { filter } = filtering(query, now, breeds, alone.param, route?.count ?? 'box');
      return {
        text: `SELECT (${capped(filter)}) AS n, (SELECT version FROM card_facts) AS facts`,
        values: alone.values,
      };
    },
  });
  const { values, param } = parameters();
  const pageWay = route?.page ?? (walk ? 'walk' : 'box');
  const countWay = route?.count ?? 'box';
  const { filter, unbounded, closeness, radius, boxOf } = filtering(query, now, breeds, param, pageWay);
  const sort = query.sort === 'distance' && !query.near ? 'newest' : (query.sort ?? 'newest');
  // the count in the page's statement: its filter, or its own when the page and count read differently
  const countFilter = !counted || countWay === pageWay ? filter : filtering(query, now, breeds, param, countWay).filter;
  // The page's ids first, from an index alone (migration 0006), then its rows by id: filtering inside
  // the index skips the thousands of listing rows a narrow filter would otherwise visit and drop.
  // = ANY(ARRAY(…)) rather than IN (…): the ids become an init plan of their own and the rows a primary
  // key lookup, with no join for the planner to weigh (0.05 ms less planning, 0.04 ms less running).
  const window = `LIMIT ${param(pageSize(query.limit))} OFFSET ${param(query.offset ?? 0)}`;
  // the miles the page's cards show
  const distance = query.near ? haversine(param(query.near.latitude), param(query.near.longitude)) : '';
  // Each row's stored card (migration 0008): one text column, sent on as it is (decision 0105).
  const card = `breed_id AS "breedId", user_id AS "userId", card AS json${distance ? `, ${distance} AS distance` : ''}`;
  if (route?.gathered && counted) {
    // A narrow radius's matches are read once, for the page and its whole count (decision 0139). The
    // statement answers one row even for a page past the end: no listing in it (its card NULL), but
    // the count and the facts' version, which would otherwise take a statement of their own.
    const order = sort === 'distance' ? 'c DESC, id DESC' : 'id DESC';
    const page =
      `SELECT ${card}, o.n AS place ` +
      `FROM unnest(ARRAY(SELECT id FROM matches ORDER BY ${order} ${window})) WITH ORDINALITY AS o(id, n) JOIN puppies ON puppies.id = o.id`;
    return statements({
      text:
        `WITH matches AS MATERIALIZED (SELECT id, ${closeness} AS c FROM puppies WHERE ${filter}) ` +
        `SELECT p."breedId", p."userId", p.json${distance ? ', p.distance' : ''}, ` +
        `(SELECT version FROM card_facts) AS facts, (SELECT count(*) FROM matches) AS n ` +
        `FROM (SELECT 1) AS one LEFT JOIN LATERAL (${page}) AS p ON true ORDER BY p.place`,
      values,
    });
  }
  // The cards' facts version (migration 0024) and, when `counted`, the capped count are read in the
  // page's own statement and snapshot: init plans, run once, so the page is one round trip (decision 0138).
  const columns =
    `${card}, (SELECT version FROM card_facts) AS facts` + (counted ? `, (${capped(countFilter)}) AS n` : '');
  if (sort === 'distance') {
    // the nearest ids, in order, then their rows in that order
    let nearest = `SELECT id FROM puppies WHERE ${filter} ORDER BY ${closeness} DESC, id DESC ${window}`;
    const miles = query.near?.miles ?? null;
    const ringMiles = route
      ? route.ringMiles
      : miles !== null && miles > NEAREST_RING_MILES * 2
        ? NEAREST_RING_MILES
        : undefined;
    if (ringMiles !== undefined) {
      // Nearest first over a wide radius sorts every match in it (a 500-mile radius: thousands). A ring
      // is read first, as wide as the census shows the page needs (decision 0139; without a census,
      // NEAREST_RING_MILES): when it holds the page and all before it, those are the nearest, since every
      // listing outside it is farther. Only otherwise is the whole radius read: its branch's one-time
      // filter is false while the ring holds enough (decision 0138).
      const upTo = param(pageSize(query.limit) + (query.offset ?? 0));
      const ringFilter = [unbounded, radius(ringMiles), ...boxOf(ringMiles)].join(' AND ');
      const firsts = (f: string) =>
        `SELECT id, ${closeness} AS c FROM puppies WHERE ${f} ORDER BY c DESC, id DESC LIMIT ${upTo}`;
      nearest =
        `WITH ring AS MATERIALIZED (${firsts(ringFilter)}) SELECT id FROM (` +
        `SELECT id, c FROM ring WHERE (SELECT count(*) FROM ring) >= ${upTo} UNION ALL ` +
        `SELECT id, c FROM (${firsts(filter)}) AS wide WHERE (SELECT count(*) FROM ring) < ${upTo}` +
        `) AS firsts ORDER BY c DESC, id DESC ${window}`;
    }
    return statements({
      text: `SELECT ${columns} FROM unnest(ARRAY(${nearest})) WITH ORDINALITY AS o(id, n) JOIN puppies ON puppies.id = o.id ORDER BY o.n`,
      values,
    });
  }
  const order = ORDER[sort];
  if (sort === 'rating') {
    // the rating lives on the seller's row, so the page keeps the ids' order (WITH ORDINALITY) instead of sorting again
    const ranked = `SELECT puppies.id FROM puppies LEFT JOIN seller_ratings r ON r.seller_id = puppies.user_id WHERE ${filter} ORDER BY ${order} ${window}`;
    return statements({
      text: `SELECT ${columns} FROM unnest(ARRAY(${ranked})) WITH ORDINALITY AS o(id, n) JOIN puppies ON puppies.id = o.id ORDER BY o.n`,
      values,
    });
  }
  const ids = `SELECT id FROM puppies WHERE ${filter} ORDER BY ${order} ${window}`;
  return statements({ text: `SELECT ${columns} FROM puppies WHERE id = ANY(ARRAY(${ids})) ORDER BY ${order}`, values });
}

/**
 * How far past the cap the census must see a filter's matches before the count is skipped. The census
 * may be up to 30 s old, and listings sold, hidden or deleted since then still count in it: "1,000+"
 * could only be wrong if this many listings of one filter left the catalogue within those seconds.
 */
const CENSUS_MARGIN = CATALOGUE_TOTAL_CAP / 2;

/** what the list runs on, the store's own (repositories/shared.ts Kept) */
export interface CatalogueParts {
  /** runs the count as a named statement (decision 0103) */
  prepared: PreparedStatements;
  /** spares a plainly broad filter its count (decision 0102) */
  census: CatalogueCensus;
  /** runs the page as a named statement on the pages' own pool, planned for its values (decision 0139) */
  pages: PreparedStatements;
  /** runs a page that can be read one way only as a named statement on the main pool, planned once (decision 0140) */
  planned: PreparedStatements;
}

/** `breeds` is read only for a search with words (the process keeps the list: listings.ts) */
export async function searchPublic(
  { prepared, census, pages, planned }: CatalogueParts,
  query: CatalogueQuery,
  now: Date,
  breeds: () => Promise<Breed[]>,
): Promise<CataloguePage> {
  // A filter the census already shows with far more matches than the cap is "1,000+" without a count
  // (decision 0102). Any other is counted in the page's own statement (decision 0138): a count of its
  // own was a second round trip on a quarter of the long tail, and a narrow filter's count, one the
  // page would have ended without, reads no more rows than its page.
  const capped = census.shows(query, now, CATALOGUE_TOTAL_CAP + CENSUS_MARGIN);
  // a distance query's way through the indexes, from the census of its radius (decision 0139)
  const radius = census.radius(query, now);
  // A page whose statement can be read one way only runs where named statements are planned once
  // (decision 0140): a newest-first page the census shows is best walked, written so it can only walk,
  // and a newest- or nearest-first distance page that reads its box (and counts in it), which its box's
  // bands and longitudes lead to the place index, whose entries hold all it reads. Any other page is
  // planned for its values (decision 0139).
  const figures = radius ? undefined : census.figures(query, now);
  const walk = figures !== undefined && walksNewest(query, figures);
  const route = radius && nearRoute(query, radius, !capped);
  const boxed =
    route !== undefined &&
    route.page === 'box' &&
    (capped || route.count === 'box') &&
    ((query.sort ?? 'newest') === 'newest' || query.sort === 'distance');
  const once = walk || boxed;
  // (the count on its own is written only if it is needed below)
  const statements = catalogueQueries(query, now, searchTokens(query.search).length > 0 ? await breeds() : [], {
    counted: !capped,
    walk,
    ...(route ? { route } : {}),
  });
  const { page } = statements;
  const rows = (
    await (once ? planned : pages).query<CatalogueCard & { facts?: number; n?: number }>(page.text, page.values)
  ).rows;
  // a gathered page past the end is one row with no listing, which carries the count
  const items = rows[0]?.json == null ? [] : rows;
  // every row carries the same version and count; the cards keep them, unread
  let factsStamp = rows[0]?.facts == null ? undefined : String(rows[0].facts);
  // A page that is not full is the end of the matches: the total follows from it.
  const offset = query.offset ?? 0;
  const ended = items.length < pageSize(query.limit) && (items.length > 0 || offset === 0);
  if (!ended && capped) return { items, total: CATALOGUE_TOTAL_CAP, totalCapped: true, factsStamp };
  let total: number;
  if (ended) total = offset + items.length;
  else if (rows.length > 0 && rows[0]!.n != null) total = Number(rows[0]!.n);
  else {
    // An empty page past the start has no row to carry the count: it is counted on its own. The count
    // is prepared unless it holds a keyword, a location or a distance: every plan of such a count is a
    // range scan of the index its filters lead with, so the plan made once for any values is the one
    // made for these (decision 0103). Those others are named where the pages are, and planned for
    // their values (decision 0139).
    const { count } = statements;
    const counting =
      !query.search && !query.location && !query.near
        ? prepared.query<{ n: number; facts: number }>(count.text, count.values)
        : pages.query<{ n: number; facts: number }>(count.text, count.values);
    const counted = (await counting).rows[0]!;
    total = Number(counted.n);
    factsStamp = counted.facts == null ? undefined : String(counted.facts);
  }
  return { items, total: Math.min(total, CATALOGUE_TOTAL_CAP), totalCapped: total > CATALOGUE_TOTAL_CAP, factsStamp };
}
