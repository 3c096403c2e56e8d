// npm run db:migrate: brings the PostgreSQL database of DATABASE_URL to this version's schema.
import { migrate } from '../src/storage/postgres/migrate.ts';
import { createPool } from '../src/storage/postgres/pool.ts';

const url = process.env['DATABASE_URL'];
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error('db:migrate needs DATABASE_URL=postgres://user:password@host:port/database');
  process.exit(1);
}
const pool = createPool({ connectionString: url, max: 1 });
try {
  const applied = await migrate(pool);
  console.log(
    applied.length
      ? `Applied migrations ${applied.map((v) => String(v).padStart(4, '0')).join(', ')}.`
      : 'The database schema is current: nothing to apply.',
  );
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await pool.end();
}
