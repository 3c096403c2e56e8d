// After a bulk write (db:import, a restore, a migration that fills a large table), VACUUM ANALYZE of what
// it wrote (decision 0115). Until then the planner has no statistics for the new rows and the visibility
// map is unset, so the catalogue's index-only scans (decision 0100) visit the table for every row: right
// after importing 100,000 listings the catalogue's long tail ran at a twentieth of its speed after
// VACUUM ANALYZE. Autovacuum would get there, but minutes later, while the site already serves.
// VACUUM cannot run inside a transaction: this runs after the writer's commit.
import type pg from 'pg';

/**
 * VACUUM, then ANALYZE, of the tables. VACUUM marks a row visible to all only once the row's commit is on
 * disk. So the writer before it commits synchronously (SYNCHRONOUS_COMMIT), whatever the server's
 * synchronous_commit; and every VACUUM runs before any ANALYZE, whose own commit may be asynchronous and,
 * not yet on disk, would count as the writer's (they share a commit-log page's LSN), leaving the next
 * table's rows out of the visibility map.
 */
export async function vacuumAnalyze(db: pg.Pool | pg.PoolClient, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  const list = tables.map((table) => `"${table.replaceAll('"', '""')}"`).join(', ');
  await db.query(`VACUUM ${list}`);
  await db.query(`ANALYZE ${list}`);
}

/** run inside the writer's transaction (a session setting for pg_restore) */
export const SYNCHRONOUS_COMMIT = 'SET LOCAL synchronous_commit = on';

/** the tables of the public schema: after a restore, everything there was just written */
export async function publicTables(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  return rows.map((row) => row.name);
}
