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

  it('fails fast naming the variable at fault', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
    expect(() => loadConfig({ SEED_DEMO_DATA: 'maybe' })).toThrow(/SEED_DEMO_DATA/);
    expect(() => loadConfig({ STRIPE_TEST_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_TEST_PUBLISHABLE_KEY/);
  });

  it('keeps a random development session secret in DATA_DIR across restarts', () => {
    const dir = tempDir();
    const first = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
    const second = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first.sessionSecret);
  });

  it('refuses production with development secrets or the local payment provider', () => {
    const dir = tempDir();
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, SESSION_SECRET: strongSecret })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir, SESSION_SECRET: strongSecret, ADMIN_PASSWORD: 'a-real-one' })).toThrow(/local test-mode payment provider/);
  });

  it('starts in production when explicitly allowed or fully configured', () => {
    const allowed = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: strongSecret, ADMIN_PASSWORD: 'a-real-one', ALLOW_LOCAL_PAYMENTS_IN_PRODUCTION: 'true' });
    expect(allowed.isProduction).toBe(true);
    const stripe = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: strongSecret,
      ADMIN_PASSWORD: 'a-real-one',
      STRIPE_TEST_SECRET_KEY: 'sk_test_123',
      STRIPE_TEST_PUBLISHABLE_KEY: 'pk_test_123',
    });
    expect(stripe.paymentProvider).toBe('stripe');
  });
});
