// npm run backup / npm run restore on PostgreSQL (decision 0115): PostgreSQL's own client tools, pg_dump in its
// custom format and pg_restore. pg_dump reads one snapshot of the database, so the backup is consistent
// while the product serves. Uploaded media are not in it: they stay in object storage (or DATA_DIR/uploads),
// kept as the README says.
import { spawn } from 'node:child_process';
import { stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { commitFile } from '../durable-files.ts';
import { RestoreRefusedError } from '../restore-refused.ts';
import { migrate } from './migrate.ts';
import { createPool } from './pool.ts';
import { publicTables, vacuumAnalyze } from './ready-to-serve.ts';

/** how PostgreSQL's client tools are installed, for the message when they are missing */
export const INSTALL_CLIENT_TOOLS =
  "install PostgreSQL client tools of the server's major version or newer: apt-get install postgresql-client (Debian, Ubuntu), " +
  'dnf install postgresql (Fedora, Red Hat), brew install libpq (macOS)';

export class ClientToolsMissingError extends Error {
  override name = 'ClientToolsMissingError';
}

export interface ToolOptions {
  /** where pg_dump and pg_restore are; default: the PATH */
  binDir?: string;
}

/** writes a pg_dump of `databaseUrl` (custom format) to `file`, replaced whole, never left half-written */
export async function backupPostgres(
  databaseUrl: string,
  file: string,
  options: ToolOptions = {},
): Promise<{ bytes: number }> {
  const target = path.resolve(file);
  const temp = `${target}.${process.pid}.tmp`;
  try {
    await runTool('pg_dump', ['--format=custom', '--file', temp], databaseUrl, options);
    await commitFile(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
  return { bytes: (await stat(target)).size };
}

export interface PostgresRestoreReport {
  /** migrations applied after the restore: the backup came from an older PuppyNest */
  migrated: number[];
  /** the tables given VACUUM ANALYZE */
  tables: number;
}

/**
 * Restores a pg_dump into `databaseUrl`, which must hold no tables (decision 0115: a restore never
 * overwrites), all of it or nothing (one transaction); then migrates it to this version's schema and runs
 * VACUUM ANALYZE, so it serves at full speed at once.
 */
export async function restorePostgres(
  file: string,
  databaseUrl: string,
  options: ToolOptions = {},
): Promise<PostgresRestoreReport> {
  const pool = createPool({ connectionString: databaseUrl, max: 1 });
  try {
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace WHERE s.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm')`,
    );
    const held = rows[0]!.n;
    if (held > 0) {
      throw new RestoreRefusedError(
        `The database of DATABASE_URL (${describeUrl(databaseUrl)}) already holds ${held} table${held === 1 ? '' : 's'}. A restore goes into an empty database and never overwrites: ` +
          'create one (createdb, or CREATE DATABASE), point DATABASE_URL at it, and run the restore again. Nothing was changed.',
      );
    }
    // --no-owner, --no-privileges: the restoring role owns what it creates, whoever owned it before. Committed
    // synchronously, for the VACUUM after it (ready-to-serve.ts).
    await runTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', path.resolve(file)],
      databaseUrl,
      {
        ...options,
        settings: '-c synchronous_commit=on',
      },
    );
    const migrated = await migrate(pool);
    const tables = await publicTables(pool);
    await vacuumAnalyze(pool, tables);
    return { migrated, tables: tables.length };
  } finally {
    await pool.end();
  }
}

/**
 * Runs pg_dump or pg_restore on `databaseUrl`. The password goes in PGPASSWORD, not on the command line,
 * where every user of the machine could read it.
 */
function runTool(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  databaseUrl: string,
  options: ToolOptions & { settings?: string },
): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const command = options.binDir ? path.join(options.binDir, tool) : tool;
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, '--dbname', url.href], {
      env: {
        ...process.env,
        ...(password ? { PGPASSWORD: password } : {}),
        ...(options.settings ? { PGOPTIONS: `${process.env['PGOPTIONS'] ?? ''} ${options.settings}`.trim() } : {}),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new ClientToolsMissingError(
              `${tool} was not found${options.binDir ? ` in ${options.binDir}` : ' on the PATH'}: ${INSTALL_CLIENT_TOOLS}.`,
            )
          : error,
      );
    });
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim() || 'no message'}`));
    });
  });
}

/** the database's host and name, never its password */
function describeUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${url.hostname || url.searchParams.get('host') || 'localhost'}/${decodeURIComponent(url.pathname.slice(1))}`;
}
