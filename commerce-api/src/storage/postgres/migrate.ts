// Schema as code: the numbered .sql files beside this one, applied in order, each once, each in its
// own transaction. Several processes may start at once: a session-level advisory lock lets one of
// them migrate while the others wait, then find nothing left to do.
//
// A migration that fills or rewrites a large table says so on a line of its own,
//     -- vacuum analyze: puppies
// (tables separated by commas), and the tables get VACUUM (ANALYZE) once the migrations are committed,
// still under the lock (decision 0115): VACUUM cannot run inside the migration's transaction.
import { readdir, readFile } from 'node:fs/promises';
import type pg from 'pg';
import { SYNCHRONOUS_COMMIT, vacuumAnalyze } from './ready-to-serve.ts';
import { placedAt, zipOfPlace } from '../../domain/zip-gazetteer.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
/** any fixed number, the same in every process: "PuppyNest migrations" */
const MIGRATION_LOCK = 7_531_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** the tables its `-- vacuum analyze:` lines name */
  vacuumAnalyze: string[];
}

/** the tables named by a migration's `-- vacuum analyze: a, b` lines */
export function vacuumTargets(sql: string): string[] {
  const tables = [...sql.matchAll(/^--\s*vacuum analyze:(.*)$/gim)].flatMap((line) =>
    line[1]!.split(',').map((name) => name.trim()),
  );
  for (const table of tables) {
    if (!/^[a-z_][a-z0-9_]*$/.test(table))
      throw new Error(`"-- vacuum analyze:" names ${JSON.stringify(table)}, which is not a table name`);
  }
  return tables;
}

/**
 * What a migration needs of the app after its SQL, in its transaction: data only the app has. 0017: the
 * listings' ZIP codes from their town and state, and the ZIPs' centres, from the app's gazetteer
 * (decision 0129); each row is updated once, which writes its card again (the trigger of 0008).
 */
const AFTER_SQL: Record<number, (client: pg.PoolClient) => Promise<void>> = {
  17: async (client) => {
    const { rows } = await client.query<{ id: number; location: string }>('SELECT id, location FROM puppies');
    const placed = rows.map((row) => placedAt(zipOfPlace(row.location)));
    await client.query(
      `UPDATE puppies SET zip = f.zip, latitude = f.lat, longitude = f.lon
       FROM unnest($1::int[], $2::text[], $3::float8[], $4::float8[]) AS f(id, zip, lat, lon) WHERE puppies.id = f.id`,
      [rows.map((r) => r.id), placed.map((p) => p.zip), placed.map((p) => p.latitude), placed.map((p) => p.longitude)],
    );
  },
};

/** the migrations of this version of PuppyNest, oldest first (file names: 0001-initial.sql) */
export async function loadMigrations(): Promise<Migration[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}-[\w-]+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (file) => {
      const sql = await readFile(new URL(file, MIGRATIONS_DIR), 'utf8');
      return { version: Number(file.slice(0, 4)), name: file.slice(5, -4), sql, vacuumAnalyze: vacuumTargets(sql) };
    }),
  );
}

/**
 * Brings the database to this version's schema; the versions it applied (empty when it was current).
 * `now` stamps the applied rows: the app's clock.
 */
export async function migrate(pool: pg.Pool, now: Date = new Date()): Promise<number[]> {
  const migrations = await loadMigrations();
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL)`);
    const done = new Set(
      (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version),
    );
    const newest = Math.max(0, ...done);
    const known = Math.max(0, ...migrations.map((m) => m.version));
    if (newest > known) {
      throw new Error(
        `The database has schema version ${newest}, but this PuppyNest knows up to ${known}: it was migrated by a newer PuppyNest.`,
      );
    }
    const applied: number[] = [];
    const vacuum = new Set<string>();
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await client.query('BEGIN');
      try {
        // on disk at once, for the VACUUM after the migrations (ready-to-serve.ts)
        await client.query(SYNCHRONOUS_COMMIT);
        await client.query(m.sql);
        await AFTER_SQL[m.version]?.(client);
        await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [
          m.version,
          m.name,
          now,
        ]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(
          `Migration ${String(m.version).padStart(4, '0')}-${m.name} failed: ${(error as Error).message}`,
          { cause: error },
        );
      }
      applied.push(m.version);
      for (const table of m.vacuumAnalyze) vacuum.add(table);
    }
    await vacuumAnalyze(client, [...vacuum]);
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}
