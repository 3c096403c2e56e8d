// The readiness check of the PostgreSQL store (GET /readyz): the database answers within a short
// bound, and the migrations this version ships are all applied. A process that would run on an older
// schema is not ready: the balancer keeps sending to the others until `migrate()` has run.
import type pg from 'pg';
import type { StoreReadiness } from '../../domain/store/index.ts';
import { loadMigrations } from './migrate.ts';

/** a balancer probes every few seconds: a hung database must answer "not ready", not hang the probe */
const PROBE_TIMEOUT_MS = 2000;

export async function postgresReadiness(pool: pg.Pool): Promise<StoreReadiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<StoreReadiness>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, reason: 'database did not answer in time' }), PROBE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([probe(pool), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function probe(pool: pg.Pool): Promise<StoreReadiness> {
  let applied: Set<number>;
  try {
    const { rows } = await pool.query<{ version: number }>('SELECT version FROM schema_migrations');
    applied = new Set(rows.map((r) => r.version));
  } catch (error) {
    // 42P01: no schema_migrations table, the database was never migrated
    if ((error as { code?: string }).code === '42P01') return { ok: false, reason: 'migrations not applied' };
    return { ok: false, reason: 'database unreachable' };
  }
  const missing = (await loadMigrations()).filter((m) => !applied.has(m.version));
  return missing.length ? { ok: false, reason: 'migrations not applied' } : { ok: true };
}
