// End-to-end tests in a real Chromium against the real server on a fresh, temporary DATA_DIR.
import { existsSync } from 'node:fs';
import { chromium, defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4399);

function browserExecutable(): string | undefined {
  const system = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((file) => existsSync(file));
  if (system) return system;
  if (existsSync(chromium.executablePath())) return undefined; // Playwright's own browser
  throw new Error('No Chromium found for the end-to-end tests: install Debian\'s "chromium" package (apt-get install -y chromium) or run "npx playwright install chromium".');
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Pico and our CSS drop transitions under reduced motion: axe's contrast check then never reads a
    // colour halfway through a hover or tab transition (two such checks failed on a fresh clone).
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: browserExecutable(),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node tests/support/e2e-server.ts',
    url: `http://127.0.0.1:${PORT}/api/breeds`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      PUBLIC_SITE_URL: `http://127.0.0.1:${PORT}`,
      // The admin test switches to live mode, which is refused without live keys. These are not real
      // keys and no live payment is ever made: the test switches back before it ends.
      STRIPE_LIVE_SECRET_KEY: 'sk_live_e2e_not_a_real_key',
      STRIPE_LIVE_PUBLISHABLE_KEY: 'pk_live_e2e_not_a_real_key',
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
