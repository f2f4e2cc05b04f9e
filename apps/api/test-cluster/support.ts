import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Helpers of the scale-out tests (ADR 190): a small HTTP client with a cookie jar that talks to the
 * cluster through its load balancer, and the build the cluster runs.
 */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Harness {
  startCluster(options: {
    processes?: number;
    databaseUrl: string;
    redisUrl?: string;
    sessionSecret: string;
    dir: string;
    jobs?: (index: number) => boolean;
    lbPort?: number;
    extraEnv?: Record<string, string>;
  }): Promise<Cluster>;
  startPrivatePostgres(dir: string): Promise<PrivatePostgres>;
  haproxyPath(): string | null;
  freePort(): Promise<number>;
  waitFor(url: string, options?: { timeoutMs?: number; status?: number }): Promise<void>;
}
export interface Cluster {
  url: string;
  apis: { index: number; name: string; port: number }[];
  kill(index: number, signal?: NodeJS.Signals): Promise<{ code: number | null; signal: string | null }>;
  start(index: number): Promise<void>;
  exited(index: number): Promise<{ code: number | null; signal: string | null }>;
  stop(): Promise<void>;
}
export interface PrivatePostgres {
  url: string;
  port: number;
  start(): void;
  stop(mode?: 'fast' | 'immediate'): void;
}

export const harness = (await import(path.join(root, 'scripts/cluster/harness.mjs'))) as Harness;

/**
 * The cluster runs the built API (as production does): rebuilt every run (about a second), so the
 * tests never drive stale code; the web app is built only when missing, under the browser tests' lock.
 */
/** A cluster on a database of its own, made on the PostgreSQL server `serverUrl` names. */
export interface ClusterOnDatabase {
  cluster: Cluster;
  /** The cluster's database, for a test's own reads. */
  db: pg.Client;
  /** Stops the cluster and drops its database. */
  close(): Promise<void>;
}

/**
 * Starts `processes` API processes and HAProxy (the harness) on a fresh database named `<prefix>_…`,
 * with a new session secret and logs in a temporary folder; `extraEnv` adds to the processes' own.
 */
export async function clusterOnFreshDatabase(options: {
  serverUrl: string;
  prefix: string;
  processes: number;
  extraEnv: Record<string, string>;
}): Promise<ClusterOnDatabase> {
  const name = `${options.prefix}_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: options.serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(options.serverUrl);
  url.pathname = `/${name}`;
  const cluster = await harness.startCluster({
    processes: options.processes,
    databaseUrl: url.toString(),
    redisUrl: process.env.REDIS_URL,
    sessionSecret: randomBytes(32).toString('base64url'),
    dir: mkdtempSync(path.join(tmpdir(), `${options.prefix}-`)),
    extraEnv: options.extraEnv,
  });
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  return {
    cluster,
    db,
    close: async () => {
      await db.end();
      await cluster.stop();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

export function buildForCluster(): void {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    const web = spawnSync('flock', ['/tmp/nest-web-build.lock', 'npm', 'run', 'build', '-w', 'apps/web'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (web.status !== 0) throw new Error('web build failed');
  }
  const api = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (api.status !== 0) throw new Error('API build failed');
}

export interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

/** One client of the cluster: its own cookies, an Origin header like a browser's, a timeout. */
export class Client {
  private readonly cookies = new Map<string, string>();
  constructor(
    readonly base: string,
    private readonly extraHeaders: Record<string, string> = {},
  ) {}

  async request(
    method: string,
    url: string,
    options: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      origin: this.base,
      'accept-language': 'en-US',
      ...this.extraHeaders,
      ...options.headers,
    };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    let body: string | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    const response = await fetch(url.startsWith('http') ? url : `${this.base}${url}`, {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, body: parsed, headers: response.headers };
  }

  get = (url: string) => this.request('GET', url);
  post = (url: string, json?: unknown) => this.request('POST', url, { json: json ?? {} });
}

export async function ok<T>(answer: Promise<Answer>, what: string, status = [200, 201]): Promise<T> {
  const result = await answer;
  if (!status.includes(result.status)) {
    throw new Error(`${what}: HTTP ${result.status} ${JSON.stringify(result.body)}`);
  }
  return result.body as T;
}

/**
 * An address of its own for a client, sent as X-Forwarded-For (the cluster trusts its proxy): each
 * buyer is a phone of its own, so per-address limits (30 checkouts in 10 minutes) count them apart,
 * and counters Redis kept from an earlier run never apply.
 */
export const uniqueAddress = () =>
  `2001:db8:${randomUUID()
    .replace(/-/g, '')
    .slice(0, 24)
    .replace(/(.{4})(?!$)/g, '$1:')}`;

export const uniqueEmail = (what: string) => `${what}-${randomUUID().slice(0, 12)}@cluster.test`;

/** The password of merchants made by the test route (apps/api/src/modules/testing/seed-merchant.ts). */
export const SEEDED_PASSWORD = 'seeded-merchant-password-for-tests';
export const TEST_IBAN = 'FR14 2004 1010 0505 0001 3M02 606';
export const GOOD_CARD = '4242 4242 4242 4242';

/** A merchant on Pro with a nest, an offer, payouts enabled and a link, made through the API. */
export async function sellingMerchant(base: string) {
  const merchant = new Client(base);
  const email = uniqueEmail('merchant');
  await ok(merchant.post('/api/v1/test/merchants', { email, plan: 'pro', onboarded: true }), 'merchant');
  await ok(
    merchant.post('/api/v1/nests', {
      name: 'Café Cluster',
      category: 'cafe',
      address: { line1: '12 rue Oberkampf', postal_code: '75011', city: 'Paris', country: 'FR' },
      time_zone: 'Europe/Paris',
    }),
    'nest',
  );
  const offer = await ok<{ id: string }>(
    merchant.post('/api/v1/offers', {
      name: 'Coffee club',
      description: 'One coffee a day.',
      grants: 'One coffee per day',
      amount_cents: 1200,
      interval: 'month',
    }),
    'offer',
  );
  const { url } = await ok<{ url: string }>(merchant.post('/api/v1/nests/me/payout-account'), 'payouts');
  const submitted = await merchant.request('POST', url, {
    form: { business_name: 'Café Cluster SARL', iban: TEST_IBAN },
  });
  if (submitted.status !== 303) throw new Error(`payout onboarding: HTTP ${submitted.status}`);
  const accountId = new URL(url).pathname.split('/').pop()!;
  for (let tries = 0; ; tries++) {
    const synced = await ok<{ status: string }>(
      merchant.post(`/api/v1/payout-accounts/${encodeURIComponent(accountId)}/sync`),
      'payout sync',
    );
    if (synced.status === 'enabled') break;
    if (tries > 50) throw new Error('payouts never enabled');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const link = await ok<{ nest_link_id: string }>(
    merchant.post('/api/v1/links', { offer_id: offer.id, label: 'Counter' }),
    'link',
  );
  return { merchant, email, offerId: offer.id, nestLinkId: link.nest_link_id };
}
