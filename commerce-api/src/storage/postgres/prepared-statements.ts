// Named prepared statements for the few statements of fixed shape that run on nearly every request
// (a session with its user, a listing by id), and for the catalogue's capped counts (decision 0103).
// PostgreSQL plans an unnamed statement on every call: measured with pg_stat_statements under load,
// planning was 0.10–0.12 ms of each of these reads against 0.03–0.04 ms of executing it. A named one is
// planned once per connection.
//
// A set per pool and purpose (the store's fixed reads; the catalogue's pages, planned for their values
// or once: decisions 0139, 0140), made where the store is opened (repositories.ts) and handed to the
// repositories that run them: a repository says so by calling `first`, the catalogue by calling `query`. The pool
// and its connections are left as pg makes them, so anything else on the pool sends its text unnamed.
// Only the texts run here are named: Kysely writes a new text for every length of an IN list, and
// every named statement stays in its connection until it closes.
import { createHash } from 'node:crypto';
import type { Compilable, PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import type { Db } from './schema.ts';

export interface PreparedStatements {
  /**
   * The first row of a statement of fixed shape, run as a named statement on `db`'s connection or
   * transaction. `db` must be built on `kyselyPool` (repositories.ts createKysely).
   */
  first<R>(db: Db, query: Compilable<R>): Promise<R | undefined>;
  /** a SQL text of fixed shape run on the pool as a named statement (the catalogue's count) */
  query<R extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<pg.QueryResult<R>>;
  /** the pool as Kysely takes it: its connections send a text `first` has run under its name */
  readonly kyselyPool: PostgresPool;
}

function nameFor(text: string, generation: number): string {
  return `pn_${createHash('sha1').update(text).digest('hex').slice(0, 16)}_${generation}`;
}

/** the error PostgreSQL gives a prepared SELECT * whose table gained or lost a column since */
const RESULT_TYPE_CHANGED = '0A000';

/**
 * `maxNames`: at most this many texts are named; any other is sent unnamed (the catalogue's pages: a
 * filter mix is a text of its own, and each named one stays in every connection that ran it).
 */
export function createPreparedStatements(pool: pg.Pool, { maxNames = Infinity } = {}): PreparedStatements {
  /** SQL text → the name it is prepared under */
  const names = new Map<string, string>();

  function nameOf(text: string): string {
    let name = names.get(text);
    if (name === undefined) names.set(text, (name = nameFor(text, 0)));
    return name;
  }

  /** sends a text under its name through `send` (one connection, or the pool) */
  function named<R extends pg.QueryResultRow>(
    send: (config: pg.QueryConfig) => Promise<pg.QueryResult<R>>,
    text: string,
    values: unknown[],
  ): Promise<pg.QueryResult<R>> {
    const name = nameOf(text);
    return send({ name, text, values }).catch((error: unknown) => {
      if ((error as { code?: string }).code !== RESULT_TYPE_CHANGED) throw error;
      // Another process migrated the table under this connection's plan so that its result changed (a
      // column type; statements that name their columns survive added ones): prepare the text again
      // under a new name (pg refuses one name for a second plan). Inside a transaction the error has
      // already ended it, and the caller sees the error once.
      const next = nameFor(text, Number(name.slice(name.lastIndexOf('_') + 1)) + 1);
      names.set(text, next);
      return send({ name: next, text, values });
    });
  }

  /** one per pg connection, so Kysely keeps one connection object per pg connection */
  const views = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  function kyselyView(client: pg.PoolClient): PostgresPoolClient {
    let view = views.get(client);
    if (view) return view;
    const send = (config: pg.QueryConfig) => client.query(config);
    view = {
      // Kysely sends (text, values), and a cursor only when its dialect is given one (this store's is
      // not); a text `first` has run goes under its name
      query: ((text: string, values: unknown[]) =>
        names.has(text)
          ? named(send, text, values)
          : client.query(text, values)) as unknown as PostgresPoolClient['query'],
      release: (destroy) => client.release(destroy),
    };
    views.set(client, view);
    return view;
  }

  return {
    async first(db, query) {
      const compiled = query.compile();
      nameOf(compiled.sql);
      return (await db.executeQuery(compiled)).rows[0];
    },
    query: (text, values) =>
      names.has(text) || names.size < maxNames
        ? named((config) => pool.query(config), text, values)
        : pool.query(text, values),
    kyselyPool: {
      connect: async () => kyselyView(await pool.connect()),
      end: () => pool.end(),
      options: pool.options,
    },
  };
}
