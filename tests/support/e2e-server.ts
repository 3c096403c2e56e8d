// The server the end-to-end tests run against: the real one, on a fresh temporary DATA_DIR that is
// removed when Playwright stops it.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../commerce-api/src/config.ts';
import { startServer } from '../../commerce-api/src/server.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'puppynest-e2e-'));
// The tests register, log in and write from one address; the limits themselves are covered by the
// API tests.
const raised = Object.fromEntries(
  [
    'LOGIN_FAILURES_PER_CLIENT',
    'LOGIN_FAILURES_PER_USERNAME_AND_CLIENT',
    'LOGIN_FAILURES_PER_USERNAME',
    'REGISTRATIONS_PER_CLIENT',
    'CONTACT_MESSAGES_PER_CLIENT',
    'UPLOADS_PER_ACCOUNT',
    'MESSAGES_PER_ACCOUNT',
    'NEW_ACCOUNT_MESSAGES',
    'REPORTS_PER_ACCOUNT',
    'VERIFICATION_CODES_PER_TARGET',
    'VERIFICATION_CODES_PER_TARGET_PER_MINUTE',
    'SUBSCRIPTION_ATTEMPTS_PER_ACCOUNT',
    'SUBSCRIPTION_ATTEMPTS_PER_CLIENT',
    'PAYMENT_REFRESHES_PER_ACCOUNT',
    'PAYMENT_REFRESHES_PER_CLIENT',
  ].map((name) => [name, '1000']),
);
const config = loadConfig({ ...process.env, ...raised, DATA_DIR: dataDir });
const server = await startServer(config);
console.log(`e2e server at ${server.url}, data in ${dataDir}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.stop().finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}
