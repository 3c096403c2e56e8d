// End-to-end tests in a real Chromium against the real server on a fresh, temporary DATA_DIR.
import { existsSync, readdirSync } from 'node:fs';
import { chromium, defineConfig, devices } from '@playwright/test';

// Two servers, each on its own fresh DATA_DIR, and one worker per server: the files of a project run one
// after another against their own server (as before, on one), while the two projects run side by side.
// A test never shares a server with a test running at the same moment, so one that switches payments to
// live mode or hides a listing cannot change what another is looking at. The files are split so both
// halves take about as long (payments, orders, sellers, conversations… / content, auth, listings…).
const FIRST_PORT = Number(process.env.E2E_PORT ?? 4399);
const SERVERS = [
  {
    name: 'commerce',
    port: FIRST_PORT,
    files: [
      'payments',
      'orders',
      'orders-no-script',
      'sellers',
      'conversations',
      'photos',
      'form-messages',
      'forms-before-hydration',
      'puppy-page-no-script',
      'reviews',
      'breeder-profile',
      'featured-listings',
      'marketing-kit',
    ],
  },
  {
    name: 'browsing',
    port: FIRST_PORT - 1,
    files: [
      'content-pages',
      'auth',
      'auth-no-script',
      'listings-browse',
      'html-first',
      'listings-manage',
      'skeleton',
      'payouts',
      'breeder-page',
      'parents',
      'breed-page',
      'puppies-near',
      'alerts',
      'menus-by-role',
      'insights',
    ],
  },
] as const;
// A spec file in neither list would never run: refuse to start instead.
const unassigned = readdirSync('tests/e2e')
  .filter((file) => file.endsWith('.spec.ts'))
  .filter(
    (file) => !SERVERS.some((server) => (server.files as readonly string[]).includes(file.replace(/\.spec\.ts$/, ''))),
  );
if (unassigned.length > 0)
  throw new Error(`Add ${unassigned.join(', ')} to one of the SERVERS in playwright.config.ts`);

function browserExecutable(): string | undefined {
  const system = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((file) =>
    existsSync(file),
  );
  if (system) return system;
  if (existsSync(chromium.executablePath())) return undefined; // Playwright's own browser
  throw new Error(
    'No Chromium found for the end-to-end tests: install Debian\'s "chromium" package (apt-get install -y chromium) or run "npx playwright install chromium".',
  );
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results',
  fullyParallel: false,
  workers: SERVERS.length,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    // Pico and our CSS drop transitions under reduced motion: axe's contrast check then never reads a
    // colour halfway through a hover or tab transition (two such checks failed on a fresh clone).
    reducedMotion: 'reduce',
    // Recording a trace of every test costs about a quarter of the suite's time on two cores (4.0 ->
    // 3.0 min), and CI keeps only the log: PW_TRACE=1 records them and keeps those of failed tests.
    trace: process.env.PW_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: browserExecutable(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: SERVERS.map(({ name, port, files }) => ({
    name,
    testMatch: files.map((file) => `${file}.spec.ts`),
    workers: 1,
    use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${port}` },
  })),
  webServer: SERVERS.map(({ port }) => ({
    command: 'node tests/support/e2e-server.ts',
    url: `http://127.0.0.1:${port}/api/breeds`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      PUBLIC_SITE_URL: `http://127.0.0.1:${port}`,
      // The admin test switches to live mode, which is refused without live keys. These are not real
      // keys and no live payment is ever made: the test switches back before it ends.
      STRIPE_LIVE_SECRET_KEY: 'sk_live_e2e_not_a_real_key',
      STRIPE_LIVE_PUBLISHABLE_KEY: 'pk_live_e2e_not_a_real_key',
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
