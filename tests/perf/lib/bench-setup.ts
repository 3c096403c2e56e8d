// What the HTTP benchmarks share (stores-api.ts, cluster-reads.ts): one generated catalogue, the long-tail
// request generator of ../shared/bench/pg-anchor.mjs, starting a server process, and waiting for the
// machine to be idle between runs. In lib/ because
// tests/perf/run.ts runs every .ts file directly under tests/perf.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbShape } from '../../../commerce-api/src/domain/model.ts';
import { shapeOf } from '../../../commerce-api/src/seed/seed-postgres.ts';
import { createMemoryStorage } from '../../../commerce-api/src/storage/index.ts';
import { buildBreeds, buildCatalogue, buildUser, createRng } from '../../support/factories.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** `--name=value` from the command line, or the fallback */
export const numberArg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);

/** 58 breeds, 50 sellers (kennel0…), `buyers` buyers (family0…) and `rows` listings, as a lowdb shape */
export async function benchCatalogue(rows: number, buyers: number, now: Date): Promise<DbShape> {
  const memory = createMemoryStorage();
  await memory.write((db) => {
    const breedIds = buildBreeds().map((breed) => db.breeds.insert(breed).id);
    const sellerIds = Array.from(
      { length: 50 },
      (_, i) => db.users.insert(buildUser({ username: `kennel${i}`, accountType: 'seller' }, now)).id,
    );
    for (let i = 0; i < buyers; i++) db.users.insert(buildUser({ username: `family${i}` }, now));
    for (const puppy of buildCatalogue(rows, createRng(42), { breedIds, sellerIds, now, featured: 0 }))
      db.puppies.insert(puppy);
  });
  return shapeOf(memory);
}

/** Denver, Austin, Boston, Chicago, Portland OR, Atlanta, a ZIP in rural Kansas */
export const NEAR_ZIPS = ['80202', '78701', '02108', '60601', '97201', '30303', '67530'];
/** the radii `within` takes, in miles */
export const NEAR_RADII = [25, 50, 100, 250, 500] as const;

/**
 * The distance in the mix (decision 0129): every seventh request a radius around one of NEAR_ZIPS,
 * half of them nearest first. Null for the other six.
 */
export function nearOf(i: number): { zip: string; miles: number; nearestFirst: boolean } | null {
  if (i % 7 !== 3) return null;
  return {
    zip: NEAR_ZIPS[((i / 7) % NEAR_ZIPS.length) | 0]!,
    miles: NEAR_RADII[i % NEAR_RADII.length]!,
    nearestFirst: i % 2 === 1,
  };
}

let tailCounter = 0;
/**
 * The anchor's long-tail generator (pg-anchor.mjs `tail`), so every bench answers the same paths; with
 * `near`, distance joins the mix as nearOf says (the anchor has no such filter, and ignores it).
 */
export function tailPath({ near = false }: { near?: boolean } = {}): string {
  const i = ++tailCounter;
  const lo = (i * 37) % 3000;
  const hi = lo + 500 + ((i * 53) % 2500);
  const breed = 1 + (i % 58);
  const gender = i % 3 ? (i % 2 ? 'Male' : 'Female') : '';
  const place = near ? nearOf(i) : null;
  const distance = place ? `&near=${place.zip}&within=${place.miles}${place.nearestFirst ? '&sort=distance' : ''}` : '';
  return `/api/puppies?minPrice=${lo}&maxPrice=${hi}${i % 4 ? '' : `&breed=${breed}`}${gender ? `&gender=${gender}` : ''}&status=available&limit=24&offset=${24 * (i % 7)}${distance}`;
}

/** starts a process in the project root; resolves once its output matches `ready` (at once without) */
export function startProcess(
  label: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  ready?: RegExp,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (!ready) return resolve(child);
    let said = '';
    const listen = (chunk: Buffer) => {
      said += chunk.toString();
      if (!ready.test(said)) return;
      // Ready: from here on the server logs a line per request (decision 0116); it is read and dropped,
      // not kept and searched, so the load generator's process does not slow down with the log.
      child.stdout!.off('data', listen);
      child.stderr!.off('data', listen);
      child.stdout!.resume();
      child.stderr!.resume();
      resolve(child);
    };
    child.stdout!.on('data', listen);
    child.stderr!.on('data', listen);
    child.once('exit', (code) => reject(new Error(`${label} exited with ${code}: ${said.slice(-2000)}`)));
  });
}

/** the machine's busy and total CPU time so far, in clock ticks (the first line of /proc/stat); time
 * waiting for the disk counts as busy */
function cpuTicks(): { busy: number; total: number } {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
  const ticks = fields.map(Number);
  const total = ticks.reduce((sum, t) => sum + t, 0);
  return { busy: total - ticks[3]!, total };
}

/** file data written but not yet on the disk, in kB (Dirty and Writeback in /proc/meminfo) */
function unwrittenKb(): number {
  const info = readFileSync('/proc/meminfo', 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(info)?.[1] ?? 0);
  return kb('Dirty') + kb('Writeback');
}

/**
 * Waits until the machine has been nearly idle (under 10 % busy, under 16 MB of file data still to
 * write) for three 100 ms looks, or 15 s have passed. A server that was just loaded keeps working for a
 * while after the load stops (the requests still queued, a collection, the lowdb file's writes reaching
 * the disk); the next run must not pay for it. Linux only, as the benchmarks are.
 */
export async function settled(): Promise<void> {
  let quiet = 0;
  let last = cpuTicks();
  for (let i = 0; i < 150 && quiet < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = cpuTicks();
    const idle = (now.busy - last.busy) / Math.max(1, now.total - last.total) < 0.1 && unwrittenKb() < 16_384;
    quiet = idle ? quiet + 1 : 0;
    last = now;
  }
}
