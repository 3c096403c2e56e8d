// The async repositories on PostgreSQL (domain/store/, docs/decisions/0076). Each rule the domain
// used to check-then-change is one statement here that only one caller can win: a unique constraint
// (usernames, one live order per puppy, event ids, favourites, one application per user) or an
// UPDATE … WHERE <the state it may change from> … RETURNING, which under READ COMMITTED re-checks
// its WHERE on the row a concurrent winner committed. Times come in as `now` (the app's clock).
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import type pg from 'pg';
import type { Store, JobLeases, RateLimitCounters, Repositories } from '../../domain/store/index.ts';
import { createAnnouncements } from './announcements.ts';
import { createCatalogueCensus, type CatalogueCensus } from './catalogue-census.ts';
import { createPreparedStatements, type PreparedStatements } from './prepared-statements.ts';
import { postgresReadiness } from './readiness.ts';
import { createPagesPool } from './pool.ts';
import { accountRepositories } from './repositories/accounts.ts';
import { breederRepositories } from './repositories/breeders.ts';
import { conversationRepositories } from './repositories/conversations.ts';
import { listingRepositories } from './repositories/listings.ts';
import { parentRepositories } from './repositories/parents.ts';
import { paymentRepositories } from './repositories/payments.ts';
import { payoutRepositories } from './repositories/payouts.ts';
import type { Kept } from './repositories/shared.ts';
import { reviewRepositories } from './repositories/reviews.ts';
import { featureRepositories } from './repositories/features.ts';
import { savedSearchRepositories } from './repositories/saved-searches.ts';
import { insightRepositories } from './repositories/insights.ts';
import { siteRepositories } from './repositories/site.ts';
import type { Database, Db } from './schema.ts';
import type { Log } from '../../logging/log.ts';

/** every repository on one connection or transaction, one file per area (repositories/*.ts) */
function repositories(db: Db, kept: Kept): Repositories {
  return {
    ...accountRepositories(db, kept),
    ...listingRepositories(db, kept),
    ...paymentRepositories(db),
    ...payoutRepositories(db),
    ...conversationRepositories(db),
    ...siteRepositories(db),
    ...breederRepositories(db, kept),
    ...reviewRepositories(db),
    ...parentRepositories(db),
    ...savedSearchRepositories(db),
    ...featureRepositories(db),
    ...insightRepositories(db),
  };
}

/** decision 0093: one statement per hit, so two processes counting one key at once both count */
function rateLimitCounters(db: Kysely<Database>): RateLimitCounters {
  return {
    hit: async (key, windowMs, now) => {
      const at = now.toISOString();
      const ends = new Date(now.getTime() + windowMs).toISOString();
      const row = await db
        .insertInto('rateLimitHits')
        .values({ key, windowEndsAt: ends, hits: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`CASE WHEN rate_limit_hits.window_ends_at <= ${at} THEN 1 ELSE rate_limit_hits.hits + 1 END`,
            windowEndsAt: sql<string>`CASE WHEN rate_limit_hits.window_ends_at <= ${at} THEN ${ends}::timestamptz ELSE rate_limit_hits.window_ends_at END`,
          }),
        )
        .returning(['hits', 'windowEndsAt'])
        .executeTakeFirstOrThrow();
      return { hits: row.hits, windowEndsAt: new Date(row.windowEndsAt) };
    },
    unhit: async (key) => {
      await db
        .updateTable('rateLimitHits')
        .set({ hits: sql<number>`greatest(hits - 1, 0)` })
        .where('key', '=', key)
        .execute();
    },
    reset: async (key) => {
      await db.deleteFrom('rateLimitHits').where('key', '=', key).execute();
    },
    sweep: async (before) =>
      Number(
        (await db.deleteFrom('rateLimitHits').where('windowEndsAt', '<', before.toISOString()).executeTakeFirst())
          .numDeletedRows,
      ),
  };
}

function jobLeases(db: Kysely<Database>): JobLeases {
  return {
    // One statement decides: the upsert only touches the row when the last run is old enough, and
    // RETURNING says whether this caller's write happened. Row locks order concurrent claims.
    claim: async (name, minGapMs, now) => {
      const at = now.toISOString();
      const due = new Date(now.getTime() - minGapMs).toISOString();
      const row = await db
        .insertInto('jobLeases')
        .values({ name, startedAt: at })
        .onConflict((oc) => oc.column('name').doUpdateSet({ startedAt: at }).where('jobLeases.startedAt', '<=', due))
        .returning('name')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

/** Kysely on the pool's connections as the store's prepared statements see them (decision 0103) */
function createKysely(prepared: PreparedStatements): Kysely<Database> {
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: prepared.kyselyPool }),
    plugins: [new CamelCasePlugin()],
  });
}

/**
 * The catalogue's page texts named on each connection of a pool: a filter mix is a text, and the long
 * tail's come to a few dozen; a rarer one past these runs unnamed (decisions 0139, 0140).
 */
const MAX_NAMED_PAGES = 200;

export interface PostgresStoreParts {
  /** where the background parts report trouble */
  log?: Log;
  /** the catalogue's census (decision 0102), when the caller reads it itself; the store closes it */
  census?: CatalogueCensus;
}

/**
 * The repositories on a pool (pool.ts); close() ends the pool. The store's prepared statements and its
 * census are made here, once, and handed to the repositories that use them (repositories/shared.ts Kept).
 */
export function createPostgresRepositories(
  pool: pg.Pool,
  { log = console, census = createCatalogueCensus(pool, log) }: PostgresStoreParts = {},
): Store {
  const prepared = createPreparedStatements(pool);
  const db = createKysely(prepared);
  const pagesPool = createPagesPool(pool);
  const pages = createPreparedStatements(pagesPool, { maxNames: MAX_NAMED_PAGES });
  const planned = createPreparedStatements(pool, { maxNames: MAX_NAMED_PAGES });
  const kept: Kept = { prepared, census, pages, planned };
  const announcements = createAnnouncements(pool, log);
  let closed = false;
  return {
    ...repositories(db, kept),
    transaction: (fn) => db.transaction().execute((trx) => fn(repositories(trx, kept))),
    rateLimits: rateLimitCounters(db),
    jobLeases: jobLeases(db),
    announcements,
    // closed: the process is stopping, whatever the database would say (as on lowdb)
    ready: () => (closed ? Promise.resolve({ ok: false as const, reason: 'store closed' }) : postgresReadiness(pool)),
    close: async () => {
      closed = true;
      await kept.census.close();
      // the LISTEN connection first: the pool ends only once every connection is back
      await announcements.close();
      await db.destroy();
      if (!pagesPool.ended) await pagesPool.end();
      // Kysely ends the pool only if it ever ran a query through it
      if (!pool.ended) await pool.end();
    },
  };
}
