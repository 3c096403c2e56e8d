// The contract suite on PostgreSQL 15 (started by tests/support/postgres-server.ts), and the rules
// that must hold across processes: two pools (two processes' worth of connections) race for the
// same row at the same moment, many times, and exactly one wins each race.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { CARE_PACKAGE_CENTS } from '#contracts/plans.ts';
import type { DbShape } from '../../../../commerce-api/src/domain/model.ts';
import { recordAuthorisedPurchase, recordSucceededPurchase } from '../../../../commerce-api/src/domain/orders.ts';
import type { PaymentIntentSnapshot } from '../../../../commerce-api/src/payments/provider.ts';
import { COLLECTION_NAMES, createMemoryStorage, emptyDb } from '../../../../commerce-api/src/storage/index.ts';
import { createLowdbRepositories } from '../../../../commerce-api/src/storage/lowdb/repositories.ts';
import { importLowdb } from '../../../../commerce-api/src/storage/postgres/import-lowdb.ts';
import { loadMigrations, migrate, vacuumTargets } from '../../../../commerce-api/src/storage/postgres/migrate.ts';
import { createPagesPool, createPool } from '../../../../commerce-api/src/storage/postgres/pool.ts';
import {
  createCatalogueCensus,
  type CatalogueCensus,
} from '../../../../commerce-api/src/storage/postgres/catalogue-census.ts';
import { nearRoute, type NearRoute } from '../../../../commerce-api/src/storage/postgres/catalogue-near.ts';
import { walksNewest } from '../../../../commerce-api/src/storage/postgres/catalogue-newest.ts';
import { listingFields } from '../../../../commerce-api/src/domain/store/catalogue-search.ts';
import { distanceMiles, placedAt, zipCentre, zipOfPlace } from '../../../../commerce-api/src/domain/zip-gazetteer.ts';
import { catalogueQueries, searchPublic } from '../../../../commerce-api/src/storage/postgres/catalogue.ts';
import {
  createPreparedStatements,
  type PreparedStatements,
} from '../../../../commerce-api/src/storage/postgres/prepared-statements.ts';
import { createPostgresRepositories } from '../../../../commerce-api/src/storage/postgres/repositories.ts';
import { EVIDENCE } from '../../../../commerce-api/src/storage/postgres/repositories/breeders.ts';
import { queryPuppies } from '../../../../commerce-api/src/domain/puppy-catalogue.ts';
import type { Database } from '../../../../commerce-api/src/storage/postgres/schema.ts';
import {
  CATALOGUE_TOTAL_CAP,
  UsernameTakenError,
  type Store,
  type CatalogueQuery,
} from '../../../../commerce-api/src/domain/store/index.ts';
import { deleteListing } from '../../../../commerce-api/src/domain/listings.ts';
import { queueRepeatedFlags } from '../../../../commerce-api/src/domain/scam-queue.ts';
import { ConflictError } from '../../../../commerce-api/src/errors.ts';
import {
  buildBreeds,
  buildOrder,
  buildPayout,
  buildPayoutAccount,
  buildPuppy,
  buildUser,
} from '../../../support/factories.ts';
import { emptyingSql } from '../../../support/postgres-emptying.ts';
import { startPostgres, type TestPostgres } from '../../../support/postgres-server.ts';
import { describeStorageContract, listed, NOW } from './storage-contract.ts';
import { describeInsightsContract } from './insights-contract.ts';

let server: TestPostgres;
let pool: pg.Pool;
let storage: Store;
let emptying: string;

beforeAll(async () => {
  server = startPostgres();
  server.psql('CREATE DATABASE contract');
  pool = createPool({ connectionString: server.url('contract') });
  await migrate(pool, NOW);
  storage = createPostgresRepositories(pool);
  emptying = await emptyingSql(pool);
});

afterAll(async () => {
  await storage?.close();
  server?.stop();
});

/** a store with no rows: every table emptied, ids from 1, settings back to their defaults */
async function emptied(): Promise<Store> {
  await pool.query(emptying);
  return storage;
}

describeStorageContract('PostgreSQL', emptied);
describeInsightsContract('PostgreSQL', emptied);

describe('migrations', () => {
  it('apply once: a second run, even from several pools at once, finds nothing to do', async () => {
    const others = [1, 2, 3].map(() => createPool({ connectionString: server.url('contract'), max: 1 }));
    try {
      expect(await Promise.all(others.map((p) => migrate(p, NOW)))).toEqual([[], [], []]);
    } finally {
      await Promise.all(others.map((p) => p.end()));
    }
  });

  it('a database of the version before catalogue cards gains a card for every listing it holds (0008, 0009)', async () => {
    server.psql('CREATE DATABASE before_cards');
    const older = createPool({ connectionString: server.url('before_cards'), max: 1 });
    const store = createPostgresRepositories(older);
    try {
      // what the runner had applied before this version: migrations 0001–0007
      await older.query(
        'CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL)',
      );
      for (const m of (await loadMigrations()).filter((m) => m.version < 8)) {
        await older.query(m.sql);
        await older.query('INSERT INTO schema_migrations VALUES ($1, $2, $3)', [m.version, m.name, NOW]);
      }
      const { usernameKey: _k, ...row } = buildUser({ accountType: 'seller' }, NOW);
      const seller = await store.users.create(row);
      // the listing as that version held it: only the columns it had, so a column a later migration adds
      // (a new public field, decision 0110) does not stop the insert
      const had = await older.query<{ name: string }>(
        "SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'puppies'",
      );
      const columns = new Set(
        had.rows.map((c) => c.name.replace(/_(\w)/g, (_m, letter: string) => letter.toUpperCase())),
      );
      const built = buildPuppy(
        { userId: seller.id, name: 'Before cards', description: 'Said "hi"\nthen left' },
        undefined,
        { now: NOW },
      );
      const then = Object.fromEntries(Object.entries(built).filter(([name]) => columns.has(name))) as typeof built;
      const db = new Kysely<Database>({
        dialect: new PostgresDialect({ pool: older }),
        plugins: [new CamelCasePlugin()],
      });
      const { id } = await db.insertInto('puppies').values(then).returning('id').executeTakeFirstOrThrow();
      // every shipped migration from 8 on, whatever later ones add
      expect(await migrate(older, NOW)).toEqual((await loadMigrations()).map((m) => m.version).filter((v) => v >= 8));
      const puppy = (await store.puppies.get(id))!;
      expect(puppy).toMatchObject({ name: 'Before cards', description: 'Said "hi"\nthen left' });
      expect(listed(await store.puppies.searchPublic({ limit: 5 }, NOW))).toStrictEqual([listingFields(puppy)]);
      expect((await older.query('SELECT count(*)::int AS n FROM puppies WHERE card IS NULL')).rows[0]).toEqual({
        n: 0,
      });
      // 0009 wrote a new version of every listing; the runner's VACUUM ANALYZE (asked for by 0013, decision
      // 0115) leaves them vacuumed and with statistics, not waiting for autovacuum (whether VACUUM could
      // also mark them all-visible depends on other sessions' snapshots, so that is not read here)
      expect(
        (
          await older.query(
            `SELECT c.reltuples, s.last_vacuum IS NOT NULL AS vacuumed, s.last_analyze IS NOT NULL AS analysed
             FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid WHERE c.relname = 'puppies'`,
          )
        ).rows[0],
      ).toEqual({ reltuples: 1, vacuumed: true, analysed: true });
    } finally {
      await store.close();
    }
  });

  it("a database from before ZIP codes gets each listing's ZIP from its town and state, and its card (0017)", async () => {
    server.psql('CREATE DATABASE before_zips');
    const older = createPool({ connectionString: server.url('before_zips'), max: 1 });
    const store = createPostgresRepositories(older);
    try {
      await older.query(
        'CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL)',
      );
      for (const m of (await loadMigrations()).filter((m) => m.version < 17)) {
        await older.query(m.sql);
        await older.query('INSERT INTO schema_migrations VALUES ($1, $2, $3)', [m.version, m.name, NOW]);
      }
      const { usernameKey: _k, ...row } = buildUser({ accountType: 'seller' }, NOW);
      const seller = await store.users.create(row);
      const db = new Kysely<Database>({
        dialect: new PostgresDialect({ pool: older }),
        plugins: [new CamelCasePlugin()],
      });
      const insertAt = async (location: string) => {
        const {
          zip: _z,
          latitude: _la,
          longitude: _lo,
          ...then
        } = buildPuppy({ userId: seller.id, location }, undefined, {
          now: NOW,
        });
        return (
          await db
            .insertInto('puppies')
            .values(then as never)
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      };
      const denver = await insertAt('Denver, CO');
      const nowhere = await insertAt('Somewhere far');
      // 0017 and every migration after it (as the test of 0008's cards does above)
      expect(await migrate(older, NOW)).toEqual((await loadMigrations()).map((m) => m.version).filter((v) => v >= 17));
      expect(await store.puppies.get(denver)).toMatchObject({ ...placedAt(zipOfPlace('Denver, CO')) });
      expect((await store.puppies.get(denver))!.zip).toMatch(/^80\d{3}$/);
      expect(await store.puppies.get(nowhere)).toMatchObject({ zip: null, latitude: null, longitude: null });
      // the cards were written again with the ZIP (LISTING_FIELDS)
      const cards = listed(await store.puppies.searchPublic({ limit: 5 }, NOW));
      expect(cards).toStrictEqual([
        listingFields((await store.puppies.get(nowhere))!),
        listingFields((await store.puppies.get(denver))!),
      ]);
    } finally {
      await store.close();
    }
  });

  it('a migration asks for VACUUM ANALYZE of the tables it fills on a line of its own', () => {
    expect(
      vacuumTargets('UPDATE puppies SET card = puppy_card(puppies);\n-- vacuum analyze: puppies, users\n'),
    ).toEqual(['puppies', 'users']);
    expect(vacuumTargets('-- the cards (no vacuum analyze: here)\nUPDATE puppies SET card = NULL;')).toEqual([]);
    expect(() => vacuumTargets('-- vacuum analyze: puppies; DROP TABLE users')).toThrow(/is not a table name/);
  });

  it('several processes migrating a new database at once apply each migration exactly once', async () => {
    server.psql('CREATE DATABASE fresh');
    const pools = [1, 2, 3].map(() => createPool({ connectionString: server.url('fresh'), max: 1 }));
    try {
      const shipped = (await loadMigrations()).map((m) => m.version);
      expect(shipped.length).toBeGreaterThan(1);
      const applied = await Promise.all(pools.map((p) => migrate(p, NOW)));
      expect(applied.flat()).toEqual(shipped);
      const rows = await pools[0]!.query('SELECT version, applied_at FROM schema_migrations ORDER BY version');
      expect(rows.rows).toEqual(shipped.map((version) => ({ version, applied_at: NOW.toISOString() })));
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });

  it('give the catalogue search a trigram index that a keyword query uses', async () => {
    const plan = await pool.query(
      `SET enable_seqscan = off; EXPLAIN SELECT id FROM puppies WHERE puppy_search_text(name, location, region, colors) LIKE '%corgi%'`,
    );
    const lines = (plan as unknown as pg.QueryResult[])[1]!.rows
      .map((r: Record<string, string>) => r['QUERY PLAN'])
      .join('\n');
    await pool.query('RESET enable_seqscan');
    expect(lines).toContain('puppies_search');
  });
});

describe('timestamps', () => {
  // pool.ts turns PostgreSQL's text into the model's ISO strings without Date for the UTC form; every
  // form PostgreSQL writes must come back as Date would have made it
  it('come back as the ISO string Date makes, whatever their fraction and the session time zone', async () => {
    const written = [
      '2026-11-25T23:10:05.000Z',
      '2026-11-25T23:10:05.100Z',
      '2026-11-25T23:10:05.120Z',
      '2026-11-25T23:10:05.123Z',
      '1999-12-31T23:59:59.999Z',
    ];
    const micro = ['2026-11-25 23:10:05.123456+00', '2026-11-25 23:10:05.000001+00'];
    const client = await pool.connect();
    try {
      for (const zone of ['UTC', 'Asia/Kolkata', 'America/St_Johns']) {
        await client.query(`SET TimeZone = '${zone}'`);
        const rows = (
          await client.query('SELECT t FROM unnest($1::timestamptz[]) AS t', [[...written, ...micro]])
        ).rows.map((r: { t: string }) => r.t);
        expect(rows, zone).toEqual([...written, ...micro.map((m) => new Date(m).toISOString())]);
      }
    } finally {
      await client.query('RESET TimeZone');
      client.release();
    }
    expect(micro.map((m) => new Date(m).toISOString())).toEqual([
      '2026-11-25T23:10:05.123Z',
      '2026-11-25T23:10:05.000Z',
    ]);
  });
});

describe('prepared statements', () => {
  it('a listing by id is planned once per connection, and still answers after another process changes the table', async () => {
    server.psql('CREATE DATABASE prepared');
    // one connection, so the test reads the statements of the connection the store used
    const one = createPool({ connectionString: server.url('prepared'), max: 1 });
    const store = createPostgresRepositories(one);
    try {
      await migrate(one, NOW);
      const { usernameKey: _k, ...row } = buildUser({ accountType: 'seller' }, NOW);
      const seller = await store.users.create(row);
      const puppy = await store.puppies.insert(
        buildPuppy({ userId: seller.id, name: 'Prepared' }, undefined, { now: NOW }),
      );
      expect(await store.puppies.get(puppy.id)).toEqual(puppy);
      expect(await store.puppies.get(puppy.id)).toEqual(puppy);
      const statements = async () =>
        (await one.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements')).rows.map(
          (r) => r.statement,
        );
      expect((await statements()).filter((s) => s.includes('from "puppies" where "id" = $1'))).toHaveLength(1);
      // A migration from another process adds a column. The statement names its columns, so its
      // result keeps its shape: it is planned again and still answers, also inside a transaction,
      // which an error would have ended.
      const other = createPool({ connectionString: server.url('prepared'), max: 1 });
      await other.query('ALTER TABLE puppies ADD COLUMN note text');
      await store.transaction(async (tx) => {
        expect(await tx.puppies.get(puppy.id)).toEqual(puppy);
        await tx.puppies.update(puppy.id, { name: 'Prepared again' });
      });
      expect(await store.puppies.get(puppy.id)).toMatchObject({ name: 'Prepared again' });
      await store.puppies.update(puppy.id, { name: 'Prepared' });
      expect((await statements()).filter((s) => s.includes('from "puppies" where "id" = $1'))).toHaveLength(1);
      // A change to a column's type does change the result: the statement is prepared again under a
      // new name, and the read that found out is answered (outside a transaction)
      await other.query('ALTER TABLE puppies ALTER COLUMN age TYPE bigint');
      await other.end();
      expect(await store.puppies.get(puppy.id)).toEqual(puppy);
      expect(await store.puppies.get(puppy.id)).toEqual(puppy);
      expect((await statements()).filter((s) => s.includes('from "puppies" where "id" = $1'))).toHaveLength(2);
      // A list's total comes in its page's statement (decision 0138). An empty page past the start,
      // which has no row to carry it, is counted on its own: prepared, unless it holds a keyword or a location.
      await store.puppies.insert(buildPuppy({ userId: seller.id, name: 'Prepared too' }, undefined, { now: NOW }));
      for (let i = 0; i < 2; i++) {
        expect(await store.puppies.searchPublic({ limit: 1 }, NOW)).toMatchObject({ total: 2, totalCapped: false });
        expect(await store.puppies.searchPublic({ limit: 1, offset: 5 }, NOW)).toMatchObject({ items: [], total: 2 });
      }
      expect(await store.puppies.searchPublic({ limit: 1, offset: 5, search: 'prepared' }, NOW)).toMatchObject({
        items: [],
        total: 2,
      });
      expect(await store.puppies.searchPublic({ limit: 1, offset: 5, location: ', ' }, NOW)).toMatchObject({
        items: [],
        total: 2,
      });
      const counts = (await statements()).filter((s) => s.startsWith('SELECT (SELECT count(*) FROM'));
      expect(counts).toHaveLength(1);
      expect(counts[0]).not.toContain('LIKE');
    } finally {
      await store.close();
    }
  });
});

describe("the catalogue's pages (decision 0139)", () => {
  it('are named on a pool of their own, planned for their values there; the main pool keeps its generic plans', async () => {
    const one = createPool({ connectionString: server.url('contract'), max: 1 });
    const pages = createPagesPool(one);
    const named = createPreparedStatements(pages, { maxNames: 2 });
    try {
      expect((await pages.query('SHOW plan_cache_mode')).rows[0]).toEqual({ plan_cache_mode: 'force_custom_plan' });
      expect((await pages.query('SHOW jit')).rows[0]).toEqual({ jit: 'off' });
      expect((await one.query('SHOW plan_cache_mode')).rows[0]).toEqual({ plan_cache_mode: 'auto' });
      // three texts, each run twice: the first two are named, the third past the cap runs unnamed
      for (const text of ['SELECT $1::int AS n', 'SELECT $1::int + 1 AS n', 'SELECT $1::int + 2 AS n'])
        for (let i = 0; i < 2; i++) expect((await named.query(text, [i])).rows).toHaveLength(1);
      const statements = (await pages.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements'))
        .rows;
      expect(statements.map((r) => r.statement).sort()).toEqual(['SELECT $1::int + 1 AS n', 'SELECT $1::int AS n']);
    } finally {
      await pages.end();
      await one.end();
    }
  });

  it('are planned for their values also when the DATABASE_URL carries options of its own, which it keeps', async () => {
    const url = new URL(server.url('contract'));
    url.searchParams.set('options', '-c statement_timeout=4321');
    const own = createPool({ connectionString: url.toString(), max: 1 });
    const pages = createPagesPool(own);
    try {
      expect((await pages.query('SHOW plan_cache_mode')).rows[0]).toEqual({ plan_cache_mode: 'force_custom_plan' });
      expect((await pages.query('SHOW statement_timeout')).rows[0]).toEqual({ statement_timeout: '4321ms' });
    } finally {
      await pages.end();
      await own.end();
    }
  });
});

describe("prepared statements are the store's", () => {
  it("another store in the process names its own, and other code on a store's pool sends the same text unnamed", async () => {
    server.psql('CREATE DATABASE prepared_apart');
    // two stores, as two parts of one process might open, each on one connection
    const poolA = createPool({ connectionString: server.url('prepared_apart'), max: 1 });
    const poolB = createPool({ connectionString: server.url('prepared_apart'), max: 1 });
    const a = createPostgresRepositories(poolA);
    const b = createPostgresRepositories(poolB);
    const statements = async (p: pg.Pool) =>
      (await p.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements')).rows.map(
        (r) => r.statement,
      );
    try {
      await migrate(poolA, NOW);
      const { usernameKey: _k, ...row } = buildUser({ accountType: 'seller' }, NOW);
      const seller = await a.users.create(row);
      const puppy = await a.puppies.insert(buildPuppy({ userId: seller.id, name: 'Apart' }, undefined, { now: NOW }));
      const session = await a.sessions.create({
        userId: seller.id,
        createdAt: NOW.toISOString(),
        expiresAt: '2027-01-01T00:00:00.000Z',
        revokedAt: null,
      });
      // the two reads the repositories run named: a listing by id, a session with its user
      expect(await a.puppies.get(puppy.id)).toEqual(puppy);
      expect(await a.sessions.getWithUser(session.id)).toMatchObject({ session, user: { id: seller.id } });
      const named = await statements(poolA);
      expect(named).toHaveLength(2);
      // the listing read's text, sent on B's pool by code that is not a store: planned as it comes
      const byId = named.find((s) => s.includes('from "puppies" where "id" = $1'))!;
      expect((await poolB.query(byId, [puppy.id])).rows).toHaveLength(1);
      expect(await statements(poolB)).toEqual([]);
      // and on A's own pool the same
      expect((await poolA.query(byId, [puppy.id])).rows).toHaveLength(1);
      expect(await statements(poolA)).toEqual(named);
      // store B names it once it runs it itself
      expect(await b.puppies.get(puppy.id)).toEqual(puppy);
      expect(await statements(poolB)).toEqual([byId]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe("cards' facts version (decision 0138, migration 0024)", () => {
  const version = async () =>
    Number((await pool.query<{ v: number }>('SELECT version AS v FROM card_facts')).rows[0]!.v);

  it("every table the sellers' evidence and the features showing are read from moves it when written", async () => {
    const triggered = (
      await pool.query<{ table: string }>(
        `SELECT c.relname AS table FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
         JOIN pg_proc p ON p.oid = t.tgfoid WHERE p.proname = 'card_facts_changed'`,
      )
    ).rows.map((r) => r.table);
    // the evidence statement's tables, read from its text, and listShowing's two
    const read = [...EVIDENCE.matchAll(/\b(?:FROM|JOIN)\s+([a-z_]+)/g)].map((m) => m[1]!);
    const tables = new Set([...read, 'listing_features', 'seller_subscriptions']);
    tables.delete('upheld'); // the statement's own WITH
    expect(tables.size).toBeGreaterThan(8);
    expect(new Set(triggered)).toEqual(tables);
  });

  it('a page carries it; a committed write to a fact moves it once, a rollback or a price change does not', async () => {
    const store = await emptied();
    const { usernameKey: _k, ...row } = buildUser({ accountType: 'seller' }, NOW);
    const seller = await store.users.create(row);
    const puppy = await store.puppies.insert(buildPuppy({ userId: seller.id }, undefined, { now: NOW }));
    const stamp = async () => (await store.puppies.searchPublic({ limit: 24 }, NOW)).factsStamp;
    const before = await stamp();
    expect(before).toBe(String(await version()));
    await store.puppies.update(puppy.id, { price: puppy.price + 100 });
    expect(await stamp()).toBe(before);
    // a transaction of many fact writes moves it by one, at its commit
    await store.transaction(async (tx) => {
      await tx.badgeRevocations.create({
        userId: seller.id,
        badge: 'email_verified',
        reason: 'A test',
        adminId: seller.id,
        createdAt: NOW.toISOString(),
      });
      await tx.puppies.update(puppy.id, { hiddenAt: null, healthTested: true });
    });
    expect(await stamp()).toBe(String(Number(before) + 1));
    await expect(
      store.transaction(async (tx) => {
        await tx.puppies.update(puppy.id, { healthTested: false });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await stamp()).toBe(String(Number(before) + 1));
  });

  it("one store keeps a page's breeder lines, and shows a kennel renamed through another store at once", async () => {
    const store = await emptied();
    const other = createPool({ connectionString: server.url('contract'), max: 2 });
    const elsewhere = createPostgresRepositories(other);
    const records = store.breederRecords as { evidence: Store['breederRecords']['evidence'] };
    const read = records.evidence;
    let evidenceReads = 0;
    records.evidence = (...args) => {
      evidenceReads++;
      return read(...args);
    };
    try {
      const { usernameKey: _k, ...row } = buildUser({ accountType: 'seller' }, NOW);
      const seller = await store.users.create(row);
      await store.puppies.insert(buildPuppy({ userId: seller.id }, undefined, { now: NOW }));
      const profile = {
        userId: seller.id,
        kennelName: 'First Light Kennel',
        slug: 'first-light-kennel',
        about: 'A kennel.',
        town: 'Denver',
        state: 'CO',
        breeds: [],
        photoUrl: null,
        createdAt: NOW.toISOString(),
        updatedAt: NOW.toISOString(),
      };
      await elsewhere.breederProfiles.save(profile);
      const kennels = async () => {
        const page = JSON.parse((await queryPuppies(store, { limit: 24, offset: 0, sort: 'newest' }, NOW)).json) as {
          breeders: Record<string, { kennelName: string }>;
        };
        return Object.values(page.breeders).map((b) => b.kennelName);
      };
      // read twice: the second is answered from what the store kept, with no evidence read
      expect(await kennels()).toEqual(['First Light Kennel']);
      expect(await kennels()).toEqual(['First Light Kennel']);
      expect(evidenceReads).toBe(1);
      await elsewhere.breederProfiles.save({ ...profile, kennelName: 'Second Light Kennel' });
      expect(await kennels()).toEqual(['Second Light Kennel']);
      expect(evidenceReads).toBe(2);
    } finally {
      records.evidence = read;
      await elsewhere.close();
    }
  });
});

describe('text arrays', () => {
  // pool.ts splits plain arrays at their commas; anything PostgreSQL quotes goes to pg's own parser
  it('come back as they were written, quoted items, NULLs and all', async () => {
    const arrays = [
      [],
      ['Black'],
      ['Black', 'Tan', '/uploads/a-1.webp'],
      ['Black and tan', 'a,b', 'say "hi"', 'back\\slash', '{braces}', ''],
      ['NULL', 'null', 'Nullish'],
      [null, 'White'],
      ['  padded  ', 'é'],
    ];
    for (const array of arrays) {
      const row = (await pool.query('SELECT $1::text[] AS a', [array])).rows[0] as { a: unknown };
      expect(row.a, JSON.stringify(array)).toEqual(array);
    }
  });
});

/** `count` public listings of breed 1, male and available, priced 1,001, 1,002, … */
async function manyListings(count: number): Promise<void> {
  const { usernameKey: _k, ...row } = buildUser({ accountType: 'seller' }, NOW);
  const owner = await storage.users.create(row);
  await pool.query(
    `INSERT INTO puppies (name, breed_id, user_id, gender, age, weight, price, description, location, region, image_url, status, created_at, updated_at, expires_at, zip, latitude, longitude)
     SELECT 'Pup ' || i, 1, $1, 'Male', 10, 5, 1000 + i, '', 'Austin, TX', 'southwest', '/p.jpg', 'available', $2, $2, $3, '78701', $5, $6
     FROM generate_series(1, $4::int) AS i`,
    [owner.id, NOW, '2027-01-01T00:00:00.000Z', count, zipCentre('78701')!.latitude, zipCentre('78701')!.longitude],
  );
}

/** a census that never answers: every page planned for its values, a radius read by its box, and counted */
const unknowing: CatalogueCensus = {
  shows: () => false,
  radius: () => undefined,
  figures: () => undefined,
  refresh: async () => {},
  close: async () => {},
};

/** what the catalogue's list runs on (catalogue.ts CatalogueParts), with this census and pages' statements */
const partsWith = (census: CatalogueCensus, pages: PreparedStatements) => ({
  pool,
  prepared: createPreparedStatements(pool),
  census,
  pages,
  planned: createPreparedStatements(pool),
});

/**
 * The plan PostgreSQL makes once for a statement, for no values in particular (decision 0140), on a
 * connection of its own that is closed afterwards, so its plan setting and statement go with it.
 */
async function genericPlan(statement: { text: string; values: unknown[] }): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('SET plan_cache_mode = force_generic_plan');
    await client.query({ name: 'generic', text: statement.text, values: statement.values });
    const literal = (value: unknown) =>
      value === null
        ? 'NULL'
        : typeof value === 'number'
          ? String(value)
          : Array.isArray(value)
            ? `'{${value.join(',')}}'`
            : `'${String(value)}'`;
    const { rows } = await client.query(`EXPLAIN EXECUTE generic(${statement.values.map(literal).join(', ')})`);
    return rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']).join('\n');
  } finally {
    client.release(true);
  }
}

describe('distance routes (decision 0139)', () => {
  // 3,400 listings at five places: Austin, San Antonio (74 miles), Houston (147), Dallas (183) and
  // Denver (772); three breeds, both genders, prices 500–3,499, one in five reserved
  const PLACES = [
    ['78701', 1200],
    ['78205', 300],
    ['77002', 600],
    ['75201', 900],
    ['80202', 400],
  ] as const;
  const noBreeds = async () => [];
  const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);

  beforeAll(async () => {
    await emptied();
    const { usernameKey: _k, ...row } = buildUser({ accountType: 'seller' }, NOW);
    const owner = await storage.users.create(row);
    for (const [zip, count] of PLACES) {
      const { latitude, longitude } = zipCentre(zip)!;
      await pool.query(
        `INSERT INTO puppies (name, breed_id, user_id, gender, age, weight, price, description, location, region, image_url, status, created_at, updated_at, expires_at, zip, latitude, longitude)
         SELECT 'Pup ' || i, 1 + i % 3, $1, CASE WHEN i % 2 = 0 THEN 'Male' ELSE 'Female' END, 10, 5, 500 + (i * 37) % 3000, '', 'Texas', 'southwest', '/p.jpg',
                CASE WHEN i % 5 = 0 THEN 'reserved' ELSE 'available' END, $2, $2, $3, $5, $6, $7
         FROM generate_series(1, $4::int) AS i`,
        [owner.id, NOW, '2027-01-01T00:00:00.000Z', count, zip, latitude, longitude],
      );
    }
    await pool.query('ANALYZE puppies');
  });

  it('answers every query as reading its box does: the same listings, in the same order, and the same total', async () => {
    const census = createCatalogueCensus(pool);
    await census.refresh(NOW);
    const pages = createPreparedStatements(createPagesPool(pool));
    const routed = partsWith(census, pages);
    const boxed = partsWith(unknowing, pages);
    const ways = new Set<string>();
    try {
      for (const zip of ['78701', '75201', '80202'])
        for (const miles of [25, 100, 250, 500])
          for (const [i, filters] of (
            [
              {},
              { gender: 'Male' },
              { breedIds: [2] },
              { minPrice: 900, maxPrice: 1400, gender: 'Female' },
              { minPrice: 3000 },
            ] as Partial<CatalogueQuery>[]
          ).entries())
            for (const sort of ['newest', 'distance', 'price-asc'] as const)
              for (const offset of [0, 72, 480]) {
                const query: CatalogueQuery = {
                  near: { ...zipCentre(zip)!, miles },
                  status: 'available',
                  sort,
                  limit: 24,
                  offset,
                  ...filters,
                };
                const figures = census.radius(query, at(1));
                const capped = census.shows(query, at(1), CATALOGUE_TOTAL_CAP * 1.5);
                const route = figures && nearRoute(query, figures, !capped);
                if (route) ways.add(route.gathered ? `gathered ${route.page}` : route.ringMiles ? 'ring' : route.page);
                const got = await searchPublic(routed, query, at(1), noBreeds);
                // a gathered page past the end still carries its count (one statement, no count of its own)
                if (route?.gathered && got.items.length === 0 && offset > 0) ways.add('gathered past the end');
                const want = await searchPublic(boxed, query, at(1), noBreeds);
                const label = `${zip} ${miles} ${sort} ${offset} ${i}`;
                expect(
                  got.items.map((card) => [JSON.parse(card.json).id, Math.round(card.distance!)]),
                  label,
                ).toEqual(want.items.map((card) => [JSON.parse(card.json).id, Math.round(card.distance!)]));
                expect([got.total, got.totalCapped], label).toEqual([want.total, want.totalCapped]);
              }
    } finally {
      await census.close();
      await pages.kyselyPool.end();
    }
    // every way was taken at least once
    expect([...ways].sort()).toEqual(['box', 'gathered box', 'gathered past the end', 'gathered walk', 'ring', 'walk']);
  });

  it('knows each radius: its matches, its box, the listings of the status, and the ring that holds a page', async () => {
    const census = createCatalogueCensus(pool);
    await census.refresh(NOW);
    try {
      const austin = (miles: number, more: Partial<CatalogueQuery> = {}) =>
        census.radius({ near: { ...zipCentre('78701')!, miles }, limit: 24, status: 'available', ...more }, at(1))!;
      // Austin alone within 25 miles: 960 of its 1,200 available
      expect(austin(25)).toMatchObject({ low: 960, high: 960, inBox: 1200, ofStatus: 2720 });
      // within 200 miles: all but Denver
      expect(austin(200)).toMatchObject({ low: 2400, high: 2400, ofStatus: 2720 });
      // a price range inside the bands is both bounds; one that cuts a band is a range
      const cut = austin(25, { minPrice: 910, maxPrice: 1389 });
      expect(cut.low).toBeLessThan(cut.high);
      // the nearest 96 are at Austin itself; 1,000 need San Antonio, and 1,300 Houston too
      const milesTo = (zip: string) => Math.ceil(distanceMiles(zipCentre('78701')!, zipCentre(zip)!)) + 1;
      expect(austin(500).ring(96)).toEqual({ miles: 1, inBox: 1200 });
      expect(austin(500).ring(1_000)?.miles).toBe(milesTo('78205'));
      expect(austin(500).ring(1_300)?.miles).toBe(milesTo('77002'));
      expect(austin(100).ring(5_000)).toBeUndefined();
      // a breed scales the places' figures by its share of the status
      expect(austin(25, { breedIds: [2] }).ofStatus).toBeCloseTo(2720 / 3, -1);
      // no radius, or a filter the census does not know: no figures
      expect(census.radius({ near: { ...zipCentre('78701')!, miles: null }, limit: 24 }, at(1))).toBeUndefined();
      expect(
        census.radius({ near: { ...zipCentre('78701')!, miles: 25 }, search: 'pup', limit: 24 }, at(1)),
      ).toBeUndefined();
    } finally {
      await census.close();
    }
  });
});

describe('pages planned once: newest-first walks and box reads (decision 0140)', () => {
  // 20,000 listings of three breeds, both genders, prices 500–3,499, one in five reserved; and a niche of
  // 20 available males of breed 1 at 9,000–9,019, which only a price range reads well
  const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
  const noBreeds = async () => [];

  beforeAll(async () => {
    await emptied();
    const { usernameKey: _k, ...row } = buildUser({ accountType: 'seller' }, NOW);
    const owner = await storage.users.create(row);
    // placed in turn at Austin, San Antonio, Houston, Dallas and Denver, five listings at a time
    const places = ['78701', '78205', '77002', '75201', '80202'].map((zip) => ({ zip, ...zipCentre(zip)! }));
    await pool.query(
      `INSERT INTO puppies (name, breed_id, user_id, gender, age, weight, price, description, location, region, image_url, status, created_at, updated_at, expires_at, zip, latitude, longitude)
       SELECT 'Pup ' || i, CASE WHEN i > 20000 THEN 1 ELSE 1 + i % 3 END, $1,
              CASE WHEN i > 20000 OR i % 2 = 0 THEN 'Male' ELSE 'Female' END, 10, 5,
              CASE WHEN i > 20000 THEN -11000 + i ELSE 500 + (i * 37) % 3000 END, '', 'Texas', 'southwest', '/p.jpg',
              CASE WHEN i <= 20000 AND i % 5 = 0 THEN 'reserved' ELSE 'available' END, $2, $2, $3,
              ($4::text[])[1 + (i / 5) % 5], ($5::float8[])[1 + (i / 5) % 5], ($6::float8[])[1 + (i / 5) % 5]
       FROM generate_series(1, 20020) AS i`,
      [
        owner.id,
        NOW,
        '2027-01-01T00:00:00.000Z',
        places.map((place) => place.zip),
        places.map((place) => place.latitude),
        places.map((place) => place.longitude),
      ],
    );
    // vacuumed, as db:import leaves a catalogue: the walk reads the index alone (the visibility map)
    await pool.query('VACUUM ANALYZE puppies');
  });

  it('knows the matches of a filter and the entries a walk of its newest-first index holds', async () => {
    const census = createCatalogueCensus(pool);
    await census.refresh(NOW);
    try {
      const count = async (where: string) =>
        Number((await pool.query(`SELECT count(*) AS n FROM puppies WHERE ${where}`)).rows[0].n);
      const available = await count("status = 'available'");
      expect(census.figures({ status: 'available', limit: 24 }, at(1))).toEqual({
        low: available,
        high: available,
        walked: available,
      });
      // the gender narrows the matches, not the walk; a breed narrows both
      const males = await count("status = 'available' AND gender = 'Male' AND breed_id = 2");
      expect(census.figures({ status: 'available', gender: 'Male', breedIds: [2], limit: 24 }, at(1))).toEqual({
        low: males,
        high: males,
        walked: await count("status = 'available' AND breed_id = 2"),
      });
      // a price range that cuts the $50 bands is a range of matches
      const cut = census.figures({ status: 'available', minPrice: 910, maxPrice: 1389, limit: 24 }, at(1))!;
      const priced = await count("status = 'available' AND price BETWEEN 910 AND 1389");
      expect(cut.low).toBeLessThanOrEqual(priced);
      expect(cut.high).toBeGreaterThanOrEqual(priced);
      expect(cut.low).toBeLessThan(cut.high);
      // a distance, or a filter the census does not know: no figures
      expect(census.figures({ status: 'available', search: 'pup', limit: 24 }, at(1))).toBeUndefined();
      expect(
        census.figures({ status: 'available', near: { ...zipCentre('78701')!, miles: 25 }, limit: 24 }, at(1)),
      ).toBeUndefined();
    } finally {
      await census.close();
    }
  });

  it('answers every query as before: the same listings, in the same order, and the same total, walked or not', async () => {
    const census = createCatalogueCensus(pool);
    await census.refresh(NOW);
    const pages = createPreparedStatements(createPagesPool(pool));
    const routed = partsWith(census, pages);
    const unrouted = partsWith(unknowing, pages);
    const ways = new Set<string>();
    try {
      for (const [i, filters] of (
        [
          { status: 'available' },
          { status: 'available', gender: 'Male' },
          { status: 'reserved', breedIds: [2] },
          { status: 'available', breedIds: [1], gender: 'Male', minPrice: 3000 },
          { status: 'available', minPrice: 900, maxPrice: 1400, gender: 'Female' },
          { status: 'available', minPrice: 9000 },
          { status: 'available', maxPrice: 520 },
          { status: 'available', breedIds: [1, 2] },
          { minPrice: 900 },
        ] as Partial<CatalogueQuery>[]
      ).entries())
        for (const sort of ['newest', 'price-asc'] as const)
          for (const offset of [0, 72, 480, 2900]) {
            const query: CatalogueQuery = { sort, limit: 24, offset, ...filters };
            const figures = census.figures(query, at(1));
            ways.add(figures && walksNewest(query, figures) ? 'walk' : 'planned for its values');
            const got = await searchPublic(routed, query, at(1), noBreeds);
            const want = await searchPublic(unrouted, query, at(1), noBreeds);
            const label = `${sort} ${offset} ${i}`;
            expect(
              got.items.map((card) => JSON.parse(card.json).id),
              label,
            ).toEqual(want.items.map((card) => JSON.parse(card.json).id));
            expect([got.total, got.totalCapped], label).toEqual([want.total, want.totalCapped]);
          }
    } finally {
      await census.close();
      await pages.kyselyPool.end();
    }
    expect([...ways].sort()).toEqual(['planned for its values', 'walk']);
  });

  it("plans a walk's page once for every price range, and that plan walks the newest-first index", async () => {
    for (const [i, filters] of (
      [
        { minPrice: 500, maxPrice: 2000 },
        { gender: 'Male', maxPrice: 900 },
        { breedIds: [2], minPrice: 1000 },
        { breedIds: [2], gender: 'Female', minPrice: 600, maxPrice: 3000 },
      ] as Partial<CatalogueQuery>[]
    ).entries())
      for (const counted of [false, true]) {
        const { page } = catalogueQueries({ status: 'available', limit: 24, offset: 48, ...filters }, NOW, [], {
          counted,
          walk: true,
        });
        const plan = await genericPlan(page);
        // The page's ids come in order from an index walked newest first, never a price range read and
        // then sorted. (At 20,000 listings the primary key is walked; at 100,000, the newest-first cover.)
        expect(plan, `${i} ${counted}`).toMatch(
          /Index (Only )?Scan (Backward )?using puppies_(pkey|status_newest_cover|breed_newest_cover) on puppies puppies_\d/,
        );
        expect(plan, `${i} ${counted}`).not.toMatch(/Sort/);
      }
  });

  it('plans a distance page that reads its box once, and that plan reads the box from the place index', async () => {
    const near = { ...zipCentre('78701')!, miles: 250 };
    const box = { page: 'box', count: 'box' } as const;
    for (const [i, [filters, counted, route]] of (
      [
        [{ sort: 'newest' }, false, { ...box, gathered: false }],
        [{ sort: 'newest', gender: 'Male' }, true, { ...box, gathered: false }],
        [{ sort: 'distance', minPrice: 900 }, true, { ...box, gathered: true }],
        [{ sort: 'newest', breedIds: [2] }, true, { ...box, gathered: true }],
        [{ sort: 'distance' }, true, { ...box, gathered: false, ringMiles: 90 }],
      ] as [Partial<CatalogueQuery>, boolean, NearRoute][]
    ).entries()) {
      const { page } = catalogueQueries({ near, status: 'available', limit: 24, offset: 48, ...filters }, NOW, [], {
        counted,
        route,
      });
      const plan = await genericPlan(page);
      // Every read of the listings is a range of the place index, by band and longitude (at 100,000
      // listings that index alone; at this size, its entries' rows fetched), and never a seq scan.
      const indexes = [
        ...plan.matchAll(
          /Index (?:Only )?Scan (?:Backward )?using (\w+) on puppies puppies_\d|Bitmap Index Scan on (\w+)/g,
        ),
      ].map((m) => m[1] ?? m[2]);
      expect(indexes.length, `${i}\n${plan}`).toBeGreaterThan(0);
      expect(new Set(indexes), `${i}\n${plan}`).toEqual(new Set(['puppies_near_cover']));
      expect(plan, `${i}`).not.toMatch(/Seq Scan on puppies/);
    }
  });
});

describe('keyword search', () => {
  const breeds = buildBreeds().map((row, i) => ({ ...row, id: i + 1 }));

  it("names a word's breeds by their ids, as values the planner sees; a word no breed has is the listing's own words alone", () => {
    const gentle = catalogueQueries({ search: 'gentle', limit: 24 }, NOW, breeds);
    const ids = breeds.filter((b) => b.temperament.includes('gentle')).map((b) => b.id);
    expect(ids.length).toBeGreaterThan(1);
    expect(gentle.page.text).toMatch(/OR breed_id = ANY\(\$\d+\)\)/);
    expect(gentle.page.values).toContainEqual(ids);
    expect(gentle.count.values).toContainEqual(ids);
    const town = catalogueQueries({ search: 'austin', limit: 24 }, NOW, breeds);
    expect(town.page.text).toContain('puppy_search_text(name, location, region, colors) LIKE');
    for (const statement of [town.page, town.count]) expect(statement.text).not.toMatch(/breed_id =|FROM breeds/);
  });

  it("runs without parallel workers and without JIT compilation on the pool's connections", async () => {
    expect((await pool.query('SHOW max_parallel_workers_per_gather')).rows[0]).toEqual({
      max_parallel_workers_per_gather: '0',
    });
    expect((await pool.query('SHOW jit')).rows[0]).toEqual({ jit: 'off' });
  });
});

describe('catalogue at scale', () => {
  it('counts the total only up to the cap, and says so', async () => {
    await emptied();
    await manyListings(CATALOGUE_TOTAL_CAP + 50);
    const page = await storage.puppies.searchPublic({ limit: 20, sort: 'price-desc' }, NOW);
    expect(page).toMatchObject({ total: CATALOGUE_TOTAL_CAP, totalCapped: true });
    expect(listed(page).map((p) => p.price)).toEqual(
      Array.from({ length: 20 }, (_, i) => 1000 + CATALOGUE_TOTAL_CAP + 50 - i),
    );
    expect(await storage.puppies.searchPublic({ limit: 20, maxPrice: 1100 }, NOW)).toMatchObject({
      total: 100,
      totalCapped: false,
    });
  });
});

describe('catalogue census (skips the count of a filter that plainly matches more than the cap)', () => {
  // 1,600 listings priced 1,001 to 2,600, all of breed 1, male and available
  const LISTINGS = CATALOGUE_TOTAL_CAP + 600;
  const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
  beforeAll(async () => {
    await emptied();
    await manyListings(LISTINGS);
  });

  it('knows nothing until it has been read, and starts reading when asked', async () => {
    const census = createCatalogueCensus(pool);
    expect(census.shows({ limit: 20 }, NOW, 10)).toBe(false);
    await census.refresh(NOW);
    expect(census.shows({ limit: 20 }, NOW, 10)).toBe(true);
    await census.close();
  });

  it('counts only the price bands wholly inside the range, and each filter it knows', async () => {
    const census = createCatalogueCensus(pool);
    await census.refresh(NOW);
    const shows = (query: Partial<CatalogueQuery>, bound: number) =>
      census.shows({ limit: 20, ...query }, at(1), bound);
    expect(shows({}, LISTINGS - 1)).toBe(true);
    expect(shows({}, LISTINGS)).toBe(false);
    // $1,000–1,999 holds the 999 priced 1,001–1,999, in whole bands
    expect(shows({ minPrice: 1000, maxPrice: 1999 }, 998)).toBe(true);
    expect(shows({ minPrice: 1000, maxPrice: 1999 }, 999)).toBe(false);
    // from $1,010 the band 1,000–1,049 is partial, so only 1,050–1,999 (950) is sure
    expect(shows({ minPrice: 1010, maxPrice: 1999 }, 949)).toBe(true);
    expect(shows({ minPrice: 1010, maxPrice: 1999 }, 950)).toBe(false);
    expect(shows({ status: 'available', gender: 'Male', breedIds: [1] }, 100)).toBe(true);
    for (const other of [
      { status: 'reserved' },
      { gender: 'Female' },
      { breedIds: [2] },
      { search: 'pup' },
      { location: 'austin' },
      { ids: [1] },
    ] as const) {
      expect(shows(other, 0), JSON.stringify(other)).toBe(false);
    }
    await census.close();
  });

  it('counts the places within a radius for a distance filter, and knows no breed there (decision 0138)', async () => {
    const census = createCatalogueCensus(pool);
    await census.refresh(NOW);
    const shows = (query: Partial<CatalogueQuery>, bound: number) =>
      census.shows({ limit: 20, ...query }, at(1), bound);
    // every listing is placed at 78701, Austin; Denver is about 770 miles away
    const austin = { ...zipCentre('78701')!, miles: 25 };
    const denver = { ...zipCentre('80202')!, miles: 500 };
    expect(shows({ near: austin }, LISTINGS - 1)).toBe(true);
    expect(shows({ near: austin }, LISTINGS)).toBe(false);
    expect(shows({ near: austin, minPrice: 1000, maxPrice: 1999 }, 998)).toBe(true);
    expect(shows({ near: austin, minPrice: 1000, maxPrice: 1999 }, 999)).toBe(false);
    expect(shows({ near: austin, status: 'available', gender: 'Male' }, 100)).toBe(true);
    expect(shows({ near: denver }, 0)).toBe(false);
    expect(shows({ near: { ...denver, miles: null } }, LISTINGS - 1)).toBe(true);
    for (const other of [{ breedIds: [1] }, { gender: 'Female' }, { status: 'sold' }] as Partial<CatalogueQuery>[])
      expect(shows({ near: austin, ...other }, 0), JSON.stringify(other)).toBe(false);
    await census.close();
  });

  it('is used for 30 s at most: a list within them says "1,000+" without counting, after them it counts again', async () => {
    // no search words here, so no breed is read
    const noBreeds = async () => [];
    const census = createCatalogueCensus(pool);
    const parts = {
      pool,
      prepared: createPreparedStatements(pool),
      census,
      pages: createPreparedStatements(pool),
      planned: createPreparedStatements(pool),
    };
    await census.refresh(NOW);
    expect(await searchPublic(parts, { limit: 20 }, at(1), noBreeds)).toMatchObject({
      total: CATALOGUE_TOTAL_CAP,
      totalCapped: true,
    });
    // 700 hidden: 900 are left, but the census of NOW still has 1,600 (the margin it allows for)
    await pool.query(`UPDATE puppies SET hidden_at = $1 WHERE price <= 1700`, [NOW]);
    try {
      expect(await searchPublic(parts, { limit: 20 }, at(2), noBreeds)).toMatchObject({
        total: CATALOGUE_TOTAL_CAP,
        totalCapped: true,
      });
      expect(await searchPublic(parts, { limit: 20 }, at(31), noBreeds)).toMatchObject({
        total: 900,
        totalCapped: false,
      });
      // the census read again has the 900
      await census.refresh(at(31));
      expect(await searchPublic(parts, { limit: 20 }, at(32), noBreeds)).toMatchObject({
        total: 900,
        totalCapped: false,
      });
    } finally {
      await pool.query('UPDATE puppies SET hidden_at = NULL');
      await census.close();
    }
  });

  it('is the one a store was opened with when given one: the store lists with it, and closes it', async () => {
    const census = createCatalogueCensus(pool);
    await census.refresh(NOW);
    // a pool of its own: closing the store ends it
    const store = createPostgresRepositories(createPool({ connectionString: server.url('contract'), max: 2 }), {
      census,
    });
    // 700 hidden: 900 are left, but the census read at NOW still has the 1,600. Had the store made a
    // census of its own, unread at first, it would count the 900.
    await pool.query(`UPDATE puppies SET hidden_at = $1 WHERE price <= 1700`, [NOW]);
    try {
      try {
        expect(await store.puppies.searchPublic({ limit: 20 }, at(2))).toMatchObject({
          total: CATALOGUE_TOTAL_CAP,
          totalCapped: true,
        });
      } finally {
        await store.close();
      }
      // closed with the store: asked to read again, it keeps the 1,600 of NOW (a read would find 900)
      await census.refresh(at(3));
      expect(census.shows({ limit: 20 }, at(4), CATALOGUE_TOTAL_CAP)).toBe(true);
    } finally {
      await pool.query('UPDATE puppies SET hidden_at = NULL');
    }
  });
});

describe('db:import (a lowdb database copied into PostgreSQL)', () => {
  it('copies every collection with its ids, continues the ids after lowdb sequence, and skips what is there on a second run', async () => {
    const memory = createMemoryStorage();
    const low = createLowdbRepositories(memory);
    const { usernameKey: _k, ...sellerRow } = buildUser({ username: 'Importer', accountType: 'seller' }, NOW);
    const seller = await low.users.create(sellerRow);
    const buyer = await low.users.create({
      ...sellerRow,
      username: 'Buyer',
      email: 'b@example.com',
      accountType: 'buyer',
    });
    const breed = await low.breeds.insert({
      name: 'Corgi',
      imageUrl: '/c.jpg',
      size: 'small',
      categories: ['apartment'],
      temperament: ['playful'],
    });
    const puppy = await low.puppies.insert(
      buildPuppy(
        { userId: seller.id, breedId: breed.id, expiresAt: '2027-01-01T00:00:00.000Z', status: 'available' },
        undefined,
        { now: NOW },
      ),
    );
    const order = await low.orders.create(
      buildOrder(
        { puppyId: puppy.id, buyerId: buyer.id, sellerId: seller.id, handedOverAt: null, canceledAt: null },
        NOW,
      ),
    );
    await low.favorites.add(buyer.id, puppy.id, NOW);
    await low.paymentEvents.claim('evt_imported', 'payment_intent.succeeded', NOW);
    const { client: _c, ...codeRow } = {
      channel: 'email' as const,
      target: 'b@example.com',
      codeHash: 'h',
      owner: 'user:2',
      client: 'x',
      sentAt: NOW.toISOString(),
      expiresAt: NOW.toISOString(),
      attempts: 2,
      verifiedAt: null,
    };
    const code = (await low.verificationCodes.issue(codeRow, new Date(NOW.getTime() - 60_000)))!;
    await low.settings.set({ paymentMode: 'live' });
    // seller payouts (decision 0101)
    // a payout as lowdb kept it before holds had reasons (migration 0010)
    const {
      holdReason: _r,
      attemptAt: _a,
      ...heldBefore
    } = buildPayout(
      {
        orderId: order.id,
        sellerId: seller.id,
        status: 'held',
        heldAt: NOW.toISOString(),
        problem: 'Not as described.',
      },
      NOW,
    );
    const payout = await low.payouts.createForOrder(heldBefore as Parameters<typeof low.payouts.createForOrder>[0]);
    const account = await low.payoutAccounts.createForUser(
      buildPayoutAccount({ userId: seller.id, accountId: 'acct_imported' }, NOW),
    );
    // a review and its seller's rating (decision 0119)
    const review = (await low.reviews.create({
      orderId: order.id,
      buyerId: buyer.id,
      sellerId: seller.id,
      puppyId: puppy.id,
      puppyName: puppy.name,
      breedName: breed.name,
      handedOverAt: NOW.toISOString(),
      rating: 4,
      body: 'A healthy puppy and a kind breeder.',
      createdAt: NOW.toISOString(),
      editedAt: null,
      reply: 'Thank you!',
      repliedAt: NOW.toISOString(),
      hiddenAt: null,
      hiddenReason: null,
    }))!;
    const rating = await low.sellerRatings.refresh(seller.id, NOW);
    await memory.write((db) =>
      db.localPayments.insert({
        providerId: 'pi_local_1',
        kind: 'payment_intent',
        status: 'requires_capture',
        amountCents: 150_000,
        currency: 'usd',
        captureMethod: 'manual',
        clientSecret: 'pi_local_1_secret',
        metadata: { kind: 'purchase', puppyId: String(puppy.id) },
        lastError: null,
        idempotencyKey: null,
        createdAt: NOW.toISOString(),
        updatedAt: NOW.toISOString(),
      }),
    );
    const data = { ...emptyDb(), settings: { ...memory.settings.get() } } as Record<string, unknown>;
    for (const name of COLLECTION_NAMES) data[name] = [...memory.db[name].all()];
    data['sequences'] = { users: 50 };

    server.psql('CREATE DATABASE imported');
    const target = createPool({ connectionString: server.url('imported'), max: 2 });
    const imported = createPostgresRepositories(target);
    try {
      const first = await importLowdb(target, data as unknown as DbShape, NOW);
      const copied = Object.fromEntries(first.filter((r) => r.copied).map((r) => [r.collection, r.copied]));
      expect(copied).toEqual({
        users: 2,
        breeds: 1,
        puppies: 1,
        orders: 1,
        favorites: 1,
        paymentEvents: 1,
        verificationCodes: 1,
        localPayments: 1,
        payouts: 1,
        payoutAccounts: 1,
        reviews: 1,
        sellerRatings: 1,
      });
      // moderation's marks (decision 0092) and when a contact was proven (decision 0118) are optional in lowdb rows and null in the tables
      const unmarked = { suspendedAt: null, verifiedEmailAt: null, verifiedPhoneAt: null };
      expect(await imported.users.get(seller.id)).toEqual({ ...seller, ...unmarked });
      expect(await imported.users.findByUsername('buyer')).toEqual({ ...buyer, ...unmarked });
      expect(await imported.breeds.list()).toEqual([breed]);
      expect(await imported.puppies.get(puppy.id)).toEqual({
        ...puppy,
        hiddenAt: null,
        hiddenReason: null,
        // a listing written before parents (decision 0121) names none
        sireId: null,
        damId: null,
        healthTested: false,
      });
      // fields a lowdb row written before them lacks take what their absence means (migration 0010)
      expect(await imported.orders.findLive(puppy.id)).toEqual({
        livemode: false,
        cancelReason: null,
        refundError: null,
        disputeId: null,
        disputeStatus: null,
        disputeAmountCents: null,
        reviewInvitedAt: null,
        ...order,
      });
      expect(await imported.favorites.listByUser(buyer.id)).toEqual(memory.db.favorites.all());
      expect(await imported.verificationCodes.get(code.id)).toEqual(code);
      expect(await imported.paymentEvents.claim('evt_imported', 'x', NOW)).toBeUndefined();
      expect(await imported.settings.get()).toEqual({ paymentMode: 'live' });
      expect(await imported.payouts.findByOrder(order.id)).toEqual({
        ...payout,
        holdReason: 'problem',
        attemptAt: null,
      });
      expect(await imported.payoutAccounts.findByAccountId('acct_imported')).toEqual(account);
      expect(await imported.reviews.get(review.id)).toEqual(review);
      expect((await imported.sellerRatings.forSellers([seller.id])).get(seller.id)).toEqual(rating);
      const local = await target.query('SELECT metadata FROM local_payments');
      expect(local.rows).toEqual([{ metadata: { kind: 'purchase', puppyId: String(puppy.id) } }]);

      const again = await importLowdb(target, data as unknown as DbShape, NOW);
      expect(again.every((r) => r.copied === 0)).toBe(true);
      expect(again.find((r) => r.collection === 'users')).toEqual({
        collection: 'users',
        table: 'users',
        copied: 0,
        skipped: 2,
      });
      // ids go on after lowdb's sequence (50), not after the highest row (2): no id is handed out twice
      const next = await imported.users.create({ ...sellerRow, username: 'AfterImport' });
      expect(next.id).toBe(51);
      expect((await imported.puppies.insert(buildPuppy({ userId: seller.id }, undefined, { now: NOW }))).id).toBe(
        puppy.id + 1,
      );
    } finally {
      await imported.close();
    }
  });
});

describe('rules across processes (two pools racing)', () => {
  const ROUNDS = 10;
  let a: Store;
  let b: Store;

  beforeAll(() => {
    a = createPostgresRepositories(createPool({ connectionString: server.url('contract'), max: 4 }));
    b = createPostgresRepositories(createPool({ connectionString: server.url('contract'), max: 4 }));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  async function seller() {
    const { usernameKey: _k, ...row } = buildUser({ accountType: 'seller' }, NOW);
    return storage.users.create(row);
  }
  async function listing(active: boolean) {
    const owner = await seller();
    return storage.puppies.insert(
      buildPuppy(
        { userId: owner.id, status: 'available', expiresAt: active ? '2027-01-01T00:00:00.000Z' : null },
        undefined,
        { now: NOW },
      ),
    );
  }
  const wins = (results: PromiseSettledResult<unknown>[]) =>
    results.filter((r) => r.status === 'fulfilled' && r.value !== undefined).length;

  it('a puppy is sold once', async () => {
    await emptied();
    for (let round = 0; round < ROUNDS; round++) {
      const puppy = await listing(true);
      const buyers = [await seller(), await seller()];
      const buy = (s: Store, buyerId: number) =>
        s.transaction(async (tx) => {
          if (!(await tx.puppies.reserve(puppy.id, NOW))) return undefined;
          return tx.orders.create(
            buildOrder(
              { puppyId: puppy.id, buyerId, sellerId: puppy.userId, handedOverAt: null, canceledAt: null },
              NOW,
            ),
          );
        });
      const results = await Promise.allSettled([buy(a, buyers[0]!.id), buy(b, buyers[1]!.id)]);
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(wins(results)).toBe(1);
      expect((await storage.puppies.get(puppy.id))?.status).toBe('reserved');
    }
  });

  it("a listing is deleted or sold, never both (the domain's delete against a buyer)", async () => {
    await emptied();
    for (let round = 0; round < ROUNDS; round++) {
      const puppy = await listing(true);
      const owner = (await storage.users.get(puppy.userId))!;
      const buyer = await seller();
      const buy = b.transaction(async (tx) => {
        if (!(await tx.puppies.reserve(puppy.id, NOW))) return undefined;
        return tx.orders.create(
          buildOrder(
            { puppyId: puppy.id, buyerId: buyer.id, sellerId: puppy.userId, handedOverAt: null, canceledAt: null },
            NOW,
          ),
        );
      });
      const [deleted, bought] = await Promise.allSettled([deleteListing(a, owner, puppy.id), buy]);
      expect(bought.status).toBe('fulfilled');
      const sold = bought.status === 'fulfilled' && bought.value !== undefined;
      // exactly one wins: the delete is refused (409 naming the order) when the sale came first
      expect(deleted.status === 'fulfilled').toBe(!sold);
      if (deleted.status === 'rejected') expect(deleted.reason).toBeInstanceOf(ConflictError);
      expect(await storage.puppies.get(puppy.id)).toEqual(
        sold ? expect.objectContaining({ status: 'reserved' }) : undefined,
      );
      expect((await storage.orders.findLive(puppy.id)) !== undefined).toBe(sold);
    }
  });

  it('the last plan slot is taken once', async () => {
    await emptied();
    for (let round = 0; round < ROUNDS; round++) {
      const owner = await seller();
      const add = (expiresAt: string | null) =>
        storage.puppies.insert(
          buildPuppy({ userId: owner.id, status: 'available', expiresAt }, undefined, { now: NOW }),
        );
      await add('2027-01-01T00:00:00.000Z');
      const [x, y] = [await add(null), await add(null)];
      const results = await Promise.allSettled([
        a.puppies.activateWithinLimit(x.id, owner.id, 2, '2027-01-01T00:00:00.000Z', NOW),
        b.puppies.activateWithinLimit(y.id, owner.id, 2, '2027-01-01T00:00:00.000Z', NOW),
      ]);
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(wins(results)).toBe(1);
    }
  });

  it('an upload quota is not overrun by two uploads at once', async () => {
    await emptied();
    for (let round = 0; round < ROUNDS; round++) {
      const owner = await seller();
      const upload = (s: Store, name: string) =>
        s.uploads.record(
          { userId: owner.id, url: `/media/${round}-${name}.webp`, bytes: 600, createdAt: NOW.toISOString() },
          1_000,
        );
      const results = await Promise.allSettled([upload(a, 'a'), upload(b, 'b')]);
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(wins(results)).toBe(1);
    }
  });

  it('a listing fee is applied once', async () => {
    await emptied();
    for (let round = 0; round < ROUNDS; round++) {
      const puppy = await listing(false);
      const intent = `pi_race_${round}`;
      await storage.listingFees.createForIntent({
        puppyId: puppy.id,
        userId: puppy.userId,
        amountCents: 2_000,
        paymentIntentId: intent,
        status: 'pending',
        createdAt: NOW.toISOString(),
        paidAt: null,
      });
      const results = await Promise.allSettled([
        a.listingFees.markSucceeded(intent, NOW),
        b.listingFees.markSucceeded(intent, NOW),
      ]);
      expect(wins(results)).toBe(1);
    }
  });

  it('a seller subscription is recorded once and its card verified once', async () => {
    await emptied();
    for (let round = 0; round < ROUNDS; round++) {
      const owner = await seller();
      const id = `sub_race_${round}`;
      const row = {
        userId: owner.id,
        plan: 'monthly' as const,
        priceId: 'price_monthly',
        providerSubscriptionId: id,
        status: 'incomplete' as const,
        trialEnd: '2027-01-01T00:00:00.000Z',
        currentPeriodEnd: '2027-01-01T00:00:00.000Z',
        createdAt: NOW.toISOString(),
      };
      const created = await Promise.all([
        a.sellerSubscriptions.createForProvider(row),
        b.sellerSubscriptions.createForProvider(row),
      ]);
      expect(created[0]).toEqual(created[1]);
      const results = await Promise.allSettled([
        a.sellerSubscriptions.markCardVerified(id, NOW),
        b.sellerSubscriptions.markCardVerified(id, NOW),
      ]);
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(wins(results)).toBe(1);
    }
  });

  // seller payouts (decision 0101): the buyer's confirmation and the release job (or two job runs) releasing
  // one payout at once
  it('a payout is made once per order and released once, and a seller gets one payout account', async () => {
    await emptied();
    for (let round = 0; round < ROUNDS; round++) {
      const puppy = await listing(true);
      const buyer = await seller();
      const order = await storage.orders.create(
        buildOrder(
          {
            puppyId: puppy.id,
            buyerId: buyer.id,
            sellerId: puppy.userId,
            status: 'handed_over',
            paidAt: NOW.toISOString(),
            handedOverAt: NOW.toISOString(),
            canceledAt: null,
          },
          NOW,
        ),
      );
      const row = buildPayout({ orderId: order.id, sellerId: puppy.userId }, NOW);
      const created = await Promise.all([a.payouts.createForOrder(row), b.payouts.createForOrder(row)]);
      expect(created[0]).toEqual(created[1]);
      const release = (s: Store) =>
        s.payouts.transition(created[0].id, ['scheduled'], { status: 'releasing', releasedAt: NOW.toISOString() });
      const results = await Promise.allSettled([release(a), release(b)]);
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(wins(results)).toBe(1);
      const account = (accountId: string) => buildPayoutAccount({ userId: puppy.userId, accountId }, NOW);
      const accounts = await Promise.all([
        a.payoutAccounts.createForUser(account(`acct_race_a_${round}`)),
        b.payoutAccounts.createForUser(account(`acct_race_b_${round}`)),
      ]);
      expect(accounts[0]).toEqual(accounts[1]);
    }
  });

  it('verification attempts are counted exactly', async () => {
    await emptied();
    const issued = (await storage.verificationCodes.issue(
      {
        channel: 'phone',
        target: '+15550100',
        codeHash: 'h',
        owner: 'user:1',
        client: 'net',
        sentAt: NOW.toISOString(),
        expiresAt: '2027-01-01T00:00:00.000Z',
        attempts: 0,
        verifiedAt: null,
      },
      new Date(NOW.getTime() - 60_000),
    ))!;
    const guesses = Array.from({ length: 20 }, (_, i) =>
      (i % 2 ? a : b).verificationCodes.countAttempt(issued.id, 5, NOW),
    );
    const results = await Promise.allSettled(guesses);
    expect(wins(results)).toBe(5);
    expect((await storage.verificationCodes.get(issued.id))?.attempts).toBe(5);
  });

  it('a verification code is sent once per resend window to a target by one requester', async () => {
    await emptied();
    for (let round = 0; round < ROUNDS; round++) {
      const target = `x${round}@example.com`;
      // one owner from several networks: one requester
      const send = (s: Store, owner: string, client: string) =>
        s.verificationCodes.issue(
          {
            channel: 'email',
            target,
            codeHash: 'h',
            owner,
            client,
            sentAt: NOW.toISOString(),
            expiresAt: '2027-01-01T00:00:00.000Z',
            attempts: 0,
            verifiedAt: null,
          },
          new Date(NOW.getTime() - 60_000),
        );
      const results = await Promise.allSettled([
        send(a, 'anon:1', 'net'),
        send(b, 'anon:1', 'net-2'),
        send(a, 'anon:1', 'net-3'),
        send(b, 'anon:1', 'net'),
      ]);
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(wins(results)).toBe(1);
    }
  });

  it('a favourite and a seller application are kept once when both processes add them at once', async () => {
    await emptied();
    for (let round = 0; round < ROUNDS; round++) {
      const puppy = await listing(true);
      const fan = await seller();
      const favourites = await Promise.allSettled([
        a.favorites.add(fan.id, puppy.id, NOW),
        b.favorites.add(fan.id, puppy.id, NOW),
      ]);
      expect(favourites.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(await storage.favorites.listByUser(fan.id)).toHaveLength(1);
      const row = (plan: 'monthly' | 'annual') => ({
        userId: fan.id,
        name: 'Ann',
        email: 'ann@example.com',
        phone: '555-0100',
        location: 'Austin, TX',
        experience: '5 years',
        breedSpecialty: 'Corgi',
        termsAgreed: true,
        plan,
        status: 'approved' as const,
        createdAt: NOW.toISOString(),
      });
      const applications = await Promise.allSettled([
        a.sellerApplications.upsert(row('monthly')),
        b.sellerApplications.upsert(row('annual')),
      ]);
      expect(applications.filter((r) => r.status === 'rejected')).toEqual([]);
      const ids = applications.map((r) => (r as PromiseFulfilledResult<{ id: number }>).value.id);
      expect(ids[0]).toBe(ids[1]);
    }
  });

  it('a session is revoked once: the first time stays', async () => {
    await emptied();
    for (let round = 0; round < ROUNDS; round++) {
      const user = await seller();
      const session = await storage.sessions.create({
        userId: user.id,
        createdAt: NOW.toISOString(),
        expiresAt: '2027-01-01T00:00:00.000Z',
        revokedAt: null,
      });
      const times = [new Date(NOW.getTime() + 1_000), new Date(NOW.getTime() + 2_000)];
      const results = await Promise.all([
        a.sessions.revoke(session.id, times[0]!),
        b.sessions.revoke(session.id, times[1]!),
      ]);
      const stored = (await storage.sessions.get(session.id))!.revokedAt;
      expect(times.map((t) => t.toISOString())).toContain(stored);
      expect(results.map((r) => r?.revokedAt)).toEqual([stored, stored]);
    }
  });

  // decision 0094: a scheduled job's tick, claimed by two processes whose timers fire together
  it('a job is claimed by one process per interval', async () => {
    await emptied();
    const HOUR = 60 * 60 * 1000;
    const gap = 0.9 * HOUR;
    const at = (ms: number) => new Date(NOW.getTime() + ms);
    for (let round = 0; round < ROUNDS; round++) {
      const tick = at(round * HOUR);
      const results = await Promise.all([
        a.jobLeases!.claim('sweep', gap, tick),
        b.jobLeases!.claim('sweep', gap, tick),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      // the other process's offset timer, half an interval later, finds the run already done
      expect(await b.jobLeases!.claim('sweep', gap, at(round * HOUR + HOUR / 2))).toBe(false);
    }
    // another job has its own lease
    expect(await a.jobLeases!.claim('other', gap, NOW)).toBe(true);
  });

  it('a payment event is applied once', async () => {
    await emptied();
    for (let round = 0; round < ROUNDS; round++) {
      const results = await Promise.allSettled([
        a.paymentEvents.claim(`evt_${round}`, 't', NOW),
        b.paymentEvents.claim(`evt_${round}`, 't', NOW),
      ]);
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(wins(results)).toBe(1);
    }
  });

  // conversations (decision 0090)
  it('two first inquiries at once make one conversation, and the recipient’s mail is claimed once', async () => {
    await emptied();
    for (let round = 0; round < ROUNDS; round++) {
      const puppy = await listing(true);
      const buyer = await seller();
      const ask = (s: Store, body: string) =>
        s.conversations.startOrContinue(
          { puppyId: puppy.id, buyerId: buyer.id, sellerId: puppy.userId },
          { senderId: buyer.id, body, flags: [] },
          NOW,
        );
      const asked = await Promise.allSettled([ask(a, 'one'), ask(b, 'two')]);
      expect(asked.filter((r) => r.status === 'rejected')).toEqual([]);
      const ids = asked.map(
        (r) => (r as PromiseFulfilledResult<{ conversation: { id: number } }>).value.conversation.id,
      );
      expect(ids[0]).toBe(ids[1]);
      expect(await storage.messages.listByConversation(ids[0]!)).toHaveLength(2);
      const since = new Date(NOW.getTime() - 15 * 60_000);
      const claims = await Promise.all([
        a.conversations.claimMail(ids[0]!, puppy.userId, NOW, since),
        b.conversations.claimMail(ids[0]!, puppy.userId, NOW, since),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
    }
  });

  // decision 0117: the scam guard counts a sender's flags once at a time
  it('two processes counting a sender’s third flagged message at once file one scam-guard report', async () => {
    await emptied();
    for (let round = 0; round < ROUNDS; round++) {
      const puppy = await listing(true);
      const buyer = await seller();
      const sender = (await storage.users.get(puppy.userId))!;
      const { conversation } = await storage.conversations.startOrContinue(
        { puppyId: puppy.id, buyerId: buyer.id, sellerId: sender.id },
        { senderId: sender.id, body: 'Zelle only', flags: ['zelle'] },
        NOW,
      );
      for (const flags of [['venmo'], ['phone_number']])
        await storage.conversations.addMessage(conversation.id, { senderId: sender.id, body: 'x', flags }, NOW);
      const filed = await Promise.allSettled([queueRepeatedFlags(a, sender, NOW), queueRepeatedFlags(b, sender, NOW)]);
      expect(filed.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(wins(filed)).toBe(1);
    }
  });

  // decision 0087: fulfilment's decisions (domain/orders.ts) applied by two processes at once
  const intentFor = (
    puppy: { id: number; userId: number; price: number },
    buyerId: number,
    id: string,
    status: 'requires_capture' | 'succeeded',
  ): PaymentIntentSnapshot => {
    const priceCents = Math.round(puppy.price * 100);
    return {
      object: 'payment_intent',
      id,
      status,
      amountCents: priceCents + CARE_PACKAGE_CENTS,
      amountCapturableCents: status === 'requires_capture' ? priceCents + CARE_PACKAGE_CENTS : 0,
      amountReceivedCents: status === 'succeeded' ? priceCents + CARE_PACKAGE_CENTS : 0,
      currency: 'usd',
      captureMethod: 'manual',
      clientSecret: `${id}_secret`,
      metadata: {
        purpose: 'puppy_purchase',
        puppyId: String(puppy.id),
        buyerId: String(buyerId),
        sellerId: String(puppy.userId),
        puppyPriceCents: String(priceCents),
        carePackageCents: String(CARE_PACKAGE_CENTS),
      },
      lastError: null,
      livemode: false,
      createdAt: NOW.toISOString(),
    };
  };

  it('an authorised payment gets one order, and its puppy is reserved once', async () => {
    await emptied();
    for (let round = 0; round < ROUNDS; round++) {
      const puppy = await listing(true);
      const buyer = await seller();
      const intent = intentFor(puppy, buyer.id, `pi_auth_race_${round}`, 'requires_capture');
      const results = await Promise.allSettled([
        recordAuthorisedPurchase(a, intent, NOW, false),
        recordAuthorisedPurchase(b, intent, NOW, false),
      ]);
      expect(results).toEqual([
        { status: 'fulfilled', value: 'capture' },
        { status: 'fulfilled', value: 'capture' },
      ]);
      expect(await storage.orders.findByIntent(intent.id)).toMatchObject({ status: 'pending' });
      expect((await storage.puppies.get(puppy.id))?.status).toBe('reserved');
    }
  });

  it('two buyers authorised at once: one order holds the puppy, the other is released', async () => {
    await emptied();
    for (let round = 0; round < ROUNDS; round++) {
      const puppy = await listing(true);
      const [x, y] = [await seller(), await seller()];
      const results = await Promise.allSettled([
        recordAuthorisedPurchase(a, intentFor(puppy, x.id, `pi_two_x_${round}`, 'requires_capture'), NOW, false),
        recordAuthorisedPurchase(b, intentFor(puppy, y.id, `pi_two_y_${round}`, 'requires_capture'), NOW, false),
      ]);
      expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'rejected')).sort()).toEqual([
        'cancel',
        'capture',
      ]);
    }
  });

  it('a captured payment marks its order paid once, so the receipts go out once', async () => {
    await emptied();
    for (let round = 0; round < ROUNDS; round++) {
      const puppy = await listing(true);
      const buyer = await seller();
      expect(
        await recordAuthorisedPurchase(
          storage,
          intentFor(puppy, buyer.id, `pi_paid_race_${round}`, 'requires_capture'),
          NOW,
          false,
        ),
      ).toBe('capture');
      const taken = intentFor(puppy, buyer.id, `pi_paid_race_${round}`, 'succeeded');
      const results = await Promise.allSettled([
        recordSucceededPurchase(a, taken, NOW, false),
        recordSucceededPurchase(b, taken, NOW, false),
      ]);
      expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'rejected')).sort()).toEqual(['mail', 'none']);
    }
  });

  it('the local provider captures, and refunds, an intent once', async () => {
    await emptied();
    for (let round = 0; round < ROUNDS; round++) {
      const { row } = await storage.localPayments.createOnce({
        providerId: `pi_local_race_${round}`,
        kind: 'payment_intent',
        status: 'requires_capture',
        amountCents: 154_999,
        currency: 'usd',
        captureMethod: 'manual',
        clientSecret: `pi_local_race_${round}_secret`,
        metadata: {},
        lastError: null,
        lastErrorCode: null,
        idempotencyKey: `race:${round}`,
        paymentMethodId: null,
        trialEnd: null,
        refundedCents: 0,
        createdAt: NOW.toISOString(),
        updatedAt: NOW.toISOString(),
      });
      const capture = (s: Store) => s.localPayments.transition(row.id, ['requires_capture'], { status: 'succeeded' });
      const captures = await Promise.allSettled([capture(a), capture(b)]);
      expect(captures.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(wins(captures)).toBe(1);
      const refunds = await Promise.allSettled([
        a.localPayments.refund(row.id, NOW),
        b.localPayments.refund(row.id, NOW),
      ]);
      expect(refunds.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(wins(refunds)).toBe(1);
    }
  });

  it('a transaction asking for the local balances waits while another holds them', async () => {
    await emptied();
    const steps: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const firstLocked = new Promise<void>((resolve) => (locked = resolve));
    const first = a.transaction(async (tx) => {
      await tx.localPayments.lockBalances();
      locked();
      await held;
      steps.push('first ends');
    });
    await firstLocked;
    const second = b.transaction(async (tx) => {
      await tx.localPayments.lockBalances();
      steps.push('second holds');
    });
    // the second is queued behind the first's advisory lock
    await expect
      .poll(
        async () =>
          (await pool.query(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`))
            .rows[0].n,
        { timeout: 10_000 },
      )
      .toBe(1);
    expect(steps).toEqual([]);
    release();
    await Promise.all([first, second]);
    expect(steps).toEqual(['first ends', 'second holds']);
  });

  it('a username is taken once, in any letter case', async () => {
    await emptied();
    for (let round = 0; round < ROUNDS; round++) {
      const { usernameKey: _k, ...row } = buildUser({ username: `Racer${round}` }, NOW);
      const results = await Promise.allSettled([
        a.users.create(row),
        b.users.create({ ...row, username: row.username.toUpperCase() }),
      ]);
      expect(wins(results)).toBe(1);
      const losers = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(losers.map((r) => r.reason)).toEqual([expect.any(UsernameTakenError)]);
    }
  });
});
