import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from '../../src/config.js';

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    parseEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration from the environment', () => {
  it('has defaults that run the whole product with nothing set', () => {
    expect(parseEnv({})).toMatchObject({
      NODE_ENV: 'development',
      HOST: '0.0.0.0',
      PORT: 3000,
      DATA_DIR: './.data',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
      PAYMENT_PROVIDER: 'sandbox',
      MAIL_TRANSPORT: 'log',
      JOBS_ENABLED: true,
      ENABLE_TEST_ROUTES: false,
      API_BASE_URL: '',
      PLAN_PRICE_STARTER: 1900,
      PLAN_PRICE_PRO: 4900,
      PLAN_PRICE_ENTERPRISE: 14900,
    });
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('reads values and treats empty ones as unset', () => {
    const env = parseEnv({
      PORT: '8080',
      TRUST_PROXY: 'yes',
      JOBS_ENABLED: '0',
      DATABASE_URL: '',
      LOG_LEVEL: '',
    });
    expect(env).toMatchObject({ PORT: 8080, TRUST_PROXY: true, JOBS_ENABLED: false, LOG_LEVEL: 'info' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable at once', () => {
    const error = configError({ PORT: 'abc', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://cache' });
    expect(error.message).toMatch(/^Invalid configuration:/);
    expect(error.issues).toHaveLength(3);
    expect(error.issues.find((i) => i.startsWith('PORT:'))).toBeDefined();
    expect(error.issues).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(error.issues).toContain('REDIS_URL: must be a redis:// or rediss:// URL');
  });

  it('refuses an out-of-range port, an unknown log level and a short session secret', () => {
    const error = configError({ PORT: '70000', LOG_LEVEL: 'loud', SESSION_SECRET: 'short' });
    expect(error.issues.map((i) => i.split(':')[0]).sort()).toEqual(['LOG_LEVEL', 'PORT', 'SESSION_SECRET']);
    expect(error.issues).toContain('SESSION_SECRET: must be at least 32 characters');
  });

  it('requires the Stripe keys when the Stripe provider is chosen', () => {
    expect(configError({ PAYMENT_PROVIDER: 'stripe' }).issues).toEqual([
      'STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe',
      'STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=stripe',
    ]);
    expect(configError({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'pk_live_x' }).issues).toContain(
      'STRIPE_SECRET_KEY: must start with sk_',
    );
    expect(
      parseEnv({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
      }),
    ).toMatchObject({ PAYMENT_PROVIDER: 'stripe' });
  });

  it('refuses test routes in production', () => {
    expect(configError({ NODE_ENV: 'production', ENABLE_TEST_ROUTES: 'true' }).issues).toEqual([
      'ENABLE_TEST_ROUTES: must not be set in production',
    ]);
    expect(parseEnv({ NODE_ENV: 'test', ENABLE_TEST_ROUTES: 'true' }).ENABLE_TEST_ROUTES).toBe(true);
  });
});

describe('secrets kept in the data folder', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nest-config-'));
    dirs.push(dir);
    return path.join(dir, 'data');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('generates the session secret once, private to the owner, and reuses it on the next start', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const file = path.join(dir, 'secrets.json');
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ sessionSecret: first.sessionSecret });

    const second = loadConfig({ DATA_DIR: dir });
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(second.dataDir).toBe(path.resolve(dir));
  });

  it('uses SESSION_SECRET when set and then writes no file', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(40) });
    expect(config.sessionSecret).toBe('x'.repeat(40));
    expect(existsSync(path.join(dir, 'secrets.json'))).toBe(false);
  });

  it('reports a damaged secrets file instead of silently replacing it', () => {
    const dir = dataDir();
    loadConfig({ DATA_DIR: dir });
    writeFileSync(path.join(dir, 'secrets.json'), '{"sessionSecret": 4');
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/secrets\.json: has no valid sessionSecret/);
    expect(readFileSync(path.join(dir, 'secrets.json'), 'utf8')).toBe('{"sessionSecret": 4');
  });

  it('derives the public address from the port unless PUBLIC_URL is set', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://nest.example.com/' }).publicUrl).toBe(
      'https://nest.example.com',
    );
  });
});
