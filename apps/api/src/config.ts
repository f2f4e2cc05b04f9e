import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes' || v === 'on');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public address of the web app, used in emails and provider return URLs. */
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Serve the built web app from this folder (production). */
  WEB_DIST_DIR: z.string().optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: bool.default(false),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  STRIPE_API_BASE: z.url().optional(),
  PLAN_PRICE_STARTER: z.coerce.number().int().positive().default(1900),
  PLAN_PRICE_PRO: z.coerce.number().int().positive().default(4900),
  PLAN_PRICE_ENTERPRISE: z.coerce.number().int().positive().default(14900),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Nest <no-reply@nest.localhost>'),
  /** Where development mail goes when no SMTP_URL is set: the log, or JSON files in DATA_DIR/mail. */
  MAIL_TRANSPORT: z.enum(['log', 'file']).default('log'),
  JOBS_ENABLED: bool.default(true),
  /** How long a job's claim lasts without a heartbeat: a crashed process's jobs run again after it. */
  JOBS_LEASE_MS: z.coerce.number().int().min(2_000).max(3_600_000).default(60_000),
  /** Product analytics (PostHog). Off unless a key is set; never on in development. */
  POSTHOG_KEY: z.string().optional(),
  POSTHOG_HOST: z.url().default('https://eu.i.posthog.com'),
  /** API base address the web app calls; empty means the same origin. */
  API_BASE_URL: z.string().default(''),
  /**
   * Turns on GET /metrics (Prometheus format) for a scraper that sends `Authorization: Bearer <token>`;
   * without it the route does not exist (ADR 181).
   */
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /**
   * Whether merchants' webhook endpoints may be on loopback, private or link-local addresses (ADR 177).
   * Unset: allowed outside production only (a developer's local receiver), never in production.
   */
  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: bool.optional(),
  /** Test-only helpers (seed endpoints). Refused in production. */
  ENABLE_TEST_ROUTES: bool.default(false),
  /** The sandbox's test clock in production (it is always there outside production); ADR 106. */
  SANDBOX_TEST_CLOCK: bool.default(false),
  /** The platform's fee on each customer payment, in basis points (200 = 2 %). */
  PLATFORM_FEE_BPS: z.coerce.number().int().min(0).max(5000).default(200),
  /** How long a process keeps a public link page's data (ms, at most a second); 0 turns the cache off. */
  PUBLIC_LINK_CACHE_MS: z.coerce.number().int().min(0).max(1000).default(1000),
  /**
   * How long the server may take to paint the dashboard or the customer's overview with their data
   * (ms, ADR 209) before it sends the page unpainted; 0 never paints them.
   */
  APP_PAGE_PAINT_BUDGET_MS: z.coerce.number().int().min(0).max(10_000).default(1500),
  /** The seller on the merchants' plan receipts (ADR 129): the platform's legal identity. */
  PLATFORM_LEGAL_NAME: z.string().trim().min(1).max(200).default('Nest'),
  PLATFORM_LEGAL_ADDRESS: z.string().trim().min(1).max(300).default('Paris, France'),
  /** Company registration (SIREN/SIRET, RCS…), printed when set. */
  PLATFORM_COMPANY_ID: z.string().trim().max(100).optional(),
  PLATFORM_VAT_NUMBER: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}[0-9A-Z]{2,13}$/, 'must be a VAT number such as FR40123456789')
    .optional(),
  /**
   * The legal notice and privacy policy (ADR 198): who publishes and who hosts the service, written
   * into the legal documents' `{{operator.…}}` placeholders with PLATFORM_LEGAL_NAME, _ADDRESS,
   * _COMPANY_ID and _VAT_NUMBER. What is not set reads as a dash.
   */
  PLATFORM_PUBLICATION_DIRECTOR: z.string().trim().max(200).optional(),
  PLATFORM_CONTACT_EMAIL: z.email().optional(),
  PLATFORM_PHONE: z.string().trim().max(50).optional(),
  PLATFORM_HOST_NAME: z.string().trim().max(200).optional(),
  PLATFORM_HOST_ADDRESS: z.string().trim().max(300).optional(),
  PLATFORM_HOST_PHONE: z.string().trim().max(50).optional(),
  /** The email provider named in the privacy policy (the company behind SMTP_URL). */
  PLATFORM_EMAIL_PROVIDER: z.string().trim().max(200).optional(),
  /**
   * Pass tokens of the first format (HMAC) are accepted until then (ADR 183); since the signed
   * format, the API makes none, so a date in the past turns them off at once.
   */
  PASS_HMAC_ACCEPTED_UNTIL: z.iso.datetime({ offset: true }).optional(),
  /** VAT the platform charges on plans, in basis points (2000 = 20 %); 0: not charged (art. 293 B). */
  PLATFORM_VAT_RATE_BPS: z.coerce.number().int().min(0).max(10000).default(2000),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'SESSION_SECRET'> {
  isProduction: boolean;
  publicUrl: string;
  sessionSecret: string;
  /** Signs the sandbox payment provider's webhook deliveries (derived from the session secret). */
  sandboxWebhookSecret: string;
  /** Signs customers' passes (derived from the session secret, like the sandbox's). */
  passSecret: string;
  dataDir: string;
}

/**
 * The sandbox's webhook signing secret, derived from the session secret rather than stored: every
 * process that shares the session secret verifies the same signatures, with nothing more to keep.
 */
export function deriveSandboxWebhookSecret(sessionSecret: string): string {
  return `whsec_${createHmac('sha256', sessionSecret).update('nest sandbox webhook signing').digest('base64url')}`;
}

/** The pass signing key: derived, so every process sharing the session secret verifies the same passes. */
export function derivePassSecret(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('nest pass signing').digest('base64url');
}

/**
 * Whether the sandbox answers its test clock: always outside production, in production only when
 * SANDBOX_TEST_CLOCK asks (ADR 106), since a merchant moving their clock renews their customers'
 * subscriptions and earns them paid-period rewards.
 */
export function sandboxTestClockEnabled(
  config: Pick<Config, 'isProduction' | 'SANDBOX_TEST_CLOCK'>,
): boolean {
  return !config.isProduction || config.SANDBOX_TEST_CLOCK;
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const env = result.data;
  const problems: string[] = [];
  if (env.PAYMENT_PROVIDER === 'stripe') {
    if (!env.STRIPE_SECRET_KEY) problems.push('STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe');
    if (!env.STRIPE_WEBHOOK_SECRET)
      problems.push('STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=stripe');
  }
  if (env.NODE_ENV === 'production' && env.ENABLE_TEST_ROUTES) {
    problems.push('ENABLE_TEST_ROUTES: must not be set in production');
  }
  if (env.PAYMENT_PROVIDER === 'stripe' && env.SANDBOX_TEST_CLOCK) {
    problems.push('SANDBOX_TEST_CLOCK: only with PAYMENT_PROVIDER=sandbox');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return env;
}

/**
 * Secrets the product needs but the operator did not provide are generated once and kept in the
 * data folder, so a fresh machine starts with no keys and restarts keep sessions valid.
 */
function loadOrCreateSecrets(dataDir: string): { sessionSecret: string } {
  const file = path.join(dataDir, 'secrets.json');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(dataDir, { recursive: true });
    const secrets = { sessionSecret: randomBytes(32).toString('base64url') };
    // 'wx': never overwrite a file another process created meanwhile; read theirs instead.
    try {
      writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' });
      return secrets;
    } catch (writeError) {
      if ((writeError as NodeJS.ErrnoException).code !== 'EEXIST') throw writeError;
      text = readFileSync(file, 'utf8');
    }
  }
  // A damaged file is reported, not replaced: replacing it would silently sign everyone out.
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const sessionSecret = (parsed as { sessionSecret?: unknown } | undefined)?.sessionSecret;
  if (typeof sessionSecret !== 'string' || sessionSecret.length < 32) {
    throw new ConfigError([
      `${file}: has no valid sessionSecret; fix the file, delete it to generate a new one (this signs everyone out), or set SESSION_SECRET`,
    ]);
  }
  return { sessionSecret };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = parseEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  const sessionSecret = env.SESSION_SECRET ?? loadOrCreateSecrets(dataDir).sessionSecret;
  const { SESSION_SECRET: _omit, ...rest } = env;
  return {
    ...rest,
    dataDir,
    sessionSecret,
    sandboxWebhookSecret: deriveSandboxWebhookSecret(sessionSecret),
    passSecret: derivePassSecret(sessionSecret),
    isProduction: env.NODE_ENV === 'production',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  };
}

/** A config for tests: no files touched, every value explicit. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    ENABLE_TEST_ROUTES: 'true',
    // API tests see each write on the next read; the cache's own tests turn it on.
    PUBLIC_LINK_CACHE_MS: '0',
    // A painting test on a loaded CI machine waits rather than getting the unpainted page.
    APP_PAGE_PAINT_BUDGET_MS: '10000',
  });
  const { SESSION_SECRET: _omit, ...rest } = env;
  return {
    ...rest,
    dataDir: '',
    sessionSecret: 'test-secret-test-secret-test-secret-42',
    sandboxWebhookSecret: deriveSandboxWebhookSecret('test-secret-test-secret-test-secret-42'),
    passSecret: derivePassSecret('test-secret-test-secret-test-secret-42'),
    isProduction: false,
    publicUrl: 'http://localhost:3000',
    ...overrides,
  };
}
