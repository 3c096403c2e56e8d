// vitest globalSetup of the "api on PostgreSQL" project: one PostgreSQL 15 for the whole run, and a
// migrated template database that every test app clones (CREATE DATABASE … TEMPLATE: a file copy,
// much faster than migrating each time). Stopped when the run ends.
import type { TestProject } from 'vitest/node';
import { migrate } from '../../commerce-api/src/storage/postgres/migrate.ts';
import { createPool } from '../../commerce-api/src/storage/postgres/pool.ts';
import { startPostgres } from './postgres-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the test server's URL for a database name */
    postgresUrlTemplate: string;
  }
}

export const TEMPLATE_DATABASE = 'puppynest_template';

export default async function setup(project: TestProject) {
  const server = startPostgres();
  server.psql(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  const pool = createPool({ connectionString: server.url(TEMPLATE_DATABASE), max: 1 });
  try {
    await migrate(pool, new Date('2026-01-01T00:00:00.000Z'));
  } finally {
    await pool.end();
  }
  project.provide('postgresUrlTemplate', server.url('{database}'));
  return () => server.stop();
}
