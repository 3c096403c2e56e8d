// The one Node process: config → storage (+ seed) → createApp → listen; stops cleanly on Ctrl-C.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createContent, sourceFor } from '#content/index.ts';
import { createApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import type { AppDeps } from './deps.ts';
import type { AstroHandler, OnDemandPages } from './http/listing-pages.ts';
import { seedDatabase } from './seed/seed.ts';
import { createFileStorage } from './storage/index.ts';
import { createLowdbRepositories } from './storage/lowdb-repositories.ts';
import { createFileOutbox } from './mail/outbox.ts';
import { createSmtpMailer } from './mail/smtp-mailer.ts';
import { createPayments } from './payments/index.ts';
import { createLocalMediaStore } from './media/media-store.ts';
import { createLocalScheduler } from './jobs/scheduler.ts';
import { sweepUnusedUploadsJob } from './jobs/sweep-unused-uploads.ts';

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

export async function startServer(config: Config): Promise<{ url: string; stop: () => Promise<void> }> {
  const storage = await createFileStorage({ dataDir: config.dataDir });
  const seeded = await seedDatabase(storage, {
    dataDir: config.dataDir,
    admin: config.admin,
    demo: config.seedDemoData,
    demoPasswords: config.randomDemoPasswords ? 'random' : 'published',
  });
  const now = () => new Date();
  const outbox = createFileOutbox(path.join(config.dataDir, 'outbox'), { smsAvailable: config.smsEnabled, now });
  const mailer = config.mail.smtpUrl ? createSmtpMailer(config.mail.smtpUrl, config.mail.from) : outbox.mailer;
  const log = (line: string) => console.error(line);
  const uploadsDir = path.join(config.dataDir, 'uploads');
  const media = createLocalMediaStore(uploadsDir);
  let draining = false;
  const deps: AppDeps = {
    config,
    draining: () => draining,
    storage,
    store: createLowdbRepositories(storage),
    mailer,
    sms: outbox.sms,
    outbox,
    media,
    content: createContent(sourceFor(config.content)),
    payments: createPayments({ config, storage, mailer, now, log }),
    now,
    log,
    pages: await loadOnDemandPages(siteBuildDir()),
    paths: {
      siteDir: path.join(siteBuildDir(), 'client'),
      studioDir: path.join(root, 'dist/studio'),
      uploadsDir,
    },
  };
  const app = createApp(deps);
  const jobs = createLocalScheduler([sweepUnusedUploadsJob({ storage, media, log })], { now, log });
  const server = await new Promise<import('node:http').Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  if (seeded.seeded) console.log(`Seeded ${seeded.breeds} breeds, ${seeded.puppies} puppies and ${seeded.users} accounts into ${config.dataDir}.`);
  if (config.randomDemoPasswords) {
    // Shown this once: only their hashes are kept.
    for (const login of seeded.demoLogins) console.log(`Demo ${login.accountType} (random password, shown once): ${login.username} / ${login.password}`);
  }

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      // Stop accepting, let requests in flight finish (/readyz says 503 meanwhile), and after
      // SHUTDOWN_TIMEOUT_MS cut whatever is left so a stop never hangs past the orchestrator's bound.
      draining = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), config.shutdownTimeoutMs).unref();
      });
      await jobs.stop();
      await storage.close();
    })());
  return { url, stop };
}

export async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let running: Awaited<ReturnType<typeof startServer>>;
  try {
    running = await startServer(config);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  // Handlers first: a Ctrl-C right after the banner must already stop cleanly.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.log(`\n${signal}: finishing writes and stopping…`);
      running.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
  console.log(`PuppyNest is running at ${running.url} (data in ${config.dataDir}, ${config.paymentProvider === 'local' ? 'local test-mode payments' : 'Stripe payments'}).`);
  if (config.admin.isDevDefault && !config.isProduction) {
    console.log(`Admin login (development default): ${config.admin.username} / ${config.admin.password}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
