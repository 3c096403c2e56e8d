// npm run db:import: copies the lowdb database of DATA_DIR into the PostgreSQL database of DATABASE_URL
// (migrating it first), then VACUUM ANALYZE of the tables it wrote, so the database serves at full speed
// at once (decision 0115). Safe to repeat: rows already there are skipped. Says what it copied.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DB_FILE_NAME, normaliseDb } from '../src/storage/index.ts';
import { importLowdb } from '../src/storage/postgres/import-lowdb.ts';
import { createPool } from '../src/storage/postgres/pool.ts';
import { vacuumAnalyze } from '../src/storage/postgres/ready-to-serve.ts';

const url = process.env['DATABASE_URL'];
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error(
    'db:import needs DATABASE_URL=postgres://user:password@host:port/database (and DATA_DIR, default ./data)',
  );
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
  let report;
  try {
    report = await importLowdb(pool, data);
  } catch (error) {
    throw new Error(`Nothing was imported: ${(error as Error).message}`, { cause: error });
  }
  console.log(`Imported ${file}:`);
  for (const r of report) {
    if (r.copied || r.skipped)
      console.log(`  ${r.collection}: ${r.copied} copied${r.skipped ? `, ${r.skipped} already there` : ''}`);
  }
  console.log(`  settings: payment mode ${data.settings.paymentMode}`);
  const written = report.filter((r) => r.copied > 0).map((r) => r.table);
  try {
    await vacuumAnalyze(pool, written);
  } catch (error) {
    // The rows are committed; only the statistics are missing (autovacuum makes them, later).
    throw new Error(
      `The rows are imported, but VACUUM ANALYZE failed: ${(error as Error).message}. Run VACUUM ANALYZE before serving.`,
      { cause: error },
    );
  }
  if (written.length) console.log(`  VACUUM ANALYZE of the ${written.length} tables written: ready to serve.`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await pool.end();
}
