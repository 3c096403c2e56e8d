// npm run restore -- FILE: a backup made by npm run backup, restored into the store the server would use
// (decision 0115), which must be empty: a new DATA_DIR, or a new PostgreSQL database. Stop the server on a
// lowdb DATA_DIR first (the restore takes its lock). PostgreSQL ends migrated and with VACUUM ANALYZE done.
import path from 'node:path';
import { loadStoreConfig } from '../src/config.ts';
import { restoreStore } from '../src/storage/backup.ts';

const file = process.argv[2];
if (!file || file.startsWith('-')) {
  console.error(
    'Usage: npm run restore -- FILE   (into the empty database of DATABASE_URL when set, else into the empty DATA_DIR, default ./data)',
  );
  process.exit(2);
}
try {
  const config = loadStoreConfig();
  const report = await restoreStore(config, path.resolve(file));
  if (report.kind === 'lowdb') {
    console.log(
      `Restored ${path.resolve(file)} into ${config.dataDir} (db.json and ${report.uploads} uploaded files).`,
    );
  } else {
    const migrated = report.migrated.length
      ? `, migrations ${report.migrated.map((v) => String(v).padStart(4, '0')).join(', ')} applied`
      : '';
    console.log(
      `Restored ${path.resolve(file)} into the PostgreSQL database of DATABASE_URL${migrated}; VACUUM ANALYZE of its ${report.tables} tables done: ready to serve.`,
    );
  }
} catch (error) {
  console.error(`Not restored: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
