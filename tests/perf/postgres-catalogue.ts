// The catalogue and writes on PostgreSQL at marketplace size (docs/product.md §13: 100,000 listings). Starts
// its own durable PostgreSQL 15 (fsync on), loads the listings through the repositories' schema, then:
// - the long tail: `--connections` concurrent callers of puppies.searchPublic, each query a new filter
//   mix (price range, breed, gender, status, page; every fifth a search word; every seventh a distance
//   from a ZIP, half of those nearest first: decision 0129), for `--seconds`;
// - acknowledged writes: as many concurrent puppies.update calls (each one committed), for `--seconds`;
// - EXPLAIN ANALYZE of three typical queries, to see which index answers.
// Storage level (no HTTP); `stores-api` measures the product through HTTP on both stores.
//
//   npm run bench -- postgres-catalogue [--rows=100000] [--connections=50] [--seconds=5]
import { migrate } from '../../commerce-api/src/storage/postgres/migrate.ts';
import { createPool } from '../../commerce-api/src/storage/postgres/pool.ts';
import { catalogueQueries } from '../../commerce-api/src/storage/postgres/catalogue.ts';
import { createPostgresRepositories } from '../../commerce-api/src/storage/postgres/repositories.ts';
import type { CatalogueQuery } from '../../commerce-api/src/domain/store/index.ts';
import { buildBreeds, buildCatalogue, buildUser, createRng } from '../support/factories.ts';
import { startPostgres } from '../support/postgres-server.ts';
import { zipCentre } from '../../commerce-api/src/domain/zip-gazetteer.ts';
import { nearOf } from './lib/bench-setup.ts';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ROWS = arg('rows', 100_000);
const CONNECTIONS = arg('connections', 50);
const SECONDS = arg('seconds', 5);
const now = new Date();

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function closedLoop(label: string, op: (i: number) => Promise<unknown>): Promise<void> {
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  let i = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await op(i++);
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1);
  console.log(
    `${label}: ${Math.round(latencies.length / SECONDS)}/s, p50 ${f(percentile(latencies, 50))} ms, p99 ${f(percentile(latencies, 99))} ms, max ${f(latencies.at(-1) ?? 0)} ms (${CONNECTIONS} concurrent, ${SECONDS} s)`,
  );
}

const SEARCH_WORDS = ['black', 'austin', 'gentle', 'cream', 'denver'];
/** every seventh query: a radius around a ZIP, half of them nearest first (lib/bench-setup.ts nearOf) */
function nearPart(i: number): Partial<CatalogueQuery> {
  const place = nearOf(i);
  if (!place) return {};
  return {
    near: { ...zipCentre(place.zip)!, miles: place.miles },
    ...(place.nearestFirst ? { sort: 'distance' as const } : {}),
  };
}

/** the anchor's mix (../shared/bench/pg-anchor.mjs), plus a search word on every fifth */
function tailQuery(i: number, breeds: number): CatalogueQuery {
  const lo = (i * 37) % 3000;
  const gender = i % 3 ? (i % 2 ? 'Male' : 'Female') : undefined;
  return {
    minPrice: lo,
    maxPrice: lo + 500 + ((i * 53) % 2500),
    ...(i % 4 ? {} : { breedIds: [1 + (i % breeds)] }),
    ...(gender ? { gender } : {}),
    ...(i % 5 ? {} : { search: SEARCH_WORDS[(i / 5) % SEARCH_WORDS.length] }),
    ...nearPart(i),
    status: 'available',
    limit: 24,
    offset: 24 * (i % 7),
  };
}

const server = startPostgres({ durable: true });
const pool = createPool({ connectionString: server.url(), max: 16 });
const storage = createPostgresRepositories(pool);
try {
  await migrate(pool, now);
  const { usernameKey: _k, ...seller } = buildUser({ username: 'bench-seller', accountType: 'seller' }, now);
  const owner = await storage.users.create(seller);
  const breeds = [];
  for (const breed of buildBreeds()) breeds.push(await storage.breeds.insert(breed));
  const t0 = performance.now();
  const rows = buildCatalogue(ROWS, createRng(13), { now, sellerIds: [owner.id], breedIds: breeds.map((b) => b.id) });
  const columns = Object.keys(rows[0]!);
  const client = await pool.connect();
  try {
    for (let i = 0; i < rows.length; i += 2000) {
      const chunk = rows.slice(i, i + 2000);
      // one row per element of a JSON array: one round trip per 2,000 listings
      await client.query(
        `INSERT INTO puppies (${columns.map((c) => c.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)).join(', ')})
         SELECT ${columns.map((c) => (['colors', 'imageUrls'].includes(c) ? `ARRAY(SELECT jsonb_array_elements_text(r->'${c}'))` : `(r->>'${c}')::${typeOf(c)}`)).join(', ')}
         FROM jsonb_array_elements($1::jsonb) AS r`,
        [JSON.stringify(chunk)],
      );
    }
    // VACUUM too: the visibility map lets index-only scans skip the rows, as autovacuum would by now
    await client.query('VACUUM ANALYZE');
  } finally {
    client.release();
  }
  const publicRows = (
    await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM puppies WHERE expires_at > $1', [now])
  ).rows[0]!.n;
  console.log(
    `loaded ${ROWS} listings (${publicRows} public, ${breeds.length} breeds) in ${Math.round(performance.now() - t0)} ms`,
  );

  await closedLoop('catalogue, a new filter mix per query', (i) =>
    storage.puppies.searchPublic(tailQuery(i, breeds.length), now),
  );
  await closedLoop('catalogue, newest first, no filter', () => storage.puppies.searchPublic({ limit: 24 }, now));
  await closedLoop('acknowledged writes (puppies.update, committed, fsync on)', (i) =>
    storage.puppies.update(1 + ((i * 7919) % ROWS), { price: 500 + (i % 3000), updatedAt: new Date().toISOString() }),
  );

  for (const [label, query] of [
    ['newest page', { limit: 24 }],
    [
      'breed + price + gender',
      { breedIds: [breeds[3]!.id], minPrice: 500, maxPrice: 2000, gender: 'Female', status: 'available', limit: 24 },
    ],
    ['keyword "gentle black"', { search: 'gentle black', limit: 24 }],
    [
      'within 100 miles of 80202, nearest first',
      { near: { ...zipCentre('80202')!, miles: 100 }, sort: 'distance', status: 'available', limit: 24 },
    ],
    [
      'within 250 miles of 78701, a price range, newest',
      { near: { ...zipCentre('78701')!, miles: 250 }, minPrice: 1000, maxPrice: 2500, status: 'available', limit: 24 },
    ],
    [
      'a town and a price range, page 7',
      { search: 'austin', minPrice: 2000, maxPrice: 4000, status: 'available', limit: 24, offset: 144 },
    ],
  ] as const) {
    console.log(`\nEXPLAIN ANALYZE, ${label}:`);
    await explain(query as CatalogueQuery);
  }
} finally {
  await storage.close();
  server.stop();
}

function typeOf(column: string): string {
  if (['breedId', 'userId', 'age', 'price'].includes(column)) return 'int';
  if (column === 'weight') return 'numeric';
  if (column === 'latitude' || column === 'longitude') return 'float8';
  if (column === 'featured') return 'boolean';
  if (['createdAt', 'updatedAt', 'expiresAt'].includes(column)) return 'timestamptz';
  return 'text';
}

/** the page and count queries of searchPublic, as PostgreSQL runs them */
async function explain(query: CatalogueQuery): Promise<void> {
  const { page, count } = catalogueQueries(query, now, await storage.breeds.list());
  for (const [name, statement] of [
    ['page', page],
    ['count', count],
  ] as const) {
    const plan = await pool.query(`EXPLAIN (ANALYZE, COSTS OFF) ${statement.text}`, statement.values);
    console.log(`  ${name}:`);
    for (const row of plan.rows) console.log(`    ${row['QUERY PLAN']}`);
  }
}
