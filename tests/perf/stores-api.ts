// The product through HTTP on both stores at marketplace size (issue 13 point 6), beside the reference
// handler ../shared/bench/pg-anchor.mjs. Starts a durable PostgreSQL 15 (fsync on), builds one
// catalogue of `--rows` listings (default 100,000) and loads it into: a lowdb DATA_DIR, a PostgreSQL
// database for the product, and the anchor's own table. Then three servers, each its own process:
//   the product on lowdb (npm start's server, DATA_DIR), the product on PostgreSQL (DATABASE_URL),
//   and the anchor (a bare node:http handler over one plain table).
// Measures, with autocannon at `--connections` (default 50):
//   - the long tail: every request a new filter mix (the anchor's own generator, so the same paths);
//   - acknowledged writes: PUT /api/favorites/:id by 50 signed-in buyers, each a new (buyer, puppy)
//     pair, so each request is one committed row.
// Runs take turns in short slices, so a busy moment on a shared machine falls on all alike.
//
//   npm run bench -- stores-api [--rows=100000] [--connections=50] [--seconds=10]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createPool } from '../../commerce-api/src/storage/postgres/pool.ts';
import { importLowdb } from '../../commerce-api/src/storage/postgres/import-lowdb.ts';
import { createMemoryStorage } from '../../commerce-api/src/storage/index.ts';
import { shapeOf } from '../../commerce-api/src/seed/seed-postgres.ts';
import { buildBreeds, buildCatalogue, buildUser, createRng, FACTORY_PASSWORD } from '../support/factories.ts';
import { startPostgres } from '../support/postgres-server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ANCHOR = path.resolve(root, '../shared/bench/pg-anchor.mjs');
const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ROWS = arg('rows', 100_000);
const CONNECTIONS = arg('connections', 50);
const SECONDS = arg('seconds', 10);
const BUYERS = 50;

/** the anchor's long-tail generator (pg-anchor.mjs `tail`), so both sides answer the same paths */
let tailCounter = 0;
function tailPath(): string {
  const i = ++tailCounter;
  const lo = (i * 37) % 3000;
  const hi = lo + 500 + ((i * 53) % 2500);
  const breed = 1 + (i % 58);
  const gender = i % 3 ? (i % 2 ? 'Male' : 'Female') : '';
  return `/api/puppies?minPrice=${lo}&maxPrice=${hi}${i % 4 ? '' : `&breed=${breed}`}${gender ? `&gender=${gender}` : ''}&status=available&limit=24&offset=${24 * (i % 7)}`;
}

function start(label: string, command: string, args: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let said = '';
    const listen = (chunk: Buffer) => {
      said += chunk.toString();
      if (ready.test(said)) resolve(child);
    };
    child.stdout!.on('data', listen);
    child.stderr!.on('data', listen);
    child.once('exit', (code) => reject(new Error(`${label} exited with ${code}: ${said.slice(-2000)}`)));
  });
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  bad: number;
}

async function load(port: number, request: () => { method: string; path: string; headers?: Record<string, string> }, seconds: number): Promise<Run> {
  const r = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, ...request() }) }],
  });
  return { rps: r.requests.total / r.duration, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts };
}

async function login(port: number, username: string): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: FACTORY_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login of ${username} on :${port}: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('pn_session='));
  return cookie!.split(';')[0]!;
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'puppynest-bench-'));
  const pg = startPostgres({ durable: true });
  const children: ChildProcess[] = [];
  try {
    // one catalogue for all three
    const now = new Date();
    const memory = createMemoryStorage();
    await memory.write((db) => {
      const breedIds = buildBreeds().map((breed) => db.breeds.insert(breed).id);
      const sellerIds = Array.from({ length: 50 }, (_, i) => db.users.insert(buildUser({ username: `kennel${i}`, accountType: 'seller' }, now)).id);
      for (let i = 0; i < BUYERS; i++) db.users.insert(buildUser({ username: `family${i}` }, now));
      for (const puppy of buildCatalogue(ROWS, createRng(42), { breedIds, sellerIds, now, featured: 0 })) db.puppies.insert(puppy);
    });
    const shape = shapeOf(memory);
    const lowdbDir = path.join(work, 'lowdb');
    mkdirSync(lowdbDir);
    writeFileSync(path.join(lowdbDir, 'db.json'), JSON.stringify(shape));
    pg.psql('CREATE DATABASE product');
    pg.psql('CREATE DATABASE anchor');
    const pool = createPool({ connectionString: pg.url('product'), max: 2 });
    await importLowdb(pool, shape, now);
    await pool.query('VACUUM ANALYZE');
    await pool.end();
    console.log(`stores API: ${ROWS} listings, ${CONNECTIONS} connections, ${SECONDS} s per store and kind (loopback, Node ${process.version})`);

    const anchorLoad = await start('anchor load', process.execPath, [ANCHOR, 'load', pg.url('anchor'), path.join(lowdbDir, 'db.json')], {}, /anchor: loaded/);
    await new Promise((resolve) => anchorLoad.once('exit', resolve));
    const common = { NODE_ENV: 'development', SEED_DEMO_DATA: 'false', HOST: '127.0.0.1', LOGIN_FAILURES_PER_CLIENT: '1000', SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123456789' };
    const ports = { lowdb: 4391, postgres: 4392, anchor: 4393 };
    const server = path.join(root, 'commerce-api/src/server.ts');
    children.push(await start('lowdb product', process.execPath, [server], { ...common, PORT: String(ports.lowdb), DATA_DIR: lowdbDir }, /is running at/));
    children.push(
      await start('postgres product', process.execPath, [server], { ...common, PORT: String(ports.postgres), DATA_DIR: path.join(work, 'pg-data'), DATABASE_URL: pg.url('product') }, /is running at/),
    );
    children.push(await start('anchor', process.execPath, [ANCHOR, 'serve', pg.url('anchor'), String(ports.anchor)], {}, /anchor: serving/));

    const cookies = {
      lowdb: await Promise.all(Array.from({ length: BUYERS }, (_, i) => login(ports.lowdb, `family${i}`))),
      postgres: await Promise.all(Array.from({ length: BUYERS }, (_, i) => login(ports.postgres, `family${i}`))),
    };
    let pair = 0;
    const favorite = (store: 'lowdb' | 'postgres') => () => {
      const i = pair++;
      return { method: 'PUT', path: `/api/favorites/${1 + ((i * 7919) % ROWS)}`, headers: { cookie: cookies[store][i % BUYERS]! } };
    };
    const read = () => ({ method: 'GET', path: tailPath() });

    const runs: Record<string, Run[]> = {};
    const slices = 2;
    const each = Math.max(1, Math.round(SECONDS / slices));
    for (const port of Object.values(ports)) await load(port, read, 1); // warm-up
    for (let s = 0; s < slices; s++) {
      for (const [name, port] of Object.entries(ports)) (runs[`${name} read`] ??= []).push(await load(port, read, each));
      for (const name of ['lowdb', 'postgres'] as const) (runs[`${name} write`] ??= []).push(await load(ports[name], favorite(name), each));
    }
    const summary = (list: Run[]) => ({
      rps: Math.round(list.reduce((sum, r) => sum + r.rps, 0) / list.length),
      p50: Math.max(...list.map((r) => r.p50)),
      p99: Math.max(...list.map((r) => r.p99)),
      bad: list.reduce((sum, r) => sum + r.bad, 0),
    });
    const anchor = summary(runs['anchor read']!);
    for (const [label, list] of Object.entries(runs)) {
      const r = summary(list);
      const vsAnchor = label.endsWith('read') && !label.startsWith('anchor') ? `  ${(r.rps / anchor.rps).toFixed(2)}x anchor` : '';
      console.log(`  ${label.padEnd(16)} ${String(r.rps).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms (worst slice)${r.bad ? `  ${r.bad} failed` : ''}${vsAnchor}`);
    }
    const pgRead = summary(runs['postgres read']!);
    const pgWrite = summary(runs['postgres write']!);
    console.log(`  targets on PostgreSQL: long-tail p99 <= 50 ms: ${pgRead.p99 <= 50 ? 'met' : 'NOT met'}; writes >= 1,000/s with p99 <= 100 ms: ${pgWrite.rps >= 1000 && pgWrite.p99 <= 100 ? 'met' : 'NOT met'}`);
  } finally {
    for (const child of children) {
      child.removeAllListeners('exit');
      child.kill('SIGTERM');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    pg.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
