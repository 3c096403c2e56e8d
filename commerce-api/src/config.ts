// The environment, parsed once into a frozen, typed object. Every variable is listed in .env.example.
// Domain code never reads process.env: the config is passed in (docs/decisions/0072).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import * as v from 'valibot';
import {
  contentSettingsFromEnv,
  studioSettingsFromEnv,
  type ContentSettings,
  type StudioSettings,
} from '#content/settings.ts';
import { defaultSiteUrl } from '#contracts/site-url.ts';
import { isCommonPassword } from './auth/common-passwords.ts';
import { DEMO_ACCOUNTS } from './seed/demo-accounts.ts';

const boolean = v.pipe(
  v.picklist(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false'),
  v.transform((s) => s === 'true' || s === '1' || s === 'yes'),
);
const flag = (fallback: boolean) => v.optional(boolean, fallback ? 'true' : 'false');
const text = () => v.optional(v.pipe(v.string(), v.trim()), '');
const port = (fallback: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a port number'),
      v.transform(Number),
      v.integer(),
      v.minValue(0),
      v.maxValue(65535, 'must be a port number'),
    ),
    String(fallback),
  );
const count = (fallback: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d+$/, 'must be a whole number'),
      v.transform(Number),
      v.integer(),
      v.minValue(1, 'must be at least 1'),
    ),
    String(fallback),
  );
/** Express's "trust proxy": true, false, a number of hops, or addresses/subnets separated by commas */
const trustProxy = () =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (s) => /^(true|false|\d+)$/.test(s) || s.split(',').every((part) => isProxyAddress(part.trim())),
        'must be true, false, a number of proxies, or IP addresses/subnets separated by commas',
      ),
      v.transform((s): boolean | number | string[] =>
        s === 'true'
          ? true
          : s === 'false'
            ? false
            : /^\d+$/.test(s)
              ? Number(s)
              : s.split(',').map((part) => part.trim()),
      ),
    ),
    'false',
  );
/** pino's levels; silent writes nothing */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const url = () => v.optional(v.union([v.literal(''), v.pipe(v.string(), v.url('must be a URL'))]), '');

const EnvSchema = v.object({
  NODE_ENV: v.optional(
    v.picklist(['development', 'production', 'test'], 'must be development, production or test'),
    'development',
  ),
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), '127.0.0.1'),
  PORT: port(4321),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), './data'),
  DATABASE_URL: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'))]),
    '',
  ),
  // No default here: unset, it is the server's own address on PORT; production must say it (checkProduction).
  PUBLIC_SITE_URL: v.optional(v.pipe(v.string(), v.url('must be a URL'))),
  PUBLIC_API_URL: url(),
  TRUST_PROXY: trustProxy(),
  SHUTDOWN_TIMEOUT_MS: count(10_000),
  S3_ENDPOINT: url(),
  S3_BUCKET: text(),
  S3_REGION: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), 'us-east-1'),
  S3_ACCESS_KEY_ID: text(),
  S3_SECRET_ACCESS_KEY: text(),
  S3_FORCE_PATH_STYLE: flag(true),
  SESSION_SECRET: text(),
  ADMIN_USERNAME: v.optional(v.pipe(v.string(), v.trim(), v.minLength(3, 'must be at least 3 characters')), 'admin'),
  ADMIN_PASSWORD: text(),
  // No default here: production must say it (checkProduction); development defaults to true.
  SEED_DEMO_DATA: v.optional(boolean),
  ALLOW_DEV_SECRETS_IN_PRODUCTION: flag(false),
  ALLOW_LOCAL_PAYMENTS_IN_PRODUCTION: flag(false),
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
  LOGIN_FAILURES_PER_CLIENT: count(20),
  LOGIN_FAILURES_PER_USERNAME_AND_CLIENT: count(5),
  LOGIN_FAILURES_PER_USERNAME: count(100),
  REGISTRATIONS_PER_CLIENT: count(10),
  CONTACT_MESSAGES_PER_CLIENT: count(10),
  UPLOADS_PER_ACCOUNT: count(60),
  UPLOAD_QUOTA_MB: count(500),
  // conversations and reports (decisions 0090–0092)
  MESSAGES_PER_ACCOUNT: count(60),
  NEW_ACCOUNT_MESSAGES: count(10),
  NEW_ACCOUNT_HOURS: count(24),
  REPORTS_PER_ACCOUNT: count(10),
  // codes to one address, seller plan attempts, payment checks (decision 0108)
  VERIFICATION_CODES_PER_TARGET: count(5),
  VERIFICATION_CODES_PER_TARGET_PER_MINUTE: count(1),
  SUBSCRIPTION_ATTEMPTS_PER_ACCOUNT: count(5),
  SUBSCRIPTION_ATTEMPTS_PER_CLIENT: count(10),
  PAYMENT_REFRESHES_PER_ACCOUNT: count(60),
  PAYMENT_REFRESHES_PER_CLIENT: count(120),
  // seller payouts (decision 0101)
  PLATFORM_FEE_PERCENT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}(\.\d{1,2})?$/, 'must be a percentage from 0 to 50, like 0, 5 or 7.5'),
      v.transform(Number),
      v.maxValue(50, 'must be at most 50'),
    ),
    '0',
  ),
  PAYOUT_HOLD_DAYS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, 'must be a whole number of days from 0 to 30'),
      v.transform(Number),
      v.maxValue(30, 'must be at most 30'),
    ),
    '3',
  ),
  STRIPE_CONNECT_WEBHOOK_SECRET: text(),
  // logs and metrics (decision 0116)
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
  LOG_FORMAT: v.optional(v.picklist(['json', 'pretty'], 'must be json or pretty'), 'json'),
  LOG_SLOW_MS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,7}$/, 'must be a whole number of milliseconds, like 1000'),
      v.transform(Number),
      v.minValue(1, 'must be at least 1'),
    ),
    '1000',
  ),
  METRICS_TOKEN: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.minLength(32, 'must be at least 32 random characters'))]),
    '',
  ),
  METRICS_PORT: v.optional(
    v.union([
      v.literal(''),
      v.pipe(
        v.string(),
        v.regex(/^\d+$/, 'must be a port number'),
        v.transform(Number),
        v.integer(),
        v.minValue(1, 'must be a port number'),
        v.maxValue(65535, 'must be a port number'),
      ),
    ]),
    '',
  ),
});

/**
 * Abuse limits (decisions 0051, 0108). Counted per fixed window: 15 minutes for logins per client and
 * registrations, an hour for logins per username, messages, uploads, codes per address and seller plan
 * attempts, 10 minutes for payment checks. A "client" is the address Express reports (see TRUST_PROXY).
 */
export interface Limits {
  /** failed logins per client, whatever the usernames */
  readonly loginFailuresPerClient: number;
  /** failed logins for one username from one client: the owner elsewhere is not locked out */
  readonly loginFailuresPerUsernameAndClient: number;
  /** failed logins for one username from all clients together per hour: a distributed guessing brake */
  readonly loginFailuresPerUsername: number;
  readonly registrationsPerClient: number;
  /** contact-page messages and puppy inquiries per client per hour */
  readonly contactMessagesPerClient: number;
  /** uploads per account per hour */
  readonly uploadsPerAccount: number;
  /** messages (inquiries and replies) per account per hour */
  readonly messagesPerAccount: number;
  /** the same for an account younger than newAccountHours: its first messages are limited more tightly */
  readonly newAccountMessages: number;
  readonly newAccountHours: number;
  /** reports of listings and messages per account per hour */
  readonly reportsPerAccount: number;
  /** bytes an account's uploads may take together (images count all their renditions) */
  readonly uploadQuotaBytes: number;
  /** verification codes sent to one email address or phone number per hour, from every network together */
  readonly verificationCodesPerTarget: number;
  /** the same per minute */
  readonly verificationCodesPerTargetPerMinute: number;
  /** seller plan attempts (each one a customer and a card check) per account per hour */
  readonly subscriptionAttemptsPerAccount: number;
  /** the same per client */
  readonly subscriptionAttemptsPerClient: number;
  /** payment re-checks of the return pages per logged-in account per 10 minutes */
  readonly paymentRefreshesPerAccount: number;
  /** the same per client, logged in or not */
  readonly paymentRefreshesPerClient: number;
}

/** Development defaults: fine on a laptop, refused in production (see checkProduction). */
export const DEV_ADMIN_PASSWORD = 'puppynest-admin';

/** S3-compatible object storage for uploaded media (media/s3-media-store.ts) */
export interface S3Settings {
  readonly endpoint: string;
  readonly bucket: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** bucket in the path (MinIO, s3rver, most self-hosted stores) rather than in the host name */
  readonly forcePathStyle: boolean;
}

export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly isProduction: boolean;
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  /** PostgreSQL when set (postgres://…, docs/decisions/0076); empty: the lowdb file in dataDir */
  readonly databaseUrl: string;
  /** where customers open the site, without a trailing slash; unset: http://localhost:{port} (required in production) */
  readonly publicSiteUrl: string;
  readonly publicApiUrl: string;
  /** Express's "trust proxy" setting: which X-Forwarded-For hops name the client */
  readonly trustProxy: boolean | number | readonly string[];
  /** on SIGTERM: how long requests in flight may take before the process exits anyway (decision 0093) */
  readonly shutdownTimeoutMs: number;
  /** uploaded media in S3-compatible object storage (decision 0095); null: DATA_DIR/uploads */
  readonly s3: S3Settings | null;
  readonly sessionSecret: string;
  readonly admin: { readonly username: string; readonly password: string; readonly isDevDefault: boolean };
  readonly seedDemoData: boolean;
  /** demo accounts get fresh random passwords, printed once (production), not the README's */
  readonly randomDemoPasswords: boolean;
  readonly limits: Limits;
  /** where the products, testimonials and pages come from (SANITY_PROJECT_ID, SANITY_DATASET, SANITY_API_READ_TOKEN, CONTENT_DIR) */
  readonly content: ContentSettings;
  /** the Sanity project the Studio at /studio edits (SANITY_STUDIO_PROJECT_ID, else SANITY_PROJECT_ID; decision 0120) */
  readonly studio: StudioSettings;
  /** the publishing webhook: its secret, and the command that rebuilds the site */
  readonly sanity: { readonly webhookSecret: string; readonly rebuildCommand: string };
  readonly stripe: {
    readonly test: { readonly secretKey: string; readonly publishableKey: string };
    readonly live: { readonly secretKey: string; readonly publishableKey: string };
    readonly webhookSecret: string;
    /** the Connect endpoint's own signing secret (account.updated of connected accounts, decision 0101) */
    readonly connectWebhookSecret: string;
  };
  /** what the platform keeps of a puppy's price, and the buyer's window after handover */
  readonly payouts: { readonly feePercent: number; readonly holdDays: number };
  /** 'local' when no Stripe test keys are set: the embedded test-mode provider */
  readonly paymentProvider: 'local' | 'stripe';
  readonly mail: { readonly smtpUrl: string; readonly from: string };
  readonly smsEnabled: boolean;
  /** the log (decision 0116): the least level written, and JSON lines or pretty ones for a terminal (npm run dev) */
  readonly logs: {
    readonly level: (typeof LOG_LEVELS)[number];
    readonly format: 'json' | 'pretty';
    /** a request that took this long is logged at warn */
    readonly slowMs: number;
  };
  /**
   * GET /metrics (decision 0116): on the server's port with `token` as a bearer token, and/or on `port`
   * bound to 127.0.0.1 without one. Neither set: no metrics are kept, and /metrics is a 404.
   */
  readonly metrics: { readonly token: string; readonly port: number | null };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Parses `env` (process.env by default). Throws ConfigError naming the variable at fault.
 * In development a random session secret is created once and kept in DATA_DIR.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input = presentValues(env);
  const e = parseEnv(EnvSchema, input);
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);

  const stripeTestKeys = Boolean(e.STRIPE_TEST_SECRET_KEY && e.STRIPE_TEST_PUBLISHABLE_KEY);
  if (Boolean(e.STRIPE_TEST_SECRET_KEY) !== Boolean(e.STRIPE_TEST_PUBLISHABLE_KEY)) {
    throw new ConfigError(
      'Configuration error: STRIPE_TEST_SECRET_KEY and STRIPE_TEST_PUBLISHABLE_KEY must be set together.',
    );
  }
  if (Boolean(e.STRIPE_LIVE_SECRET_KEY) !== Boolean(e.STRIPE_LIVE_PUBLISHABLE_KEY)) {
    throw new ConfigError(
      'Configuration error: STRIPE_LIVE_SECRET_KEY and STRIPE_LIVE_PUBLISHABLE_KEY must be set together.',
    );
  }

  const s3Vars = {
    S3_ENDPOINT: e.S3_ENDPOINT,
    S3_BUCKET: e.S3_BUCKET,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
  };
  const missingS3 = Object.entries(s3Vars)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missingS3.length > 0 && missingS3.length < 4) {
    throw new ConfigError(
      `Configuration error: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (missing ${missingS3.join(', ')}).`,
    );
  }

  const config: Config = {
    env: e.NODE_ENV,
    isProduction,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicSiteUrl: (e.PUBLIC_SITE_URL ?? defaultSiteUrl(e.PORT)).replace(/\/$/, ''),
    publicApiUrl: e.PUBLIC_API_URL.replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    s3:
      missingS3.length === 0
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : null,
    sessionSecret: e.SESSION_SECRET || (isProduction ? '' : devSessionSecret(dataDir, e.NODE_ENV)),
    admin: {
      username: e.ADMIN_USERNAME,
      password: e.ADMIN_PASSWORD || DEV_ADMIN_PASSWORD,
      isDevDefault: !e.ADMIN_PASSWORD,
    },
    seedDemoData: e.SEED_DEMO_DATA ?? !isProduction,
    randomDemoPasswords: isProduction,
    limits: {
      loginFailuresPerClient: e.LOGIN_FAILURES_PER_CLIENT,
      loginFailuresPerUsernameAndClient: e.LOGIN_FAILURES_PER_USERNAME_AND_CLIENT,
      loginFailuresPerUsername: e.LOGIN_FAILURES_PER_USERNAME,
      registrationsPerClient: e.REGISTRATIONS_PER_CLIENT,
      contactMessagesPerClient: e.CONTACT_MESSAGES_PER_CLIENT,
      uploadsPerAccount: e.UPLOADS_PER_ACCOUNT,
      messagesPerAccount: e.MESSAGES_PER_ACCOUNT,
      newAccountMessages: e.NEW_ACCOUNT_MESSAGES,
      newAccountHours: e.NEW_ACCOUNT_HOURS,
      reportsPerAccount: e.REPORTS_PER_ACCOUNT,
      uploadQuotaBytes: e.UPLOAD_QUOTA_MB * 1024 * 1024,
      verificationCodesPerTarget: e.VERIFICATION_CODES_PER_TARGET,
      verificationCodesPerTargetPerMinute: e.VERIFICATION_CODES_PER_TARGET_PER_MINUTE,
      subscriptionAttemptsPerAccount: e.SUBSCRIPTION_ATTEMPTS_PER_ACCOUNT,
      subscriptionAttemptsPerClient: e.SUBSCRIPTION_ATTEMPTS_PER_CLIENT,
      paymentRefreshesPerAccount: e.PAYMENT_REFRESHES_PER_ACCOUNT,
      paymentRefreshesPerClient: e.PAYMENT_REFRESHES_PER_CLIENT,
    },
    content: contentSettingsFromEnv(input),
    studio: studioSettingsFromEnv(input),
    sanity: { webhookSecret: e.SANITY_WEBHOOK_SECRET, rebuildCommand: e.SITE_REBUILD_COMMAND },
    stripe: {
      test: { secretKey: e.STRIPE_TEST_SECRET_KEY, publishableKey: e.STRIPE_TEST_PUBLISHABLE_KEY },
      live: { secretKey: e.STRIPE_LIVE_SECRET_KEY, publishableKey: e.STRIPE_LIVE_PUBLISHABLE_KEY },
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
    },
    payouts: { feePercent: e.PLATFORM_FEE_PERCENT, holdDays: e.PAYOUT_HOLD_DAYS },
    paymentProvider: stripeTestKeys ? 'stripe' : 'local',
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    smsEnabled: e.SMS_ENABLED,
    logs: { level: e.LOG_LEVEL, format: e.LOG_FORMAT, slowMs: e.LOG_SLOW_MS },
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT === '' ? null : e.METRICS_PORT },
  };
  if (isProduction)
    checkProduction(
      config,
      e.ALLOW_DEV_SECRETS_IN_PRODUCTION,
      e.ALLOW_LOCAL_PAYMENTS_IN_PRODUCTION,
      e.SEED_DEMO_DATA,
      e.PUBLIC_SITE_URL,
    );
  return deepFreeze(config);
}

/**
 * Where the data is (DATA_DIR, DATABASE_URL), read as loadConfig reads it, for the commands that need
 * nothing else (npm run backup, npm run restore): they run where the server's secrets may not be set.
 */
export function loadStoreConfig(
  env: Record<string, string | undefined> = process.env,
): Pick<Config, 'dataDir' | 'databaseUrl'> {
  const e = parseEnv(v.pick(EnvSchema, ['DATA_DIR', 'DATABASE_URL']), presentValues(env));
  return { dataDir: path.resolve(e.DATA_DIR), databaseUrl: e.DATABASE_URL };
}

/** an empty variable counts as unset */
function presentValues(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
}

function parseEnv<S extends v.GenericSchema>(schema: S, input: Record<string, string>): v.InferOutput<S> {
  const parsed = v.safeParse(schema, input);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const name = issue.path?.map((p) => String(p.key)).join('.') ?? 'environment';
    throw new ConfigError(
      `Configuration error: ${name} ${issue.message} (got "${String(issue.input)}"). See .env.example.`,
    );
  }
  return parsed.output;
}

export const ADMIN_PASSWORD_MIN_LENGTH = 12;

function checkProduction(
  config: Config,
  allowDevSecrets: boolean,
  allowLocalPayments: boolean,
  seedDemoData: boolean | undefined,
  publicSiteUrl: string | undefined,
): void {
  if (!allowDevSecrets) {
    if (config.sessionSecret.length < 32) {
      throw new ConfigError(
        'Configuration error: SESSION_SECRET must be set to at least 32 random characters in production (or set ALLOW_DEV_SECRETS_IN_PRODUCTION=true).',
      );
    }
    if (config.admin.isDevDefault) {
      throw new ConfigError(
        'Configuration error: ADMIN_PASSWORD must be set in production; the development default is public (or set ALLOW_DEV_SECRETS_IN_PRODUCTION=true).',
      );
    }
    // The admin can switch payments to live mode: its password must be stronger than a customer's.
    const published = [DEV_ADMIN_PASSWORD, ...DEMO_ACCOUNTS.map((account) => account.password)];
    if (
      config.admin.password.length < ADMIN_PASSWORD_MIN_LENGTH ||
      isCommonPassword(config.admin.password) ||
      published.includes(config.admin.password)
    ) {
      throw new ConfigError(
        `Configuration error: ADMIN_PASSWORD must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters, not a common password and not one the README publishes, in production (or set ALLOW_DEV_SECRETS_IN_PRODUCTION=true).`,
      );
    }
  } else if (!config.sessionSecret) {
    throw new ConfigError('Configuration error: SESSION_SECRET must be set in production.');
  }
  if (seedDemoData === undefined) {
    throw new ConfigError(
      'Configuration error: SEED_DEMO_DATA must be set in production: false for a real deployment, or true for a demo deployment ' +
        '(its demo accounts then get fresh random passwords, printed once to the log).',
    );
  }
  if (config.paymentProvider === 'local' && !allowLocalPayments) {
    throw new ConfigError(
      'Configuration error: no STRIPE_TEST_SECRET_KEY/STRIPE_TEST_PUBLISHABLE_KEY are set, and the local test-mode payment provider is refused in production (set ALLOW_LOCAL_PAYMENTS_IN_PRODUCTION=true to run it anyway).',
    );
  }
  // The default, this machine's own address, reaches no customer: every mailed link and the payout
  // onboarding's return address would lead nowhere.
  if (!publicSiteUrl) {
    throw new ConfigError(
      `Configuration error: PUBLIC_SITE_URL must be set in production to the address customers open (https://puppynest.example): links in mails, the payout onboarding's return address and the site's canonical URLs are made from it, and the development default (${config.publicSiteUrl}) reaches no one else.`,
    );
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

/** an IPv4/IPv6 address or subnet, or one of Express's names for address ranges */
function isProxyAddress(value: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(value)) return true;
  const [address = '', bits, ...rest] = value.split('/');
  if (rest.length > 0 || isIP(address) === 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
}
