// The one Node process: config → storage (+ seed) → createApp → listen; stops cleanly on Ctrl-C.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createContent, sourceFor } from '#content/index.ts';
import { createApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import type { AppDeps } from './deps.ts';
import type { AstroHandler, OnDemandPages } from './http/on-demand-pages.ts';
import { seedDatabase, type SeedOptions } from './seed/seed.ts';
import { seedPostgres } from './seed/seed-postgres.ts';
import { openStore } from './storage/open-store.ts';
import { createFileOutbox } from './mail/outbox.ts';
import { createSmtpMailer } from './mail/smtp-mailer.ts';
import { createPayments } from './payments/index.ts';
import { createLocalMediaStore } from './media/media-store.ts';
import { createS3MediaStore } from './media/s3-media-store.ts';
import { createLocalProofStore, proofStoreInBucket } from './media/proof-store.ts';
import { createLocalScheduler } from './jobs/scheduler.ts';
import { sweepUnusedUploadsJob } from './jobs/sweep-unused-uploads.ts';
import { sweepRateLimitsJob } from './jobs/sweep-rate-limits.ts';
import { sweepViewMarksJob } from './jobs/sweep-view-marks.ts';
import { releasePayoutsJob } from './jobs/release-payouts.ts';
import { moneyCheckJob } from './jobs/money-check.ts';
import { createLogger, type Logger } from './logging/logger.ts';
import { serveMetricsLocally } from './metrics/metrics-server.ts';
import { timedStore } from './metrics/timed-store.ts';
import { reviewInvitesJob } from './jobs/review-invites.ts';
import { savedSearchAlertsJob } from './jobs/saved-search-alerts.ts';
import { alertDepsOf } from './http/routes/alerts.routes.ts';
import { warmMailRenderer } from './mail/html.ts';
import { loadZipGazetteer } from './domain/zip-gazetteer.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** the site build: static files in client/, the on-demand pages' handler in server/entry.mjs */
export function siteBuildDir(): string {
  return path.resolve(root, process.env.SITE_DIST_DIR ?? 'dist/site');
}

/** the built Astro handler of the listing pages, when the site has been built */
async function loadOnDemandPages(buildDir: string): Promise<OnDemandPages | undefined> {
  const entry = path.join(buildDir, 'server', 'entry.mjs');
  if (!existsSync(entry)) return undefined;
  const built = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  return { handler: built.handler, buildId: Math.round(statSync(entry).mtimeMs).toString(36) };
}

export async function startServer(
  config: Config,
  log: Logger = createLogger(config.logs),
): Promise<{ url: string; stop: () => Promise<void> }> {
  const now = () => new Date();
  const opened = await openStore(config, now(), { log });
  const seedOptions: SeedOptions = {
    dataDir: config.dataDir,
    admin: config.admin,
    demo: config.seedDemoData,
    demoPasswords: config.randomDemoPasswords ? 'random' : 'published',
    connectedSellers: config.paymentProvider === 'local',
    payouts: config.payouts,
    contentDir: config.content.contentDir,
  };
  const seeded =
    opened.kind === 'lowdb'
      ? await seedDatabase(opened.lowdb, seedOptions)
      : await seedPostgres(opened.pool, opened.store, seedOptions);
  const outbox = createFileOutbox(path.join(config.dataDir, 'outbox'), {
    smsAvailable: config.smsEnabled,
    now,
    siteUrl: config.publicSiteUrl,
  });
  const mailer = config.mail.smtpUrl
    ? createSmtpMailer(config.mail.smtpUrl, config.mail.from, config.publicSiteUrl)
    : outbox.mailer;
  const uploadsDir = path.join(config.dataDir, 'uploads');
  // one bucket for every process when S3 is configured (decision 0095), else this machine's DATA_DIR/uploads
  const media = config.s3 ? createS3MediaStore(config.s3) : createLocalMediaStore(uploadsDir);
  // the proofs of health tests (decision 0121): the same bucket, else a private folder of DATA_DIR never served
  const proofs = config.s3
    ? proofStoreInBucket(media as Parameters<typeof proofStoreInBucket>[0])
    : createLocalProofStore(path.join(config.dataDir, 'private', 'proofs'));
  // Metrics only when something can read them (decision 0116): otherwise nothing is measured, and
  // prom-client is not even loaded (some 50 ms of every start).
  const metrics =
    config.metrics.token || config.metrics.port !== null
      ? (await import('./metrics/metrics.ts')).createMetrics({ store: opened.store, log, processMetrics: true })
      : undefined;
  // one instance for the app and the payments: on lowdb, transactions queue per instance
  const store = metrics ? timedStore(opened.store, metrics) : opened.store;
  let draining = false;
  const deps: AppDeps = {
    config,
    draining: () => draining,
    store,
    mailer,
    sms: outbox.sms,
    outbox,
    media,
    proofs,
    content: createContent(sourceFor(config.content)),
    payments: createPayments({ config, store, mailer, now, log }),
    now,
    log,
    metrics,
    pages: await loadOnDemandPages(siteBuildDir()),
    paths: {
      siteDir: path.join(siteBuildDir(), 'client'),
      studioDir: path.join(root, 'dist/studio'),
      uploadsDir,
    },
  };
  const app = createApp(deps);
  // the ZIP table, read before the first request rather than during one (decision 0139)
  loadZipGazetteer();
  const jobs = createLocalScheduler(
    [
      sweepUnusedUploadsJob({ store: deps.store, media, log }),
      releasePayoutsJob(deps.payments.payouts),
      moneyCheckJob(deps.payments.payouts),
      reviewInvitesJob(deps.payments.payouts),
      savedSearchAlertsJob(alertDepsOf(deps)),
      sweepViewMarksJob(deps.store),
      ...(store.rateLimits ? [sweepRateLimitsJob(store.rateLimits)] : []),
    ],
    { now, log, leases: store.jobLeases, metrics },
  );
  const server = await new Promise<import('node:http').Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
  });
  // An idle keep-alive connection is closed by its client or proxy, not by us (decision 0097's note of
  // 2026-11-27). With Node's 5 s, a client that reused the connection as the server closed it got a
  // reset instead of an answer (HAProxy keeps idle server connections up to its 30 s; so do browsers and
  // HTTP clients). The headers' limit must exceed it, or Node ends a kept connection early.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // the mails' HTML renderer loads in the background, not in the first purchase's request (decision 0111)
  warmMailRenderer();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  const metricsServer =
    metrics && config.metrics.port !== null ? await serveMetricsLocally(metrics, config.metrics.port) : undefined;
  const where = opened.kind === 'lowdb' ? config.dataDir : 'PostgreSQL (DATABASE_URL)';
  if (opened.kind === 'postgres' && opened.migrated.length)
    log.info(`Applied PostgreSQL migrations ${opened.migrated.join(', ')}.`);
  if (seeded.seeded)
    log.info(`Seeded ${seeded.breeds} breeds, ${seeded.puppies} puppies and ${seeded.users} accounts into ${where}.`);
  if (config.randomDemoPasswords) {
    // Shown this once, by design (SEED_DEMO_DATA, README): only their hashes are kept.
    for (const login of seeded.demoLogins)
      log.info(`Demo ${login.accountType} (random password, shown once): ${login.username} / ${login.password}`);
  }
  if (metricsServer) log.info(`Metrics at http://127.0.0.1:${config.metrics.port}/metrics (this machine only).`);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      // Stop accepting, let requests in flight finish (/readyz says 503 meanwhile), and after
      // SHUTDOWN_TIMEOUT_MS cut whatever is left so a stop never hangs past the orchestrator's bound.
      // A kept-alive connection whose last request ends during the drain is closed at once, not after
      // the keep-alive timeout: the sweep runs until the server has closed.
      draining = true;
      const sweep = setInterval(() => server.closeIdleConnections(), 100).unref();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), config.shutdownTimeoutMs).unref();
      });
      clearInterval(sweep);
      // a scrape is short and can be cut: Prometheus keeps its connection alive between scrapes
      if (metricsServer) {
        await new Promise<void>((resolve) => {
          metricsServer.close(() => resolve());
          metricsServer.closeAllConnections();
        });
      }
      await jobs.stop();
      await opened.store.close();
    })());
  return { url, stop };
}

export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    // before the logger, which the configuration sets up: a plain line
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.logs);
  let running: Awaited<ReturnType<typeof startServer>>;
  try {
    running = await startServer(config, log);
  } catch (error) {
    log.fatal(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  // Handlers first: a Ctrl-C right after the banner must already stop cleanly.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log.info(`${signal}: finishing writes and stopping…`);
      running.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          log.fatal({ err: error }, 'the server did not stop cleanly');
          process.exit(1);
        },
      );
    });
  }
  const data = config.databaseUrl ? 'data in PostgreSQL' : `data in ${config.dataDir}`;
  log.info(
    `PuppyNest is running at ${running.url} (${data}, ${config.paymentProvider === 'local' ? 'local test-mode payments' : 'Stripe payments'}).`,
  );
  if (config.admin.isDevDefault && !config.isProduction) {
    log.info(`Admin login (development default): ${config.admin.username} / ${config.admin.password}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
