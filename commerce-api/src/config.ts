// The environment, parsed once into a frozen, typed object. Every variable is listed in .env.example.
// Domain code never reads process.env: the config is passed in (DESIGN.md §3).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';

const flag = (fallback: boolean) =>
  v.optional(
    v.pipe(
      v.picklist(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false'),
      v.transform((s) => s === 'true' || s === '1' || s === 'yes'),
    ),
    fallback ? 'true' : 'false',
  );
const text = () => v.optional(v.pipe(v.string(), v.trim()), '');
const port = (fallback: number) =>
  v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, 'must be a port number'), v.transform(Number), v.integer(), v.minValue(0), v.maxValue(65535, 'must be a port number')),
    String(fallback),
  );
const url = () => v.optional(v.union([v.literal(''), v.pipe(v.string(), v.url('must be a URL'))]), '');

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test'], 'must be development, production or test'), 'development'),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), '127.0.0.1'),
  PORT: port(4321),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), './data'),
  PUBLIC_SITE_URL: v.optional(v.pipe(v.string(), v.url('must be a URL')), 'http://localhost:4321'),
  PUBLIC_API_URL: url(),
  TRUST_PROXY: flag(false),
  SESSION_SECRET: text(),
  ADMIN_USERNAME: v.optional(v.pipe(v.string(), v.trim(), v.minLength(3, 'must be at least 3 characters')), 'admin'),
  ADMIN_PASSWORD: text(),
  SEED_DEMO_DATA: flag(true),
  ALLOW_DEV_SECRETS_IN_PRODUCTION: flag(false),
  ALLOW_LOCAL_PAYMENTS_IN_PRODUCTION: flag(false),
  SANITY_PROJECT_ID: text(),
  SANITY_DATASET: v.optional(v.pipe(v.string(), v.trim()), 'production'),
  SANITY_WEBHOOK_SECRET: text(),
  SITE_REBUILD_COMMAND: text(),
  STRIPE_TEST_SECRET_KEY: text(),
  STRIPE_TEST_PUBLISHABLE_KEY: text(),
  STRIPE_LIVE_SECRET_KEY: text(),
  STRIPE_LIVE_PUBLISHABLE_KEY: text(),
  STRIPE_WEBHOOK_SECRET: text(),
  SMTP_URL: url(),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.trim()), 'PuppyNest <hello@puppynest.example>'),
  SMS_ENABLED: flag(true),
});

/** Development defaults: fine on a laptop, refused in production (see checkProduction). */
export const DEV_ADMIN_PASSWORD = 'puppynest-admin';

export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly isProduction: boolean;
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  readonly publicSiteUrl: string;
  readonly publicApiUrl: string;
  readonly trustProxy: boolean;
  readonly sessionSecret: string;
  readonly admin: { readonly username: string; readonly password: string; readonly isDevDefault: boolean };
  readonly seedDemoData: boolean;
  readonly sanity: { readonly projectId: string; readonly dataset: string; readonly webhookSecret: string; readonly rebuildCommand: string };
  readonly stripe: {
    readonly test: { readonly secretKey: string; readonly publishableKey: string };
    readonly live: { readonly secretKey: string; readonly publishableKey: string };
    readonly webhookSecret: string;
  };
  /** 'local' when no Stripe test keys are set: the embedded test-mode provider */
  readonly paymentProvider: 'local' | 'stripe';
  readonly mail: { readonly smtpUrl: string; readonly from: string };
  readonly smsEnabled: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses `env` (process.env by default). Throws ConfigError naming the variable at fault.
 * In development a random session secret is created once and kept in DATA_DIR.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = v.safeParse(EnvSchema, input);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const name = issue.path?.map((p) => String(p.key)).join('.') ?? 'environment';
    throw new ConfigError(`Configuration error: ${name} ${issue.message} (got "${String(issue.input)}"). See .env.example.`);
  }
  const e = parsed.output;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);

  const stripeTestKeys = Boolean(e.STRIPE_TEST_SECRET_KEY && e.STRIPE_TEST_PUBLISHABLE_KEY);
  if (Boolean(e.STRIPE_TEST_SECRET_KEY) !== Boolean(e.STRIPE_TEST_PUBLISHABLE_KEY)) {
    throw new ConfigError('Configuration error: STRIPE_TEST_SECRET_KEY and STRIPE_TEST_PUBLISHABLE_KEY must be set together.');
  }
  if (Boolean(e.STRIPE_LIVE_SECRET_KEY) !== Boolean(e.STRIPE_LIVE_PUBLISHABLE_KEY)) {
    throw new ConfigError('Configuration error: STRIPE_LIVE_SECRET_KEY and STRIPE_LIVE_PUBLISHABLE_KEY must be set together.');
  }

  const config: Config = {
    env: e.NODE_ENV,
    isProduction,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    publicSiteUrl: e.PUBLIC_SITE_URL.replace(/\/$/, ''),
    publicApiUrl: e.PUBLIC_API_URL.replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY,
    sessionSecret: e.SESSION_SECRET || (isProduction ? '' : devSessionSecret(dataDir, e.NODE_ENV)),
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD || DEV_ADMIN_PASSWORD, isDevDefault: !e.ADMIN_PASSWORD },
    seedDemoData: e.SEED_DEMO_DATA,
    sanity: { projectId: e.SANITY_PROJECT_ID, dataset: e.SANITY_DATASET, webhookSecret: e.SANITY_WEBHOOK_SECRET, rebuildCommand: e.SITE_REBUILD_COMMAND },
    stripe: {
      test: { secretKey: e.STRIPE_TEST_SECRET_KEY, publishableKey: e.STRIPE_TEST_PUBLISHABLE_KEY },
      live: { secretKey: e.STRIPE_LIVE_SECRET_KEY, publishableKey: e.STRIPE_LIVE_PUBLISHABLE_KEY },
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    },
    paymentProvider: stripeTestKeys ? 'stripe' : 'local',
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    smsEnabled: e.SMS_ENABLED,
  };
  if (isProduction) checkProduction(config, e.ALLOW_DEV_SECRETS_IN_PRODUCTION, e.ALLOW_LOCAL_PAYMENTS_IN_PRODUCTION);
  return deepFreeze(config);
}

function checkProduction(config: Config, allowDevSecrets: boolean, allowLocalPayments: boolean): void {
  if (!allowDevSecrets) {
    if (config.sessionSecret.length < 32) {
      throw new ConfigError('Configuration error: SESSION_SECRET must be set to at least 32 random characters in production (or set ALLOW_DEV_SECRETS_IN_PRODUCTION=true).');
    }
    if (config.admin.isDevDefault) {
      throw new ConfigError('Configuration error: ADMIN_PASSWORD must be set in production; the development default is public (or set ALLOW_DEV_SECRETS_IN_PRODUCTION=true).');
    }
  } else if (!config.sessionSecret) {
    throw new ConfigError('Configuration error: SESSION_SECRET must be set in production.');
  }
  if (config.paymentProvider === 'local' && !allowLocalPayments) {
    throw new ConfigError('Configuration error: no STRIPE_TEST_SECRET_KEY/STRIPE_TEST_PUBLISHABLE_KEY are set, and the local test-mode payment provider is refused in production (set ALLOW_LOCAL_PAYMENTS_IN_PRODUCTION=true to run it anyway).');
  }
}

/** A random secret kept in DATA_DIR, so development sessions survive restarts without configuration. */
function devSessionSecret(dataDir: string, env: string): string {
  if (env === 'test') return randomBytes(32).toString('base64url');
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
