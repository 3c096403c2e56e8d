// What the PostgreSQL repositories share (decision 0076): the live order states, the unique-violation
// test, the no-op patch check, running in the caller's transaction, and what a store keeps between calls.
import { sql, type Transaction } from 'kysely';
import type { Breed, OrderStatus } from '../../../domain/model.ts';
import type { CatalogueCensus } from '../catalogue-census.ts';
import type { PreparedStatements } from '../prepared-statements.ts';
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

/**
 * What one store keeps between calls, made when it is opened (repositories.ts) and handed to
 * the repositories that use each part.
 */
export interface Kept {
  breeds?: { rows: Promise<Breed[]>; until: number };
  /** the statements of fixed shape a repository runs named, planned once per connection (decision 0103) */
  prepared: PreparedStatements;
  /** the catalogue's head count, read on the pool, which spares broad lists their count (decision 0102) */
  census: CatalogueCensus;
  /** the catalogue's pages, named on their own pool and planned for their values (decision 0139) */
  pages: PreparedStatements;
  /** the catalogue's pages that can be read one way only, named on the main pool and planned once (decision 0140) */
  planned: PreparedStatements;
}
