// The first-start seed on PostgreSQL: the same data as on lowdb (seed.ts), built in an in-memory lowdb
// and copied in with the importer, so there is one seed and one copy path rather than a second seed
// written against the repositories. Several processes may start at once: an advisory lock lets one
// seed while the others wait, then find the breeds and only check the admin.
import type pg from 'pg';
import { hashPassword } from '../auth/passwords.ts';
import type { DbShape } from '../domain/model.ts';
import { importLowdb } from '../storage/postgres/import-lowdb.ts';
import { COLLECTION_NAMES, createMemoryStorage, normaliseDb, type Storage } from '../storage/index.ts';
import type { Store } from '../domain/store/index.ts';
import { BREEDS } from './breeds.ts';
import { buildUser } from './factories.ts';
import { breedImage, PUPPY_POOL } from './puppy-art.ts';
import { generateSeedImages } from './seed-images.ts';
import { seedDatabase, type SeedOptions, type SeedSummary } from './seed.ts';

/** any constant: one seeding process at a time per database */
const SEED_LOCK = 0x5055_5050; // "PUPP"

/** the rows of an in-memory store as a database file would hold them */
export function shapeOf(storage: Storage): DbShape {
  const raw: Record<string, unknown> = { settings: storage.settings.get() };
  for (const name of COLLECTION_NAMES) raw[name] = storage.db[name].all();
  return normaliseDb(structuredClone(raw), 'seed');
}

export async function seedPostgres(pool: pg.Pool, store: Store, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SEED_LOCK]);
    const { rows } = await client.query<{ seeded: boolean }>('SELECT EXISTS (SELECT 1 FROM breeds) AS seeded');
    if (!rows[0]!.seeded) {
      const memory = createMemoryStorage();
      const summary = await seedDatabase(memory, { ...options, now });
      await importLowdb(pool, shapeOf(memory), now);
      return { ...summary, ms: Math.round(performance.now() - started) };
    }
    const warnings: string[] = [];
    // Another process seeded the rows; this one may have its own DATA_DIR, so it renders the seed's
    // pictures for itself (files already there are skipped).
    const images =
      options.images === false
        ? { written: 0, skipped: 0 }
        : await generateSeedImages(options.dataDir, [...BREEDS.map(breedImage), ...(options.demo ? PUPPY_POOL : [])]);
    const adminCreated = await ensureAdmin(store, options.admin, now, warnings);
    return {
      seeded: false,
      createdDemoData: false,
      adminCreated,
      demoLogins: [],
      breeds: 0,
      users: adminCreated ? 1 : 0,
      puppies: 0,
      reviews: 0,
      images,
      warnings,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [SEED_LOCK]).catch(() => {});
    client.release();
  }
}

/** as seed.ts does on lowdb: creates the configured admin unless the username exists, never promotes */
async function ensureAdmin(store: Store, admin: SeedOptions['admin'], now: Date, warnings: string[]): Promise<boolean> {
  const username = admin.username.trim();
  const existing = await store.users.findByUsername(username);
  if (existing) {
    if (existing.role !== 'admin') {
      warnings.push(
        `ADMIN_USERNAME "${username}" belongs to an ordinary account, which was left as it is: choose another ADMIN_USERNAME.`,
      );
    }
    return false;
  }
  const local = /^[a-z0-9._-]+$/i.test(username) ? username.toLowerCase() : 'admin';
  const { usernameKey: _key, ...row } = buildUser(
    {
      username,
      passwordHash: await hashPassword(admin.password),
      email: `${local}@puppynest.example`,
      role: 'admin',
      accountType: 'seller',
    },
    now,
  );
  await store.users.create(row);
  return true;
}
