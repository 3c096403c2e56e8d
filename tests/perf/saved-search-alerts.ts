// Saved searches at 10,000 (decision 0131): what publishing a listing costs with them stored (nothing is
// matched while publishing), and what one run of the alerts job costs: reading the listings changed since
// its mark, indexing the active searches by breed, matching each new listing against its candidates and
// claiming a delivery row per match. Mails go to a counter (the HTML renderer is not what is measured).
// lowdb in memory; PostgreSQL is measured by the API tests' correctness only (see the decision).
//
//   npm run bench -- saved-search-alerts [--searches=10000] [--listings=2000] [--publishes=200] [--runs=5]
import { alertFiltersOf } from '../../commerce-api/src/contracts/alerts.ts';
import { activateListingIn } from '../../commerce-api/src/domain/listing-activation.ts';
import type { Puppy, SavedSearch } from '../../commerce-api/src/domain/model.ts';
import { newAlertsMemo, runAlerts, SearchIndex, type AlertDeps } from '../../commerce-api/src/domain/saved-searches.ts';
import { createMemoryStorage } from '../../commerce-api/src/storage/index.ts';
import { createLowdbRepositories } from '../../commerce-api/src/storage/lowdb/repositories.ts';
import { silentLog } from '../support/captured-log.ts';
import { buildBreeds, buildCatalogue, buildUser, createRng } from '../support/factories.ts';
import { numberArg } from './lib/bench-setup.ts';

const SEARCHES = numberArg('searches', 10_000);
const LISTINGS = numberArg('listings', 2_000);
const PUBLISHES = numberArg('publishes', 200);
const RUNS = numberArg('runs', 5);
const NOW = new Date('2026-06-01T12:00:00.000Z');
const REGIONS = ['northeast', 'southeast', 'midwest', 'southwest', 'west'];
const BANDS = [
  [0, 1000],
  [1000, 2000],
  [2000, 3000],
  [500, 3000],
  [3000, 5000],
] as const;

const ms = (from: number) => performance.now() - from;
const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * p)]!;
const fmt = (n: number) => n.toFixed(2);

const memory = createMemoryStorage();
const rng = createRng(7);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rng.next() * items.length)]!;
let breedIds: number[] = [];
let sellerIds: number[] = [];
await memory.write((db) => {
  breedIds = buildBreeds().map((b) => db.breeds.insert(b).id);
  sellerIds = Array.from(
    { length: 50 },
    (_, i) => db.users.insert(buildUser({ username: `kennel${i}`, accountType: 'seller' }, NOW)).id,
  );
  // the catalogue as drafts: the bench publishes them
  for (const puppy of buildCatalogue(LISTINGS, createRng(42), { breedIds, sellerIds, now: NOW, featured: 0 }))
    db.puppies.insert({ ...puppy, expiresAt: null, updatedAt: NOW.toISOString() });
  // searches as families make them: most name a breed; some a gender, a price band, a region or a word
  for (let i = 0; i < SEARCHES; i++) {
    const params = new URLSearchParams();
    if (rng.next() < 0.75) params.set('breed', String(pick(breedIds)));
    if (rng.next() < 0.4) params.set('gender', pick(['Male', 'Female']));
    if (rng.next() < 0.7) {
      const [min, max] = pick(BANDS);
      params.set('minPrice', String(min));
      params.set('maxPrice', String(max));
    }
    if (rng.next() < 0.2) params.set('location', pick(REGIONS));
    if (rng.next() < 0.1) params.set('search', pick(['golden', 'playful', 'small', 'black']));
    params.set('status', 'available');
    db.savedSearches.insert({
      userId: null,
      email: `family${i}@example.com`,
      query: alertFiltersOf(params.toString())!.query,
      frequency: rng.next() < 0.8 ? 'instant' : 'daily',
      status: 'active',
      confirmTokenHash: null,
      confirmExpiresAt: null,
      lastDigestAt: NOW.toISOString(),
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    } satisfies Omit<SavedSearch, 'id'>);
  }
});
const store = createLowdbRepositories(memory);
let mailed = 0;
const deps: AlertDeps = {
  store,
  mailer: { send: async () => void mailed++ },
  log: silentLog,
  siteUrl: 'https://puppynest.example',
  secret: 'a-bench-secret-that-is-long-enough-0123456789',
};

// 1. publishing with 10,000 searches stored: the activation only
const drafts: Puppy[] = [];
for (const seller of sellerIds)
  if (drafts.length < PUBLISHES + RUNS * 5) drafts.push(...(await store.puppies.listBySeller(seller)));
const publishMs: number[] = [];
let clock = NOW.getTime() + 60_000;
const toPublish = drafts.slice(0, PUBLISHES);
for (const draft of toPublish) {
  const at = new Date((clock += 10));
  const started = performance.now();
  await store.transaction((tx) => activateListingIn(tx, draft.id, at));
  publishMs.push(ms(started));
}

// 2. matching alone: index the searches, then one listing against its candidates
const memo = newAlertsMemo();
const parsed = memo.parsed;
const breeds = await store.breeds.list();
const active = await store.savedSearches.listActive();
let started = performance.now();
const index = new SearchIndex(active, breeds, parsed);
const indexColdMs = ms(started);
started = performance.now();
new SearchIndex(active, breeds, parsed);
const indexWarmMs = ms(started);
const sample = (await store.puppies.get(toPublish[0]!.id)) as Puppy;
const candidates = index.candidates(sample).length;
const published = (await Promise.all(toPublish.map((p) => store.puppies.get(p.id)))) as Puppy[];
const ctx = { breeds: new Map(breeds.map((b) => [b.id, b])), isVerifiedSeller: () => false };
started = performance.now();
let matchedInMemory = 0;
for (const listing of published) matchedInMemory += index.matches(listing, ctx).length;
const matchOnlyMs = ms(started);

// 3. the job: the first run reads the `PUBLISHES` listings published above; later runs read a few new ones
const runs: Array<{ ms: number; listings: number; matched: number }> = [];
const at = new Date(clock + 1_000);
started = performance.now();
const first = await runAlerts(deps, at, memo);
runs.push({ ms: ms(started), listings: first.listings, matched: first.matched });
const rest = drafts.slice(PUBLISHES);
for (let r = 1; r < RUNS; r++) {
  const runAt = new Date(at.getTime() + r * 30_000);
  for (const draft of rest.splice(0, 5))
    await store.transaction((tx) => activateListingIn(tx, draft.id, new Date(runAt.getTime() - 1_000)));
  started = performance.now();
  const run = await runAlerts(deps, runAt, memo);
  runs.push({ ms: ms(started), listings: run.listings, matched: run.matched });
}

console.log(`saved searches: ${SEARCHES}, listings: ${LISTINGS} (lowdb in memory)`);
console.log(
  `publish (activateListingIn in a transaction): ${PUBLISHES} publishes, p50 ${fmt(pct(publishMs, 0.5))} ms, p99 ${fmt(pct(publishMs, 0.99))} ms`,
);
console.log(
  `index ${active.length} active searches by breed: ${fmt(indexColdMs)} ms cold (parsing each query), ${fmt(indexWarmMs)} ms with the parsed filters kept; one listing's candidates: ${candidates}`,
);
console.log(
  `matching alone: ${published.length} listings against the index in ${fmt(matchOnlyMs)} ms (${fmt((matchOnlyMs / published.length) * 1000)} µs a listing), ${matchedInMemory} matches (${fmt(matchedInMemory / published.length)} a listing)`,
);
for (const [i, run] of runs.entries())
  console.log(
    `job run ${i + 1}: ${fmt(run.ms)} ms for ${run.listings} listings read, ${run.matched} matches claimed (${fmt(run.ms / Math.max(1, run.listings))} ms a listing)`,
  );
console.log(`mails sent: ${mailed}`);
