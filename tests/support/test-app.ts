// createApp with a clock the test moves: the API tests' world. The store is lowdb in memory, or a fresh
// PostgreSQL database when the run is the "api-postgres" project (tests/support/test-store.ts).
import path from 'node:path';
import os from 'node:os';
import request from 'supertest';
import { createContent, sourceFor, type Content } from '#content/index.ts';
import { createApp } from '../../commerce-api/src/app.ts';
import { loadConfig } from '../../commerce-api/src/config.ts';
import type { AppDeps } from '../../commerce-api/src/deps.ts';
import type { StorageWithStats } from '../../commerce-api/src/storage/index.ts';
import { createTestStore, type TestStore } from './test-store.ts';
import type { OnDemandPages } from '../../commerce-api/src/http/on-demand-pages.ts';
import { createMemoryOutbox } from '../../commerce-api/src/mail/outbox.ts';
import { createMemoryProofStore } from '../../commerce-api/src/media/proof-store.ts';
import type { DbShape } from '../../commerce-api/src/domain/model.ts';
import { createPayments, type PaymentsOptions } from '../../commerce-api/src/payments/index.ts';
import { createMetrics } from '../../commerce-api/src/metrics/metrics.ts';
import { timedStore } from '../../commerce-api/src/metrics/timed-store.ts';
import type { Logger } from '../../commerce-api/src/logging/logger.ts';
import { capturedLog } from './captured-log.ts';

export const TEST_SECRET = 'test-session-secret-that-is-long-enough-0123456789';

export interface TestAppOptions {
  now?: Date;
  env?: Record<string, string>;
  initial?: Partial<DbShape>;
  /** another store than in-memory storage over `initial` (a disk that fails) */
  storage?: StorageWithStats;
  /** the store of another test app, or one the test made: a second process on the same data */
  store?: TestStore;
  smsAvailable?: boolean;
  /** payments: a capturing Stripe HTTP client, or local events dropped (a lost webhook) */
  payments?: Pick<PaymentsOptions, 'stripeHttpClient' | 'localEvents'>;
  /** the built site's on-demand pages (tests/unit/site-build.test.ts) */
  pages?: OnDemandPages;
  /** another logger than the captured one (tests/perf: the server's own, to stdout or nowhere) */
  log?: Logger;
  /** a built site's static files (default: a folder that does not exist, so no page is served) */
  siteDir?: string;
}

// One Content per source for the whole test file: the embedded dataset is read once, not once per app.
const contents = new Map<string, Content>();
function contentFor(config: ReturnType<typeof loadConfig>): Content {
  const key = JSON.stringify(config.content);
  let content = contents.get(key);
  if (!content) contents.set(key, (content = createContent(sourceFor(config.content))));
  return content;
}

export async function createTestApp(options: TestAppOptions = {}) {
  const {
    store: opened,
    lowdb,
    databaseUrl,
  } = options.store ?? (await createTestStore(options.initial, options.storage));
  const clock = { now: options.now ?? new Date('2026-06-01T12:00:00.000Z') };
  const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: TEST_SECRET, ...options.env });
  // the server's logger, captured: a test reads its lines, and nothing floods the run's output
  const captured = capturedLog(config.logs.level);
  const log = options.log ?? captured.log;
  // as the server: measured only when METRICS_TOKEN or METRICS_PORT is set
  const metrics =
    config.metrics.token || config.metrics.port !== null ? createMetrics({ store: opened, log }) : undefined;
  const store = metrics ? timedStore(opened, metrics) : opened;
  const nowhere = path.join(os.tmpdir(), 'puppynest-test-no-site');
  const outbox = createMemoryOutbox({
    smsAvailable: options.smsAvailable ?? true,
    now: () => new Date(clock.now),
    siteUrl: config.publicSiteUrl,
  });
  const payments = createPayments({
    config,
    store,
    mailer: outbox.mailer,
    now: () => new Date(clock.now),
    log,
    ...options.payments,
  });
  const deps: AppDeps = {
    config,
    store,
    mailer: outbox.mailer,
    sms: outbox.sms,
    outbox,
    content: contentFor(config),
    // proofs of health tests (decision 0121) in memory: a test reads back what it uploaded
    proofs: createMemoryProofStore(),
    payments,
    now: () => new Date(clock.now),
    log,
    ...(metrics ? { metrics } : {}),
    ...(options.pages ? { pages: options.pages } : {}),
    paths: { siteDir: options.siteDir ?? nowhere, studioDir: nowhere, uploadsDir: nowhere },
  };
  const app = createApp(deps);
  return {
    app,
    /** lowdb only (undefined on PostgreSQL): the in-memory storage under `store` */
    lowdb,
    /** PostgreSQL only: the database under `store` */
    databaseUrl,
    /** the async repositories (setup and checks in tests go through these: they run on both stores) */
    store,
    outbox,
    clock,
    deps,
    /** the messages logged, in order */
    logs: captured.messages,
    /** the lines logged, every field */
    logLines: captured.lines,
    /** the log output as the server would have written it */
    logOutput: captured.output,
    /** advance the test clock */
    tick(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let counter = 0;
/** registers a fresh account and returns an agent that carries its session cookie */
export async function registeredAgent(app: TestApp['app'], overrides: Record<string, unknown> = {}) {
  const agent = request.agent(app);
  const username = (overrides.username as string | undefined) ?? `user${Date.now().toString(36)}${counter++}`;
  const response = await agent.post('/api/register').send({
    username,
    password: 'correct-horse-battery',
    email: `${username}@example.com`,
    accountType: 'buyer',
    confirmAdult: true,
    ...overrides,
  });
  if (response.status !== 201)
    throw new Error(`registration failed: ${response.status} ${JSON.stringify(response.body)}`);
  return {
    agent,
    user: response.body as { id: number; username: string },
    cookie: sessionCookie(response.headers['set-cookie']),
  };
}

export function sessionCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.startsWith('pn_session=') && !c.startsWith('pn_session=;'));
  return found ? found.split(';')[0]! : '';
}
