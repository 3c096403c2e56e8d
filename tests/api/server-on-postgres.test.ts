// The real server on PostgreSQL (docs/decisions/0089): with DATABASE_URL set, two processes
// started at once on one empty database migrate it once, seed it once and serve the same product; an
// account made through one is signed in through the other. Runs in the api-postgres project only.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { createPool } from '../../commerce-api/src/storage/postgres/pool.ts';

const SERVER = path.resolve('commerce-api/src/server.ts');
const children: ChildProcess[] = [];
const dirs: string[] = [];
const url = (database: string) => inject('postgresUrlTemplate').replace('{database}', database);
const admin = createPool({ connectionString: url('postgres'), max: 1 });

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(
    children.map((child) =>
      child.exitCode !== null || child.signalCode !== null
        ? undefined
        : new Promise((resolve) => child.once('exit', resolve)),
    ),
  );
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  await admin.query('DROP DATABASE IF EXISTS server_process WITH (FORCE)');
  await admin.end();
});

function startServer(databaseUrl: string): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pn-pg-server-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: 'false',
      SESSION_SECRET: 'one-session-secret-shared-by-every-process-0123',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/[\d.:]+) \(data in PostgreSQL/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

it('two servers started at once on an empty database migrate and seed it once, and serve one product', async () => {
  await admin.query('CREATE DATABASE server_process');
  const databaseUrl = url('server_process');
  const [a, b] = await Promise.all([startServer(databaseUrl), startServer(databaseUrl)]);

  const db = createPool({ connectionString: databaseUrl, max: 1 });
  try {
    const versions = (
      await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')
    ).rows.map((r) => r.version);
    expect(versions.length).toBeGreaterThan(0);
    expect(new Set(versions).size).toBe(versions.length);
    expect(Number((await db.query('SELECT count(*) AS n FROM breeds')).rows[0].n)).toBe(58);
    expect(Number((await db.query(`SELECT count(*) AS n FROM users WHERE role = 'admin'`)).rows[0].n)).toBe(1);
  } finally {
    await db.end();
  }

  // an account registered through A is signed in through B (sessions live in the database; the
  // processes share SESSION_SECRET, as every deployment of more than one must)
  const registered = await fetch(`${a}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'both-sides',
      password: 'correct-horse-battery',
      email: 'both@example.com',
      accountType: 'buyer',
      confirmAdult: true,
    }),
  });
  expect(registered.status).toBe(201);
  const cookie = registered.headers
    .getSetCookie()
    .find((c) => c.startsWith('pn_session='))!
    .split(';')[0]!;
  const me = await fetch(`${b}/api/user`, { headers: { cookie } });
  expect(me.status).toBe(200);
  expect((await me.json()).username).toBe('both-sides');

  // the same catalogue from both
  for (const server of [a, b]) {
    const breeds = await fetch(`${server}/api/breeds`);
    expect(((await breeds.json()) as unknown[]).length).toBe(58);
  }
});
