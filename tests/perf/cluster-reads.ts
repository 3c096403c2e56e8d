// Reads through HAProxy with two product processes against one (decision 0097; docs/product.md §13 asks two
// processes to serve at least 1.6x the reads of one on a machine with the cores for it). Starts a durable
// PostgreSQL 15 with `--rows` listings (default 20,000), two product processes on it, and two HAProxy
// instances from deploy/haproxy.cfg: one in front of both processes, one whose two entries are the same
// process. Then the long tail (every request a new filter mix) through each, in alternating slices.
//
//   npm run bench -- cluster-reads [--rows=20000] [--connections=50] [--seconds=10]
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { importLowdb } from '../../commerce-api/src/storage/postgres/import-lowdb.ts';
import { createPool } from '../../commerce-api/src/storage/postgres/pool.ts';
import { startPostgres } from '../support/postgres-server.ts';
import { benchCatalogue, numberArg, root, startProcess, tailPath } from './lib/bench-setup.ts';

const ROWS = numberArg('rows', 20_000);
const CONNECTIONS = numberArg('connections', 50);
const SECONDS = numberArg('seconds', 10);

async function load(port: number, seconds: number) {
  const r = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, path: tailPath() }) }],
  });
  return { rps: r.requests.total / r.duration, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts };
}

async function untilServing(port: number): Promise<void> {
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'puppynest-cluster-bench-'));
  const pg = startPostgres({ durable: true });
  const children: ChildProcess[] = [];
  try {
    const now = new Date();
    const shape = await benchCatalogue(ROWS, 0, now);
    pg.psql('CREATE DATABASE product');
    const pool = createPool({ connectionString: pg.url('product'), max: 2 });
    await importLowdb(pool, shape, now);
    await pool.query('VACUUM ANALYZE');
    await pool.end();

    const env = {
      NODE_ENV: 'development',
      SEED_DEMO_DATA: 'false',
      HOST: '127.0.0.1',
      DATABASE_URL: pg.url('product'),
      SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123456789',
      TRUST_PROXY: 'loopback',
    };
    const server = path.join(root, 'commerce-api/src/server.ts');
    const ports = { a: 4401, b: 4402, both: 4403, one: 4404 };
    children.push(
      await startProcess(
        'process a',
        process.execPath,
        [server],
        { ...env, PORT: String(ports.a), DATA_DIR: path.join(work, 'a') },
        /is running at/,
      ),
    );
    children.push(
      await startProcess(
        'process b',
        process.execPath,
        [server],
        { ...env, PORT: String(ports.b), DATA_DIR: path.join(work, 'b') },
        /is running at/,
      ),
    );
    const haproxy = (bind: number, a: number, b: number) =>
      startProcess('haproxy', 'haproxy', ['-db', '-f', path.join(root, 'deploy/haproxy.cfg')], {
        PN_BIND: `127.0.0.1:${bind}`,
        PN_A: `127.0.0.1:${a}`,
        PN_B: `127.0.0.1:${b}`,
      });
    children.push(await haproxy(ports.both, ports.a, ports.b), await haproxy(ports.one, ports.a, ports.a));
    await Promise.all([untilServing(ports.both), untilServing(ports.one)]);
    // the health checks need a moment to put every entry in rotation: wait for four good answers in a row
    for (const port of [ports.both, ports.one])
      for (let ok = 0; ok < 4;) ok = (await fetch(`http://127.0.0.1:${port}/readyz`)).ok ? ok + 1 : 0;

    console.log(
      `cluster reads: ${ROWS} listings, ${CONNECTIONS} connections, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`,
    );
    await load(ports.both, 1);
    await load(ports.one, 1);
    const runs = { both: [] as Awaited<ReturnType<typeof load>>[], one: [] as Awaited<ReturnType<typeof load>>[] };
    for (let s = 0; s < 2; s++) {
      runs.one.push(await load(ports.one, Math.round(SECONDS / 2)));
      runs.both.push(await load(ports.both, Math.round(SECONDS / 2)));
    }
    const sum = (xs: { rps: number; p99: number; bad: number }[]) => ({
      rps: xs.reduce((s, x) => s + x.rps, 0) / xs.length,
      p99: Math.max(...xs.map((x) => x.p99)),
      bad: xs.reduce((s, x) => s + x.bad, 0),
    });
    const one = sum(runs.one);
    const both = sum(runs.both);
    console.log(
      `one process through the balancer:   ${one.rps.toFixed(0)} req/s, worst p99 ${one.p99} ms, ${one.bad} bad`,
    );
    console.log(
      `two processes through the balancer: ${both.rps.toFixed(0)} req/s, worst p99 ${both.p99} ms, ${both.bad} bad`,
    );
    console.log(`two / one: ${(both.rps / one.rps).toFixed(2)}x (load ${os.loadavg()[0]!.toFixed(2)})`);
  } finally {
    for (const child of children) child.kill('SIGKILL');
    pg.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
