// One pg.Pool per process, with the type parsers that give rows the lowdb shapes: timestamps as
// ISO-8601 strings (what model.ts stores), numerics as numbers.
import pg from 'pg';

const TIMESTAMPTZ = 1184;
const NUMERIC = 1700;
const INT8 = 20;

function getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  if (oid === TIMESTAMPTZ) return (value) => new Date(value).toISOString();
  if (oid === NUMERIC || oid === INT8) return (value) => Number(value);
  return pg.types.getTypeParser(oid, format as 'text');
}

export interface PoolOptions {
  /** postgres://user:password@host:port/database (a unix socket: ?host=/path/to/dir) */
  connectionString: string;
  /** connections this process may hold */
  max?: number;
}

export function createPool({ connectionString, max = 10 }: PoolOptions): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, types: { getTypeParser } as pg.CustomTypesConfig });
  // An idle connection the server dropped (a restart, a failover) is an 'error' event; unheard, it
  // would end the process. The pool opens a new connection for the next query.
  pool.on('error', (error) => console.error(`PostgreSQL: an idle connection failed: ${error.message}`));
  return pool;
}
