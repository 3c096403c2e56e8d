import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../commerce-api/src/config.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pn-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const strongSecret = 'x'.repeat(40);
const SITE = 'https://puppynest.example';

describe('loadConfig', () => {
  it('has safe defaults: loopback host, port 4321, ./data, local payments', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.host).toBe('127.0.0.1');
    expect(config.port).toBe(4321);
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.paymentProvider).toBe('local');
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.admin)).toBe(true);
  });

  it("edits the site's Sanity project in the Studio unless SANITY_STUDIO_* name another (decision 0120)", () => {
    expect(loadConfig({ NODE_ENV: 'test' }).studio).toEqual({ projectId: '', dataset: 'production' });
    expect(loadConfig({ SANITY_PROJECT_ID: 'abc123', SANITY_DATASET: 'staging' }).studio).toEqual({
      projectId: 'abc123',
      dataset: 'staging',
    });
    expect(
      loadConfig({ SANITY_PROJECT_ID: 'abc123', SANITY_STUDIO_PROJECT_ID: 'xyz789', SANITY_STUDIO_DATASET: 'edit' })
        .studio,
    ).toEqual({ projectId: 'xyz789', dataset: 'edit' });
  });

  it('fails fast naming the variable at fault', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
    expect(() => loadConfig({ SEED_DEMO_DATA: 'maybe' })).toThrow(/SEED_DEMO_DATA/);
    expect(() => loadConfig({ STRIPE_TEST_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_TEST_PUBLISHABLE_KEY/);
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /missing S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });

  it('uses object storage for media only when all of its settings are given', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).s3).toBeNull();
    const s3 = {
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig({ DATA_DIR: tempDir(), ...s3 }).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'media',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  // decision 0116
  it('logs JSON at info and keeps no metrics by default; a metrics token must be long, a metrics port a port', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.logs).toEqual({ level: 'info', format: 'json', slowMs: 1000 });
    expect(config.metrics).toEqual({ token: '', port: null });
    expect(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'debug',
        LOG_FORMAT: 'pretty',
        LOG_SLOW_MS: '250',
        METRICS_TOKEN: ` ${strongSecret} `,
        METRICS_PORT: '9464',
      }),
    ).toMatchObject({
      logs: { level: 'debug', format: 'pretty', slowMs: 250 },
      metrics: { token: strongSecret, port: 9464 },
    });
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ LOG_FORMAT: 'text' })).toThrow(/LOG_FORMAT/);
    expect(() => loadConfig({ LOG_SLOW_MS: 'soon' })).toThrow(/LOG_SLOW_MS must be a whole number of milliseconds/);
    expect(() => loadConfig({ LOG_SLOW_MS: '0' })).toThrow(/LOG_SLOW_MS must be at least 1/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 32 random characters/);
    expect(() => loadConfig({ METRICS_PORT: '0' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
  });

  it('keeps a random development session secret in DATA_DIR across restarts', () => {
    const dir = tempDir();
    const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
    const second = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first.sessionSecret);
  });

  it('refuses production with development secrets, the demo seed by default, or the local payment provider', () => {
    const dir = tempDir();
    const secrets = { NODE_ENV: 'production', DATA_DIR: dir, SESSION_SECRET: strongSecret };
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig(secrets)).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ ...secrets, ADMIN_PASSWORD: 'a-real-admin-pass' })).toThrow(
      /^Configuration error: SEED_DEMO_DATA must be set in production/,
    );
    expect(() => loadConfig({ ...secrets, ADMIN_PASSWORD: 'a-real-admin-pass', SEED_DEMO_DATA: 'false' })).toThrow(
      /local test-mode payment provider/,
    );
  });

  it('refuses a short, common or published admin password in production', () => {
    const env = {
      NODE_ENV: 'production',
      SESSION_SECRET: strongSecret,
      SEED_DEMO_DATA: 'false',
      ALLOW_LOCAL_PAYMENTS_IN_PRODUCTION: 'true',
      PUBLIC_SITE_URL: SITE,
    };
    expect(() => loadConfig({ ...env, ADMIN_PASSWORD: 'short-pass1' })).toThrow(
      /ADMIN_PASSWORD must be at least 12 characters, not a common password and not one the README publishes/,
    );
    // Long enough, but printed in the README.
    expect(() => loadConfig({ ...env, ADMIN_PASSWORD: 'puppynest-admin' })).toThrow(
      /ADMIN_PASSWORD must be at least 12 characters/,
    );
    expect(() => loadConfig({ ...env, ADMIN_PASSWORD: 'puppynest-seller' })).toThrow(/ADMIN_PASSWORD/);
    expect(loadConfig({ ...env, ADMIN_PASSWORD: 'a-real-admin-pass' }).admin.password).toBe('a-real-admin-pass');
  });

  it('seeds demo data by default in development only; production demo accounts get random passwords', () => {
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ seedDemoData: true, randomDemoPasswords: false });
    const env = {
      NODE_ENV: 'production',
      SESSION_SECRET: strongSecret,
      ADMIN_PASSWORD: 'a-real-admin-pass',
      ALLOW_LOCAL_PAYMENTS_IN_PRODUCTION: 'true',
      PUBLIC_SITE_URL: SITE,
    };
    expect(loadConfig({ ...env, SEED_DEMO_DATA: 'false' })).toMatchObject({ seedDemoData: false });
    expect(loadConfig({ ...env, SEED_DEMO_DATA: 'true' })).toMatchObject({
      seedDemoData: true,
      randomDemoPasswords: true,
    });
  });

  it('reads the limits and the trusted proxies, with documented defaults', () => {
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({
      trustProxy: false,
      limits: {
        loginFailuresPerClient: 20,
        loginFailuresPerUsernameAndClient: 5,
        loginFailuresPerUsername: 100,
        registrationsPerClient: 10,
        contactMessagesPerClient: 10,
        uploadsPerAccount: 60,
        uploadQuotaBytes: 500 * 1024 * 1024,
      },
    });
    const custom = loadConfig({
      NODE_ENV: 'test',
      LOGIN_FAILURES_PER_CLIENT: '50',
      UPLOAD_QUOTA_MB: '2',
      TRUST_PROXY: '10.0.0.0/8, loopback',
    });
    expect(custom.limits).toMatchObject({ loginFailuresPerClient: 50, uploadQuotaBytes: 2 * 1024 * 1024 });
    expect(custom.trustProxy).toEqual(['10.0.0.0/8', 'loopback']);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'the proxy' })).toThrow(
      /TRUST_PROXY must be true, false, a number of proxies/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ NODE_ENV: 'test', REGISTRATIONS_PER_CLIENT: '0' })).toThrow(
      /REGISTRATIONS_PER_CLIENT must be at least 1/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', UPLOADS_PER_ACCOUNT: 'lots' })).toThrow(
      /UPLOADS_PER_ACCOUNT must be a whole number/,
    );
  });

  it('starts in production when explicitly allowed or fully configured', () => {
    const allowed = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: strongSecret,
      ADMIN_PASSWORD: 'a-real-admin-pass',
      SEED_DEMO_DATA: 'false',
      ALLOW_LOCAL_PAYMENTS_IN_PRODUCTION: 'true',
      PUBLIC_SITE_URL: SITE,
    });
    expect(allowed.isProduction).toBe(true);
    expect(allowed.publicSiteUrl).toBe(SITE);
    const stripe = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: strongSecret,
      ADMIN_PASSWORD: 'a-real-admin-pass',
      SEED_DEMO_DATA: 'false',
      STRIPE_TEST_SECRET_KEY: 'sk_test_123',
      STRIPE_TEST_PUBLISHABLE_KEY: 'pk_test_123',
      PUBLIC_SITE_URL: SITE,
    });
    expect(stripe.paymentProvider).toBe('stripe');
  });

  it("takes the server's own address for PUBLIC_SITE_URL when unset: it follows PORT", () => {
    expect(loadConfig({ NODE_ENV: 'test' }).publicSiteUrl).toBe('http://localhost:4321');
    expect(loadConfig({ NODE_ENV: 'test', PORT: '4599' }).publicSiteUrl).toBe('http://localhost:4599');
    // empty counts as unset, as for every variable
    expect(loadConfig({ NODE_ENV: 'test', PORT: '4599', PUBLIC_SITE_URL: '' }).publicSiteUrl).toBe(
      'http://localhost:4599',
    );
    expect(
      loadConfig({ NODE_ENV: 'test', PORT: '4599', PUBLIC_SITE_URL: 'https://puppynest.example/' }).publicSiteUrl,
    ).toBe('https://puppynest.example');
  });

  it('refuses production without PUBLIC_SITE_URL, naming it, even when development secrets are allowed', () => {
    const ready = {
      NODE_ENV: 'production',
      SESSION_SECRET: strongSecret,
      ADMIN_PASSWORD: 'a-real-admin-pass',
      SEED_DEMO_DATA: 'false',
      ALLOW_LOCAL_PAYMENTS_IN_PRODUCTION: 'true',
    };
    expect(() => loadConfig(ready)).toThrow(
      /^Configuration error: PUBLIC_SITE_URL must be set in production to the address customers open/,
    );
    expect(() => loadConfig({ ...ready, PORT: '4599', ALLOW_DEV_SECRETS_IN_PRODUCTION: 'true' })).toThrow(
      /PUBLIC_SITE_URL must be set in production.*\(http:\/\/localhost:4599\)/,
    );
    expect(loadConfig({ ...ready, PUBLIC_SITE_URL: SITE }).publicSiteUrl).toBe(SITE);
  });
});
