import { defineConfig } from 'vitest/config';

/** API tests that never touch the store (or test lowdb itself): run once, on lowdb */
const LOWDB_ONLY = ['content', 'static-site', 'http-headers', 'server-process', 'storage-failures'].map(
  (name) => `tests/api/${name}.test.ts`,
);

/** API tests of the server on PostgreSQL itself: run in api-postgres only */
const POSTGRES_ONLY = [
  'tests/api/server-on-postgres.test.ts',
  'tests/api/shared-limits.test.ts',
  'tests/api/s3-media.test.ts',
  'tests/api/publish-across-processes.test.ts',
  'tests/api/ready-to-serve.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Two cores: argon2 and sharp already use the thread pool; more workers only thrash.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: POSTGRES_ONLY,
          setupFiles: ['tests/support/vitest-setup.ts'],
        },
      },
      // The same API tests on PostgreSQL 15 (decision 0089): one server for the run, a database per test app.
      {
        extends: true,
        test: {
          name: 'api-postgres',
          include: ['tests/api/**/*.test.ts'],
          exclude: LOWDB_ONLY,
          env: { TEST_STORE: 'postgres' },
          globalSetup: ['tests/support/postgres-global-setup.ts'],
          setupFiles: ['tests/support/vitest-setup.ts'],
        },
      },
      // Two server processes behind HAProxy on one PostgreSQL and one S3 server (decision 0097).
      { extends: true, test: { name: 'cluster', include: ['tests/cluster/**/*.test.ts'], testTimeout: 60_000 } },
    ],
  },
});
