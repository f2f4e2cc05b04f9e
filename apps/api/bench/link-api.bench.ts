// The public link API under a steady load: GET /api/v1/public/links/{nestLinkId} at a fixed 200
// requests per second for 10 seconds (open loop: requests leave on schedule whether or not earlier
// ones have answered, and latency counts from the scheduled time, so a stall is not hidden), against
// the whole app listening on loopback, on PGlite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL
// is set) on PostgreSQL, each without and with the one-second public link cache (BENCH_CACHE=off|on
// runs only one of them; BENCH_DB=pglite|postgres only one database). BENCH_SUBSCRIPTIONS (100,000)
// subscriptions of another nest's offer fill the database: the link's query must not read them.
// Budget: p99 ≤ 20 ms.
import { fork } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
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
import { seedLink, seedOtherNests } from './seed.js';
import { explainStatements, printPlans, recordStatements } from './statements.js';

const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_REQUESTS = 200;
/** Subscriptions of another nest's offer with a capacity: the link's page must not read them. */
const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 100_000);
const TIMEOUT_MS = 2000;
const BUDGET_P99_MS = 20;
const CACHE_MODES = (process.env.BENCH_CACHE ? [process.env.BENCH_CACHE] : ['off', 'on']).map((mode) =>
  mode === 'on' ? 1000 : 0,
);

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
    const seededMs = await seedOtherNests(app, database, SUBSCRIPTIONS);
    const path = `/api/v1/public/links/${nestLinkId}`;
    if (target.url && cacheMs === 0) {
      // What one visit asks PostgreSQL, and how long the database itself takes for it.
      const statements = await recordStatements(() => app.inject({ method: 'GET', url: path }));
      printPlans(
        `One visit's statements on ${target.label}, EXPLAIN ANALYZE (${SUBSCRIPTIONS.toLocaleString('en-US')} subscriptions elsewhere)`,
        await explainStatements(target.url, statements),
      );
    }
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
      [
        'subscriptions in other nests',
        `${SUBSCRIPTIONS.toLocaleString('en-US')} (seeded in ${(seededMs / 1000).toFixed(1)} s)`,
      ],
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
  for (const cacheMs of process.env.BENCH_DB === 'postgres' ? [] : CACHE_MODES) {
    const pglite = await benchPglite();
    try {
      await benchOne(pglite, cacheMs);
    } finally {
      await pglite.close();
    }
  }
  if (postgresServerUrl && process.env.BENCH_DB !== 'pglite') {
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
