// The public catalogue in SQL: filters, keyword search, sort, a capped page and a capped total
// (repositories.ts CatalogueQuery; indexes in migrations/0001-initial.sql and 0006; decisions 0076, 0100).
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Puppy } from '../../domain/model.ts';
import { GENDER_WORDS, pageSize, REGION_NAMES, searchTokens } from '../catalogue-search.ts';
import { CATALOGUE_TOTAL_CAP, type CatalogueQuery, type CataloguePage } from '../repositories.ts';
import type { Database, Db } from './schema.ts';

/** a LIKE pattern that finds `text` anywhere, with its own %, _ and backslash taken literally */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The page and the capped count (exported for the benchmark's EXPLAIN). Public = expires_at > now
 * (the app's clock). A word of the search matches the listing's own words through the
 * puppies_search trigram index, or its breed's words through the puppies_breed_cover index. The total is
 * counted only up to CATALOGUE_TOTAL_CAP + 1 rows, so a broad filter at a million listings costs a
 * bounded count, not a full one.
 */
export function catalogueQueries(db: Db, query: CatalogueQuery, now: Date) {
  const tokens = searchTokens(query.search);
  const location = query.location?.toLowerCase();
  // issue 15: a listing a moderator hid is not public
  let base = db.selectFrom('puppies').where('expiresAt', '>', now.toISOString()).where('hiddenAt', 'is', null);
  if (query.breedIds) base = base.where('breedId', 'in', query.breedIds.length ? [...query.breedIds] : [-1]);
  if (query.minPrice !== undefined) base = base.where('price', '>=', query.minPrice);
  if (query.maxPrice !== undefined) base = base.where('price', '<=', query.maxPrice);
  if (query.gender) base = base.where('gender', '=', query.gender);
  if (query.status) base = base.where('status', '=', query.status);
  if (query.featured) base = base.where('featured', '=', true);
  if (location) {
    base = REGION_NAMES.has(location)
      ? base.where('region', '=', location as NonNullable<Puppy['region']>)
      : base.where(sql<string>`lower(location)`, 'like', containing(location));
  }
  for (const token of tokens) {
    const gender = GENDER_WORDS[token];
    if (gender) {
      base = base.where('gender', '=', gender);
      continue;
    }
    const pattern = containing(token);
    base = base.where((eb) =>
      eb.or([
        eb(sql<string>`puppy_search_text(puppies.name, puppies.location, puppies.region, puppies.colors)`, 'like', pattern),
        // = ANY(ARRAY(…)): an array the planner can feed to the puppies_breed_cover index (an IN subquery
        // would become a filter, and the OR a scan of every listing)
        sql<boolean>`puppies.breed_id = ANY(ARRAY(SELECT id FROM breeds WHERE lower(name || ' ' || size || ' ' || array_to_string(temperament, ' ')) LIKE ${pattern}))`,
      ]),
    );
  }
  const sorted = <Q extends SelectQueryBuilder<Database, 'puppies', object>>(q: Q): Q => {
    let out = q;
    if (query.sort === 'price-asc') out = out.orderBy('price', 'asc') as Q;
    else if (query.sort === 'price-desc') out = out.orderBy('price', 'desc') as Q;
    else if (query.sort === 'age-asc') out = out.orderBy('age', 'asc') as Q;
    return out.orderBy('id', 'desc') as Q;
  };
  // The page's ids first, from an index alone (migration 0006), then its rows by id: filtering inside
  // the index skips the thousands of listing rows a narrow filter would otherwise visit and drop.
  const ids = sorted(base.select('puppies.id')).limit(pageSize(query.limit)).offset(query.offset ?? 0);
  return {
    page: sorted(db.selectFrom('puppies').selectAll('puppies').where('id', 'in', ids)),
    count: db.selectFrom(base.select('puppies.id').limit(CATALOGUE_TOTAL_CAP + 1).as('m')).select((eb) => eb.fn.countAll<number>().as('n')),
  };
}

export async function searchPublic(db: Db, query: CatalogueQuery, now: Date): Promise<CataloguePage> {
  const { page, count } = catalogueQueries(db, query, now);
  const items = await page.execute();
  // A page that is not full is the end of the matches: the total follows without a count (the long
  // tail's narrow filters mostly end here). Only a full page, or an empty one past the start, counts.
  const offset = query.offset ?? 0;
  const ended = items.length < pageSize(query.limit) && (items.length > 0 || offset === 0);
  const total = ended ? offset + items.length : Number((await count.executeTakeFirstOrThrow()).n);
  return { items, total: Math.min(total, CATALOGUE_TOTAL_CAP), totalCapped: total > CATALOGUE_TOTAL_CAP };
}
