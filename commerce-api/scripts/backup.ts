// npm run backup -- FILE: a backup of the store the server would use (decision 0115), taken while it serves.
// lowdb (DATA_DIR): FILE is a .tar.gz of db.json and DATA_DIR/uploads. PostgreSQL (DATABASE_URL): FILE is a
// pg_dump in custom format; uploaded media stay where they are (README "Backup and restore").
import path from 'node:path';
import { loadStoreConfig } from '../src/config.ts';
import { backupStore } from '../src/storage/backup.ts';

const file = process.argv[2];
if (!file || file.startsWith('-')) {
  console.error(
    'Usage: npm run backup -- FILE   (the store of DATABASE_URL when set, else of DATA_DIR, default ./data)',
  );
  process.exit(2);
}
try {
  const config = loadStoreConfig();
  const report = await backupStore(config, file);
  const size = `${(report.bytes / 1024 / 1024).toFixed(1)} MB`;
  if (report.kind === 'lowdb') {
    console.log(
      `Backed up ${config.dataDir} (db.json and ${report.uploads} uploaded files) to ${path.resolve(file)}, ${size}.`,
    );
  } else {
    console.log(
      `Backed up the PostgreSQL database of DATABASE_URL to ${path.resolve(file)} (pg_dump, custom format), ${size}.`,
    );
    console.log(
      'Uploaded media are not in it: keep the S3 bucket (or, without S3, DATA_DIR/uploads) as the README says.',
    );
  }
} catch (error) {
  console.error(`No backup was made: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
