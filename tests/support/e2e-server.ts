// The server the end-to-end tests run against: the real one, on a fresh temporary DATA_DIR that is
// removed when Playwright stops it.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../commerce-api/src/config.ts';
import { startServer } from '../../commerce-api/src/server.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'puppynest-e2e-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
// The tests register and log in many accounts from one address; the limits themselves are
// covered by the API tests.
const server = await startServer(config, { authLimits: { loginFailuresPerClient: 1000, loginFailuresPerUsername: 1000, registrationsPerClient: 1000 } });
console.log(`e2e server at ${server.url}, data in ${dataDir}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.stop().finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}
