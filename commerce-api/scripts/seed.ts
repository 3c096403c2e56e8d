// `npm run seed`: seeds DATA_DIR the way the first `npm start` does, without starting the server
// (which holds the data-dir lock, so stop it first). Re-running it changes nothing.
import { ConfigError, loadConfig } from '../src/config.ts';
import { seedDatabase } from '../src/seed/seed.ts';
import { createFileStorage } from '../src/storage/index.ts';

try {
  const config = loadConfig();
  const storage = await createFileStorage({ dataDir: config.dataDir });
  try {
    const summary = await seedDatabase(storage, {
      dataDir: config.dataDir,
      admin: config.admin,
      demo: config.seedDemoData,
      demoPasswords: config.randomDemoPasswords ? 'random' : 'published',
    });
    if (summary.seeded) {
      console.log(`Seeded ${config.dataDir}: ${summary.breeds} breeds, ${summary.users} users, ${summary.puppies} puppies, ${summary.images.written} pictures rendered (${summary.images.skipped} already there) in ${summary.ms} ms.`);
    } else {
      console.log(`${config.dataDir} already holds data: nothing seeded${summary.adminCreated ? ', admin account created' : ''} (${summary.ms} ms).`);
    }
    if (summary.adminCreated) {
      console.log(`Admin: ${config.admin.username}${config.admin.isDevDefault ? ` / ${config.admin.password} (development default; set ADMIN_PASSWORD)` : ' (password from ADMIN_PASSWORD)'}`);
    }
    for (const login of summary.demoLogins) console.log(`Demo ${login.accountType}: ${login.username} / ${login.password}`);
    for (const warning of summary.warnings) console.warn(`Warning: ${warning}`);
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
