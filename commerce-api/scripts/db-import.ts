// npm run db:import: copies the lowdb database of DATA_DIR into the PostgreSQL database of DATABASE_URL
// (migrating it first). Safe to repeat: rows already there are skipped. Says what it copied.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DB_FILE_NAME, normaliseDb } from '../src/storage/index.ts';
import { importLowdb } from '../src/storage/postgres/import-lowdb.ts';
import { createPool } from '../src/storage/postgres/pool.ts';

const url = process.env['DATABASE_URL'];
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error('db:import needs DATABASE_URL=postgres://user:password@host:port/database (and DATA_DIR, default ./data)');
  process.exit(1);
}
const file = path.resolve(process.env['DATA_DIR'] || './data', DB_FILE_NAME);
let data;
try {
  data = normaliseDb(JSON.parse(await readFile(file, 'utf8')), file);
} catch (error) {
  console.error(`Could not read ${file}: ${(error as Error).message}`);
  process.exit(1);
}
const pool = createPool({ connectionString: url, max: 1 });
try {
  const report = await importLowdb(pool, data);
  console.log(`Imported ${file}:`);
  for (const r of report) {
    if (r.copied || r.skipped) console.log(`  ${r.collection}: ${r.copied} copied${r.skipped ? `, ${r.skipped} already there` : ''}`);
  }
  console.log(`  settings: payment mode ${data.settings.paymentMode}`);
} catch (error) {
  console.error(`Nothing was imported: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await pool.end();
}
