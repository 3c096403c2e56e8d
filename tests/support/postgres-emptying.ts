// Puts a migrated test database back to the state migrating left it in: every table empty but the
// migration record, identity sequences from 1, the settings row at its defaults, the cards' facts version moved on. Tests reuse one
// database this way instead of making a new one each time.
//
// Why DELETE and setval, and not TRUNCATE … RESTART IDENTITY or a new CREATE DATABASE: TRUNCATE and
// ALTER SEQUENCE … RESTART give each table, index and sequence a new file, and a CREATE DATABASE after a
// DROP waits on the disk. On this machine those cost about 100 ms and 150–300 ms; this costs about 2 ms
// for a test's few rows. Foreign keys are not checked while emptying (session_replication_role), so the
// order of the tables does not matter; every table is emptied, so nothing is left pointing anywhere.
import type pg from 'pg';

/** the SQL that empties the database `pool` is connected to (read once per database: the schema is fixed) */
export async function emptyingSql(pool: pg.Pool): Promise<string> {
  const tables = await pool.query<{ name: string }>(
    `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('schema_migrations', 'card_facts') ORDER BY tablename`,
  );
  const sequences = await pool.query<{ name: string }>(
    `SELECT quote_literal(quote_ident(sequencename)) AS name FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`,
  );
  return [
    'BEGIN',
    'SET LOCAL session_replication_role = replica',
    ...tables.rows.map((t) => `DELETE FROM ${t.name}`),
    ...(sequences.rows.length > 0
      ? [`SELECT ${sequences.rows.map((s) => `setval(${s.name}, 1, false)`).join(', ')}`]
      : []),
    'INSERT INTO settings DEFAULT VALUES',
    // Triggers do not fire while emptying: the cards' facts version moves on here, so no facts a
    // process kept of the rows just deleted are used again (decision 0138)
    'UPDATE card_facts SET version = version + 1',
    'COMMIT',
  ].join(';\n');
}
