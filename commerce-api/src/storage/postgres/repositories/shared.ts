// What the PostgreSQL repositories share (decision 0076): the live order states, the unique-violation
// test, the no-op patch check, running in the caller's transaction, and what a store keeps between calls.
import { sql, type Compilable, type Transaction } from 'kysely';
import type pg from 'pg';
import type { Breed, OrderStatus } from '../../../domain/model.ts';
import type { CatalogueCensus } from '../catalogue-census.ts';
import { markPrepared } from '../prepared-statements.ts';
import type { Database, Db } from '../schema.ts';

export const LIVE: readonly OrderStatus[] = ['pending', 'paid', 'handed_over'];

/** a unique constraint refused the write */
export function uniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string };
  return e?.code === '23505' && e.constraint === constraint;
}

/** whether a patch changes anything: keys set to undefined are left as they were (as on lowdb) */
export function changesSomething(patch: object): boolean {
  return Object.values(patch).some((value) => value !== undefined);
}

/** runs fn in the caller's transaction, or in a new one when the caller has none */
export function atomically<T>(db: Db, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<Database>) : db.transaction().execute(fn);
}

/** a transaction-scoped advisory lock on a text key (the same key in every process) */
export async function lockKey(trx: Transaction<Database>, key: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/** the first row of a statement of fixed shape, run as a named prepared statement (prepared-statements.ts) */
export async function firstPrepared<R>(db: Db, query: Compilable<R>): Promise<R | undefined> {
  const compiled = query.compile();
  markPrepared(compiled.sql);
  return (await db.executeQuery(compiled)).rows[0];
}

/** what one store (one pool) keeps between calls */
export interface Kept {
  breeds?: { rows: Breed[]; until: number };
  /** the store's pool, for the catalogue's list, which runs outside any transaction (catalogue.ts) */
  pool: pg.Pool;
  /** the catalogue's head count, read on the pool (catalogue-census.ts) */
  census: CatalogueCensus;
}
