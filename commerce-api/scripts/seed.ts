// `npm run seed`: seeds DATA_DIR the way the first `npm start` does, without starting the server
// (which holds the data-dir lock, so stop it first). Re-running it changes nothing.
// `npm run seed -- --listings=N` also adds N demo listings over the seeded sellers (each run adds N).
import { ConfigError, loadConfig } from '../src/config.ts';
import { addDemoListings, seedDatabase } from '../src/seed/seed.ts';
import { createFileStorage } from '../src/storage/index.ts';

const listingsArg = process.argv.slice(2).find((arg) => arg.startsWith('--listings='));
const extraListings = listingsArg ? Number(listingsArg.slice('--listings='.length)) : 0;
if (!Number.isInteger(extraListings) || extraListings < 0 || extraListings > 1_000_000) {
  console.error(`--listings must be a whole number from 0 to 1,000,000 (got "${listingsArg}").`);
  process.exit(1);
}

try {
  const config = loadConfig();
  const storage = await createFileStorage({ dataDir: config.dataDir });
  try {
    const summary = await seedDatabase(storage, {
      dataDir: config.dataDir,
      admin: config.admin,
      demo: config.seedDemoData,
      demoPasswords: config.randomDemoPasswords ? 'random' : 'published',
      connectedSellers: config.paymentProvider === 'local',
      payouts: config.payouts,
    });
    if (summary.seeded) {
      console.log(
        `Seeded ${config.dataDir}: ${summary.breeds} breeds, ${summary.users} users, ${summary.puppies} puppies, ${summary.reviews} reviews, ${summary.images.written} pictures rendered (${summary.images.skipped} already there) in ${summary.ms} ms.`,
      );
    } else {
      console.log(
        `${config.dataDir} already holds data: nothing seeded${summary.adminCreated ? ', admin account created' : ''} (${summary.ms} ms).`,
      );
    }
    if (summary.adminCreated) {
      console.log(
        `Admin: ${config.admin.username}${config.admin.isDevDefault ? ` / ${config.admin.password} (development default; set ADMIN_PASSWORD)` : ' (password from ADMIN_PASSWORD)'}`,
      );
    }
    for (const login of summary.demoLogins)
      console.log(`Demo ${login.accountType}: ${login.username} / ${login.password}`);
    for (const warning of summary.warnings) console.warn(`Warning: ${warning}`);
    if (extraListings > 0) {
      const started = performance.now();
      const added = await addDemoListings(storage, extraListings).catch((error: unknown) => {
        console.error(error instanceof Error ? error.message : String(error));
        process.exit(1);
      });
      console.log(
        `Added ${added} demo listings (${storage.db.puppies.count()} in all) in ${Math.round(performance.now() - started)} ms.`,
      );
    }
  } finally {
    await storage.close();
  }
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
