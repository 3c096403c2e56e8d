// A throwaway PostgreSQL 15 for the tests, from Debian's package: initdb into a temporary directory
// as an unprivileged user (postgres refuses to run as root), listening only on a unix socket in that
// directory, stopped and removed afterwards. Without the package the tests fail with the command that
// installs it: a silent skip would report a green suite that never touched PostgreSQL.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const INSTALL_POSTGRES = 'apt-get install -y postgresql-15';
const BIN_DIR = process.env['PG_BIN_DIR'] ?? '/usr/lib/postgresql/15/bin';
/** the unprivileged account that owns the cluster when the tests run as root */
const RUN_AS = 'postgres';

export interface TestPostgres {
  /** a postgres:// URL over the unix socket */
  url(database?: string): string;
  /** runs SQL as the superuser through psql (CREATE DATABASE …) */
  psql(sqlText: string): void;
  stop(): void;
}

function asUser(command: string, args: string[]): string[] {
  if (process.getuid?.() !== 0) return [command, ...args];
  return ['runuser', '-u', RUN_AS, '--', command, ...args];
}

function run(command: string, args: string[]): void {
  const [cmd, ...rest] = asUser(command, args);
  const result = spawnSync(cmd!, rest, { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`${path.basename(command)} failed (${result.status}): ${result.stderr || result.stdout}`);
}

export interface StartOptions {
  /** keep fsync and synchronous commit on, as a real server would (benchmarks of acknowledged writes) */
  durable?: boolean;
}

export function startPostgres({ durable = false }: StartOptions = {}): TestPostgres {
  const initdb = path.join(BIN_DIR, 'initdb');
  if (!existsSync(initdb)) {
    throw new Error(`PostgreSQL 15 is not installed (no ${initdb}). Install it with: ${INSTALL_POSTGRES}`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'puppynest-pg-'));
  chmodSync(dir, 0o700);
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', RUN_AS], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', RUN_AS], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  run(initdb, ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  // No TCP at all. fsync off for the tests: a test database that dies with the test loses nothing.
  const speed = durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const options = `-k ${dir} -c listen_addresses='' -c max_connections=100${speed}`;
  run(path.join(BIN_DIR, 'pg_ctl'), ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);

  let stopped = false;
  return {
    url: (database = 'postgres') => `postgres://postgres@localhost/${database}?host=${encodeURIComponent(dir)}`,
    psql: (sqlText) =>
      run(path.join(BIN_DIR, 'psql'), [
        '-h',
        dir,
        '-U',
        'postgres',
        '-d',
        'postgres',
        '-v',
        'ON_ERROR_STOP=1',
        '-q',
        '-c',
        sqlText,
      ]),
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        // smart: PostgreSQL waits until the pools' last connections have closed (a pool's end()
        // resolves before its sockets do; killing them first would fail those clients). A leaked
        // pool would keep it waiting: after 10 s, stop at once.
        try {
          run(path.join(BIN_DIR, 'pg_ctl'), ['-D', data, '-m', 'smart', '-t', '10', '-w', 'stop']);
        } catch {
          run(path.join(BIN_DIR, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
