// Listing insights' view counting (decision 0135, docs/product.md §23) against the popular reads: GET /api/puppies
// over 10,000 listings on the file store (lowdb in a temp DATA_DIR: each counted view is a durable write), read by
// autocannon alone, then with the puppy pages' view beacons hitting alongside at a fixed rate, each from a new
// visitor (a new User-Agent), so every beacon is counted and written: the worst case. A third run sends the same
// rate of beacons from a known bot, which the server drops before any read or write: the cost of the beacons'
// requests themselves, to tell it from the cost of counting. Target: the reads keep at least 95% of their
// requests per second with beacons alongside (at most 5% lost to counting).
// The API runs in its own process; the runs take turns in short slices, so a busy moment on the shared machine
// falls on all of them alike.
//
//   npx node tests/perf/view-beacons.ts [--seconds=18] [--connections=50] [--beacons=200] [--rows=10000]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createLogger } from '../../commerce-api/src/logging/logger.ts';
import { createFileStorage } from '../../commerce-api/src/storage/index.ts';
import { buildBreeds, buildCatalogue, buildUser, createRng } from '../support/factories.ts';
import { createTestApp } from '../support/test-app.ts';

const SELF = fileURLToPath(import.meta.url);
const READS = [
  '/api/puppies?minPrice=500&maxPrice=3000&status=available&limit=24',
  '/api/puppies?breed=2&gender=Female&minPrice=500&maxPrice=3000&status=available&limit=24',
  '/api/puppies?search=golden%20female&status=available&limit=24',
];
const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

function option(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = arg ? Number(arg.split('=')[1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

/** child process: the API on the file store with `rows` public listings, on a free port */
async function serve(rows: number): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'puppynest-bench-views-'));
  const now = new Date();
  const storage = await createFileStorage({ dataDir });
  const t = await createTestApp({ now, storage, log: createLogger({ level: 'silent', format: 'json' }) });
  await storage.write((db) => {
    const breedIds = buildBreeds().map((breed) => db.breeds.insert(breed).id);
    const sellerIds = Array.from(
      { length: 50 },
      (_, i) => db.users.insert(buildUser({ username: `kennel${i}`, accountType: 'seller' }, now)).id,
    );
    for (const puppy of buildCatalogue(rows, createRng(42), { breedIds, sellerIds, now })) db.puppies.insert(puppy);
  });
  // the app's clock moves with the wall clock (the test app's stands still)
  setInterval(() => (t.clock.now = new Date()), 250).unref();
  const server = http.createServer(t.app);
  server.keepAliveTimeout = 60_000;
  process.once('SIGINT', () => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(`PORT ${(server.address() as AddressInfo).port}\n`));
}

function startServer(rows: number): Promise<{ port: number; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SELF, '--serve', `--rows=${rows}`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      const match = /PORT (\d+)/.exec(chunk);
      if (match) resolve({ port: Number(match[1]), child });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** beacons at `rate` per second, each from a new visitor (or a bot), over `seconds` */
function beacons(port: number, seconds: number, rate: number, from: 'people' | 'bot', rows: number) {
  let n = 0;
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 4,
    overallRate: rate,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/puppies/1/views',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'referrer=&from=',
        setupRequest: (request) => {
          n++;
          return {
            ...request,
            path: `/api/puppies/${1 + (n % rows)}/views`,
            headers: { ...request.headers, 'user-agent': from === 'bot' ? BOT : `${PERSON} visitor/${n}` },
          };
        },
      },
    ],
  });
}

interface Slice {
  requests: number;
  seconds: number;
  p99: number;
  beacons: number;
  beaconErrors: number;
}

async function slice(
  port: number,
  seconds: number,
  connections: number,
  mode: 'alone' | 'people' | 'bot',
  rate: number,
  rows: number,
): Promise<Slice> {
  const side = mode === 'alone' ? undefined : beacons(port, seconds, rate, mode, rows);
  const reads = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: READS.map((p) => ({ method: 'GET', path: p })),
  });
  const sent = side ? await side : undefined;
  return {
    requests: reads.requests.total,
    seconds: reads.duration,
    p99: reads.latency.p99,
    beacons: sent?.requests.total ?? 0,
    beaconErrors: sent ? sent.errors + sent.timeouts + sent.non2xx : 0,
  };
}

async function main(): Promise<void> {
  const seconds = option('seconds', 18);
  const connections = option('connections', 50);
  const rate = option('beacons', 200);
  const rows = option('rows', 10_000);
  const server = await startServer(rows);
  const modes = ['alone', 'people', 'bot'] as const;
  const slices: Record<(typeof modes)[number], Slice[]> = { alone: [], people: [], bot: [] };
  const rounds = 6;
  try {
    await slice(server.port, 1, connections, 'alone', rate, rows); // warm-up
    for (let round = 0; round < rounds; round++)
      for (const mode of modes)
        slices[mode].push(
          await slice(server.port, Math.max(1, Math.round(seconds / rounds)), connections, mode, rate, rows),
        );
  } finally {
    server.child.removeAllListeners('exit');
    server.child.kill('SIGINT');
  }
  const rps = (list: Slice[]) =>
    Math.round(list.reduce((n, s) => n + s.requests, 0) / list.reduce((n, s) => n + s.seconds, 0));
  const p99 = (list: Slice[]) => [...list.map((s) => s.p99)].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const alone = rps(slices.alone);
  const lines = [
    `view beacons beside the popular reads: ${rows} listings on the file store, ${connections} read connections, ${rate} beacons/s, ${seconds} s per run (loopback, ${os.cpus().length} CPUs, Node ${process.version})`,
  ];
  for (const mode of modes) {
    const list = slices[mode];
    const sent = list.reduce((n, s) => n + s.beacons, 0);
    const failed = list.reduce((n, s) => n + s.beaconErrors, 0);
    const label = {
      alone: 'reads alone',
      people: 'reads + beacons of new visitors (all counted)',
      bot: 'reads + beacons of a bot (dropped at once)',
    }[mode];
    lines.push(
      `  ${label.padEnd(48)} ${String(rps(list)).padStart(6)} req/s  p99 ${p99(list)} ms  ${(rps(list) / alone).toFixed(3)}x alone` +
        (mode === 'alone' ? '' : `  (${sent} beacons sent${failed ? `, ${failed} failed` : ''})`),
    );
  }
  const ratio = rps(slices.people) / alone;
  lines.push(
    `  target: reads with counted beacons at least 0.95x reads alone: ${ratio >= 0.95 ? 'met' : 'NOT met'} (${ratio.toFixed(3)}x; the counting's own share, against the bot's beacons: ${(rps(slices.people) / rps(slices.bot)).toFixed(3)}x)`,
  );
  console.log(lines.join('\n'));
}

if (process.argv.includes('--serve')) await serve(option('rows', 10_000));
else await main();
