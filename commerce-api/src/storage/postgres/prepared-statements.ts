// Named prepared statements for the few statements of fixed shape that run on nearly every request
// (a session with its user, a listing by id), and for the catalogue's capped counts. PostgreSQL plans
// an unnamed statement on every call: measured with pg_stat_statements under load, planning was
// 0.10–0.12 ms of each of these reads against 0.03–0.04 ms of executing it. A named one is planned
// once per connection.
//
// Statements are marked by their SQL text (markPrepared), and the pool's connections send a marked
// text under its name (pool.ts), whether it comes through Kysely or pool.query. Only marked texts:
// Kysely writes a new text for every length of an IN list, and every named statement stays in its
// connection until it closes.
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** SQL text → the name it is prepared under */
const names = new Map<string, string>();

function nameFor(text: string, generation: number): string {
  return `pn_${createHash('sha1').update(text).digest('hex').slice(0, 16)}_${generation}`;
}

export function markPrepared(text: string): void {
  if (!names.has(text)) names.set(text, nameFor(text, 0));
}

/** the error PostgreSQL gives a prepared SELECT * whose table gained or lost a column since */
const RESULT_TYPE_CHANGED = '0A000';

/** makes a pool connection send every marked text as a named statement (the pool's 'connect' event) */
export function namePreparedStatements(client: pg.PoolClient): void {
  type Query = (...args: unknown[]) => Promise<pg.QueryResult> | undefined;
  type Callback = (error: unknown, result?: pg.QueryResult) => void;
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
  const prepared = (name: string, text: string, values: unknown): Promise<pg.QueryResult> =>
    query({ name, text, values }).catch((error: unknown) => {
      if ((error as { code?: string }).code !== RESULT_TYPE_CHANGED) throw error;
      // Another process migrated the table under this connection's plan so that its result changed (a
      // column type; statements that name their columns survive added ones): prepare the text again
      // under a new name (pg refuses one name for a second plan). Inside a transaction the error has
      // already ended it, and the caller sees the error once.
      const next = nameFor(text, Number(name.slice(name.lastIndexOf('_') + 1)) + 1);
      names.set(text, next);
      return query({ name: next, text, values });
    });
  // Both forms a text arrives in: Kysely's (text, values), and pool.query's (text, values, callback).
  const named: Query = (text, values, ...rest) => {
    const name = typeof text === 'string' && rest.length <= 1 ? names.get(text) : undefined;
    if (name === undefined) return query(text, values, ...rest);
    const result = prepared(name, text as string, values);
    const callback = rest[0] as Callback | undefined;
    if (!callback) return result;
    result.then((r) => callback(undefined, r), (error: unknown) => callback(error));
    return undefined;
  };
  (client as unknown as { query: Query }).query = named;
}
