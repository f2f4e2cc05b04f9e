// The public link API under a steady load: GET /api/v1/public/links/{nestLinkId} at a fixed 200
// requests per second for 10 seconds (open loop: requests leave on schedule whether or not earlier
// ones have answered, and latency counts from the scheduled time, so a stall is not hidden), against
// the whole app listening on loopback, on PGlite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL
// is set) on PostgreSQL, each without and with the one-second public link cache (BENCH_CACHE=off|on
// runs only one of them). Budget: p99 ≤ 20 ms.
import { fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import {
  type BenchDatabase,
  benchPglite,
  benchPostgres,
  postgresServerUrl,
  printTable,
} from './databases.js';

const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_REQUESTS = 200;
const TIMEOUT_MS = 2000;
const BUDGET_P99_MS = 20;
const CACHE_MODES = (process.env.BENCH_CACHE ? [process.env.BENCH_CACHE] : ['off', 'on']).map((mode) =>
  mode === 'on' ? 1000 : 0,
);

type App = Awaited<ReturnType<typeof buildApp>>;

async function inject(app: App, request: InjectOptions, expected: number) {
  const response = await app.inject(request);
  if (response.statusCode !== expected) {
    throw new Error(`${JSON.stringify(request)} answered ${response.statusCode}: ${response.body}`);
  }
  return response;
}

/** A merchant ready to sell: plan, nest, payout account enabled on the sandbox, an offer, a link. */
async function seedLink(app: App): Promise<{ nestLinkId: string; cookie: string }> {
  const merchant = await inject(
    app,
    {
      method: 'POST',
      url: '/api/v1/test/merchants',
      payload: { email: 'bench@example.com', plan: 'pro', onboarded: true },
    },
    201,
  );
  const cookies = Object.fromEntries(merchant.cookies.map((c) => [c.name, c.value]));
  await inject(
    app,
    {
      method: 'POST',
      url: '/api/v1/nests',
      cookies,
      payload: {
        name: 'Café Bench',
        category: 'cafe',
        address: { line1: '1 rue de la Paix', postal_code: '75002', city: 'Paris', country: 'FR' },
      },
    },
    201,
  );
  const onboarding = await inject(
    app,
    { method: 'POST', url: '/api/v1/nests/me/payout-account', cookies },
    200,
  );
  const page = new URL(onboarding.json().url);
  await inject(
    app,
    {
      method: 'POST',
      url: `${page.pathname}${page.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        business_name: 'Café Bench',
        iban: 'FR14 2004 1010 0505 0001 3M02 606',
      }).toString(),
    },
    303,
  );
  await app.jobs.drain();
  const offer = await inject(
    app,
    {
      method: 'POST',
      url: '/api/v1/offers',
      cookies,
      payload: {
        name: 'Coffee every morning',
        grants: 'One filter coffee a day',
        amount_cents: 2900,
        interval: 'month',
        capacity: 500,
      },
    },
    201,
  );
  const link = await inject(
    app,
    {
      method: 'POST',
      url: '/api/v1/links',
      cookies,
      payload: { offer_id: offer.json().id, label: 'Counter' },
    },
    201,
  );
  return {
    nestLinkId: link.json().nest_link_id,
    cookie: Object.entries(cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; '),
  };
}

/** One GET on a kept-alive loopback connection; resolves with the status (0 for a failure). */
function get(agent: http.Agent, port: number, path: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent, timeout: TIMEOUT_MS }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve(0));
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** Sends `count` requests at `rate` per second on a fixed schedule; latency is from the scheduled instant. */
async function openLoop(agent: http.Agent, port: number, path: string, rate: number, count: number) {
  const latencies: number[] = [];
  let errors = 0;
  const intervalMs = 1000 / rate;
  const start = performance.now() + 10;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = start + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      get(agent, port, path).then((status) => {
        if (status === 200) latencies.push(performance.now() - due);
        else errors++;
      }),
    );
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { latencies, errors, seconds };
}

interface LoadOrder {
  port: number;
  path: string;
  rate: number;
  count: number;
}
type LoadResult = Awaited<ReturnType<typeof openLoop>>;

const LOAD_ORDER_ENV = 'NEST_BENCH_LOAD_ORDER';

/**
 * The load generator runs in its own process (this file, started again): its schedule must not wait
 * on the server's event loop. Both share the machine's cores, as a client on the same host would.
 */
function loadFromWorker(order: LoadOrder): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, [LOAD_ORDER_ENV]: JSON.stringify(order) },
    });
    child.once('message', (result) => resolve(result as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
    });
  });
}

async function benchOne(target: BenchDatabase, cacheMs: number) {
  const database = target.databases[0] as Database;
  const app = await buildApp({
    config: testConfig({ PUBLIC_LINK_CACHE_MS: cacheMs }),
    database,
    logger: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const { port } = app.server.address() as AddressInfo;
    const { nestLinkId, cookie } = await seedLink(app);
    const path = `/api/v1/public/links/${nestLinkId}`;
    await loadFromWorker({ port, path, rate: RATE, count: WARMUP_REQUESTS });
    const count = RATE * SECONDS;
    const run = await loadFromWorker({ port, path, rate: RATE, count });

    // Every answered visit was counted (the counter writes once a second, and on this read).
    const links = await app.inject({ method: 'GET', url: '/api/v1/links', headers: { cookie } });
    const visits = links.json().items[0].visits as number;

    const { latencies } = run;
    const p99 = percentile(latencies, 99);
    const cache = cacheMs > 0 ? `cache ${cacheMs} ms` : 'no cache';
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    printTable(`GET /api/v1/public/links/{id} on ${target.label}, ${cache}: ${count} requests at ${RATE}/s`, [
      ['machine load (1, 5, 15 min) after', load],
      ['achieved rate', `${Math.round(count / run.seconds)}/s over ${run.seconds.toFixed(1)} s`],
      ['answered 200', String(latencies.length)],
      ['errors (non-200, timeouts)', String(run.errors)],
      ['p50', `${percentile(latencies, 50).toFixed(2)} ms`],
      ['p95', `${percentile(latencies, 95).toFixed(2)} ms`],
      ['p99', `${p99.toFixed(2)} ms`],
      ['max', `${(latencies.at(-1) ?? Number.NaN).toFixed(2)} ms`],
      ['visits counted', `${visits} (of ${count + WARMUP_REQUESTS} sent)`],
      [`budget p99 ≤ ${BUDGET_P99_MS} ms`, p99 <= BUDGET_P99_MS && run.errors === 0 ? 'met' : 'MISSED'],
    ]);
  } finally {
    await app.close();
  }
}

async function main() {
  // A fresh database for each run: every run starts from the same state.
  for (const cacheMs of CACHE_MODES) {
    const pglite = await benchPglite();
    try {
      await benchOne(pglite, cacheMs);
    } finally {
      await pglite.close();
    }
  }
  if (postgresServerUrl) {
    for (const cacheMs of CACHE_MODES) {
      const postgres = await benchPostgres(postgresServerUrl);
      try {
        await benchOne(postgres, cacheMs);
      } finally {
        await postgres.close();
      }
    }
  } else {
    console.info('\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  }
}

const loadOrder = process.env[LOAD_ORDER_ENV];
if (loadOrder) {
  const order = JSON.parse(loadOrder) as LoadOrder;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const result = await openLoop(agent, order.port, order.path, order.rate, order.count);
  agent.destroy();
  process.send?.(result, () => process.exit(0));
} else {
  await main();
}
