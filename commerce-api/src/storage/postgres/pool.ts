// One pg.Pool per process, with the type parsers that give rows the lowdb shapes: timestamps as
// ISO-8601 strings (what model.ts stores), numerics as numbers; and a quicker one for plain text arrays.
// Named prepared statements are the store's, not the pool's (prepared-statements.ts, decision 0103).
import pg from 'pg';
import type { Log } from '../../logging/log.ts';

const TIMESTAMPTZ = 1184;
const NUMERIC = 1700;
const INT8 = 20;
const TEXT_ARRAY: number = 1009;

/**
 * A timestamptz as PostgreSQL writes it in UTC ("2026-11-25 23:10:05.12+00") turned into the model's
 * ISO string ("2026-11-25T23:10:05.120Z") by moving characters: parsing it with Date took 1.3 µs, and a
 * listing has four (a catalogue page reads its listings' cards instead: migration 0008). Another
 * offset, or a year past 9999, goes through Date.
 */
export function isoTimestamp(value: string): string {
  const n = value.length;
  // "YYYY-MM-DD HH:MM:SS" + an optional "." and 1–6 digits + "+00"
  if (
    n >= 22 &&
    n <= 29 &&
    n !== 23 &&
    value.charCodeAt(4) === 45 &&
    value.charCodeAt(10) === 32 &&
    (n === 22 || value.charCodeAt(19) === 46) &&
    value.endsWith('+00')
  ) {
    const fraction = n > 22 ? value.slice(20, n - 3) : '';
    return `${value.slice(0, 10)}T${value.slice(11, 19)}.${`${fraction}000`.slice(0, 3)}Z`;
  }
  return new Date(value).toISOString();
}

const parseTextArray = pg.types.getTypeParser(TEXT_ARRAY, 'text') as (value: string) => string[];

/**
 * A text[] whose items need no quoting ("{Black,Tan}", a listing's colors and image paths) split at
 * its commas: 0.17 µs an array where the general parser, reading a character at a time, takes 0.6 µs
 * (two arrays a listing).
 * PostgreSQL quotes every item holding a quote, backslash, comma, brace or space; a quoted item, a
 * NULL or a nested array goes to the general parser.
 */
export function textArray(value: string): (string | null)[] {
  if (value === '{}') return [];
  if (value.charCodeAt(0) !== 123 || /["{]/.test(value.slice(1)) || /(^|,)NULL(,|$)/i.test(value.slice(1, -1)))
    return parseTextArray(value);
  return value.slice(1, -1).split(',');
}

function getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  if (oid === TIMESTAMPTZ) return isoTimestamp;
  if (oid === TEXT_ARRAY) return textArray;
  if (oid === NUMERIC || oid === INT8) return (value) => Number(value);
  return pg.types.getTypeParser(oid, format as 'text');
}

export interface PoolOptions {
  /** postgres://user:password@host:port/database (a unix socket: ?host=/path/to/dir) */
  connectionString: string;
  /** connections this process may hold */
  max?: number;
  /** where a dropped idle connection is reported (the server's logger; scripts: the console) */
  log?: Log;
}

/**
 * No parallel workers for this process's queries. Each answers one request from a few thousand rows
 * at most, and starting workers costs more than they share: a keyword page's parallel scan took 42 ms
 * where its workers scanned for 13 (10 ms without them), and under load they take the cores other
 * requests need (decision 0104). A DATABASE_URL with its own `options` keeps them.
 *
 * No JIT compilation either: it pays off for long analytical queries, and these are short. A statement
 * whose estimated cost passes jit_above_cost is compiled on every run: the cards' evidence statement
 * (repositories/breeders.ts), estimated high for a subquery that seldom runs, spent about 1 s of its
 * 1.06 s compiling, and under load a catalogue page took seconds (decision 0118, its note on the cost).
 */
const SESSION_SETTINGS = '-c max_parallel_workers_per_gather=0 -c jit=off';

/**
 * How long an idle connection stays open (pg's default is 10 s). A connection opened again after a
 * quiet moment costs its first requests the server's caches of the schema, and the named statements
 * this store prepared on it (decision 0103; decision 0138 has the figures).
 */
const IDLE_MS = 10 * 60_000;

/**
 * The catalogue's pages' own pool (decision 0139): the same database, connections and settings, with
 * every statement planned for its values. A page is run as a named statement there, so its text is sent
 * and parsed once per connection, not on every request (0.3–0.9 ms of the database's time for a
 * distance page, about 0.15 ms of this process's), yet never run on a plan made for no values in
 * particular: a page's generic plan picked one price range and one way through the indexes for all of
 * them (decision 0103), and a distance walk took 156 ms on one. The store's other named statements stay
 * on the main pool, whose generic plans spare them their planning (a listing by id: 0.23 against 0.38 ms),
 * and so do the pages written so that they can be read one way only (decision 0140).
 */
export function createPagesPool(pool: pg.Pool): pg.Pool {
  const config = pool.options as pg.PoolConfig;
  const plan = '-c plan_cache_mode=force_custom_plan';
  // A DATABASE_URL's own `options` replace the pool's (pg reads the URL over its config): the plan
  // setting is added to them, as a page must never run on a generic plan.
  let connectionString = config.connectionString;
  if (connectionString) {
    const url = new URL(connectionString);
    const own = url.searchParams.get('options');
    if (own !== null) {
      url.searchParams.set('options', `${own} ${plan}`);
      connectionString = url.toString();
    }
  }
  const pages = new pg.Pool({ ...config, connectionString, options: `${SESSION_SETTINGS} ${plan}` });
  pages.on('error', (error) => pool.emit('error', error));
  return pages;
}

export function createPool({ connectionString, max = 10, log = console }: PoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    idleTimeoutMillis: IDLE_MS,
    options: SESSION_SETTINGS,
    types: { getTypeParser } as pg.CustomTypesConfig,
  });
  // An idle connection the server dropped (a restart, a failover) is an 'error' event; unheard, it
  // would end the process. The pool opens a new connection for the next query.
  pool.on('error', (error) => log.warn(`PostgreSQL: an idle connection failed: ${error.message}`));
  return pool;
}
