// Verification at the counter with a crowded nest, shared by counter-code.bench.ts (typed codes) and
// counter-token.bench.ts (scanned pass tokens): BENCH_SUBSCRIPTIONS (100,000) subscriptions in one
// nest on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL; skipped without), then POST
// /api/v1/nests/me/verifications, each request with the current pass of another subscription, at a
// fixed rate for BENCH_SECONDS (open loop from a separate process: latency counts from the scheduled
// instant, so a stall is not hidden; two seconds of warm-up first, the generator at the lowest
// priority, ADR 213). The per-nest rate limits are lifted (they would answer 429 far
// below these rates: they guard one counter, the bench measures the server). Before the load, the
// statements of one verification are recorded at the driver and EXPLAIN ANALYZEd on the full table.
// During the load it also times each request inside the server (request in → answer sent) and each
// statement's round trip at the driver, and reads the CPU time every process on the machine spent
// (the server, PostgreSQL, the load generator) and the share its hypervisor took: where a
// verification's latency and cost go. Then the same load on two floors in the same process (README, "Typed codes at the counter"):
// a bare Fastify server replaying the recorded statements, and one answering without a database.
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { constants, monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import type { RateLimiter } from '../src/lib/rate-limiter.js';
import { signPass } from '../src/modules/subscriptions/pass-sign.js';
import { addSubscriber, createOfferFor, merchantWithNest } from '../test/offers/support.js';
import { bareServer } from './bare-server.js';
import { cpuSeconds, cpuSpent, stealSampler } from './cpu.js';
import { benchPostgres, postgresServerUrl, printTable } from './databases.js';
import { percentile, type RequestKind, runLoad } from './load.js';
import { explainStatements, printPlans, recordStatements, timeRoundTrips } from './statements.js';

const unlimited: RateLimiter = {
  hit: async () => ({ allowed: true, count: 1, retryAfterSeconds: 0 }),
  peek: async () => null,
  undo: async () => {},
  reset: async () => {},
  close: async () => {},
};

type CpuGroup = 'API server' | 'PostgreSQL' | 'load generator' | 'other';

/** The bench's own process is the API server; the other node process is its load generator. */
const cpuGroup = (pid: number, command: string): CpuGroup =>
  pid === process.pid
    ? 'API server'
    : command === 'postgres'
      ? 'PostgreSQL'
      : command === 'node'
        ? 'load generator'
        : 'other';

const percentiles = (sorted: number[]) =>
  [50, 95, 99].map((p) => `p${p} ${percentile(sorted, p).toFixed(2)}`).join(', ') +
  `, max ${(sorted.at(-1) ?? Number.NaN).toFixed(2)} ms`;

const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The samples taken from `from` on (ms since the epoch), their durations sorted. */
const measuredSamples = (samples: { at: number; ms: number }[], from: number) =>
  samples
    .filter((sample) => sample.at >= from)
    .map((sample) => sample.ms)
    .sort((a, b) => a - b);

const LOOP_TIMER_MS = 10;

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

/**
 * One open-loop run against `port` from a fresh generator, with what this process (the server) did
 * meanwhile: its event loop's delay, its garbage collector's pauses by kind, each PostgreSQL round trip
 * at the driver, and the CPU every process on the machine spent.
 */
async function measure(
  database: Database,
  order: {
    port: number;
    request: RequestKind;
    rate: number;
    count: number;
    warmup: number;
  },
) {
  // PostgreSQL first writes out what the seeding and earlier runs left, so that no run pays for a
  // checkpoint another one caused (its writes can stall commits).
  await database.db.execute(sql`checkpoint`);
  // The server's event loop and garbage collector during the run (warm-up included): a stall of
  // either delays every request in flight, whatever the database does. A 10 ms timer: at 1 ms, its
  // thousand wake-ups a second cost the server 0.35 ms of CPU a request at 100/s (the bare server
  // without a database: 0.91 → 0.56 ms).
  const loopDelay = monitorEventLoopDelay({ resolution: LOOP_TIMER_MS });
  loopDelay.enable();
  const pauses: { kind: string; ms: number }[] = [];
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as { detail?: { kind?: number } }).detail?.kind ?? 0;
      pauses.push({ kind: GC_KINDS[kind] ?? String(kind), ms: entry.duration });
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  const cpuBefore = cpuSeconds(cpuGroup);
  const steal = stealSampler();
  const { result: run, roundTrips } = await timeRoundTrips(() => runLoad({ shape: 'open', ...order }));
  const stolen = steal.stop();
  const cpu = cpuSpent(cpuBefore, cpuSeconds(cpuGroup));
  // The generator's own reading: it started after the first reading and may have exited before the
  // second (its /proc entry gone, its time uncounted).
  if (run.cpuSeconds !== undefined) cpu.set('load generator', run.cpuSeconds);
  loopDelay.disable();
  gc.disconnect();
  return {
    run,
    cpu,
    requests: order.warmup + order.count,
    loopDelay,
    pauses,
    stolen,
    roundTrips: measuredSamples(roundTrips, run.measuredFrom),
  };
}

/** The round trips' row, when the server sent any statement. */
const roundTripRows = (roundTrips: number[]): [string, string][] =>
  roundTrips.length > 0
    ? [['each PostgreSQL round trip', `${percentiles(roundTrips)} (${roundTrips.length} statements)`]]
    : [];

/** The CPU a group spent per request of a measured run, warm-up included (the counters cover it). */
const cpuPerRequest = ({ cpu, requests }: Awaited<ReturnType<typeof measure>>, group: CpuGroup) =>
  `${(((cpu.get(group) ?? 0) * 1000) / requests).toFixed(2)} ms`;

const latencyRows = (latencies: number[]): [string, string][] => [
  ['p50', `${percentile(latencies, 50).toFixed(2)} ms`],
  ['p95', `${percentile(latencies, 95).toFixed(2)} ms`],
  ['p99', `${percentile(latencies, 99).toFixed(2)} ms`],
  ['max', `${(latencies.at(-1) ?? Number.NaN).toFixed(2)} ms`],
];

/** The server process's own rows (its event loop, its garbage collector, its round trips) and the steal. */
function processRows({
  loopDelay,
  pauses,
  roundTrips,
  stolen,
}: Awaited<ReturnType<typeof measure>>): [string, string][] {
  const ms = (ns: number) => Math.max(0, ns / 1e6 - LOOP_TIMER_MS).toFixed(2);
  const kinds = [...new Set(pauses.map((p) => p.kind))].map((kind) => {
    const ofKind = pauses.filter((p) => p.kind === kind).map((p) => p.ms);
    return `${kind} ${ofKind.length}, longest ${Math.max(...ofKind).toFixed(2)} ms`;
  });
  return [
    [
      `server event loop delay (beyond its ${LOOP_TIMER_MS} ms timer)`,
      `p50 ${ms(loopDelay.percentile(50))}, p99 ${ms(loopDelay.percentile(99))}, max ${ms(loopDelay.max)} ms`,
    ],
    [
      'server garbage collection',
      `${pauses.length} pauses, ${pauses.reduce((sum, p) => sum + p.ms, 0).toFixed(0)} ms in all${kinds.length ? ` (${kinds.join('; ')})` : ''}`,
    ],
    ...roundTripRows(roundTrips),
    [
      'taken by the hypervisor (steal)',
      `${(stolen.share * 100).toFixed(1)} % of the machine's CPU time, ${(stolen.worst * 100).toFixed(0)} % in the worst quarter second`,
    ],
  ];
}

export async function runCounterBench(options: {
  pass: 'token' | 'code';
  rate: number;
  budgetP99Ms: number;
}) {
  const rate = Number(process.env.BENCH_RATE ?? options.rate);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const subscriptions = Number(process.env.BENCH_SUBSCRIPTIONS ?? 100_000);
  if (!postgresServerUrl) {
    console.info('(skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server)');
    return;
  }
  const target = await benchPostgres(postgresServerUrl);
  const database = target.databases[0] as Database;
  const app = await buildApp({ config: testConfig(), database, logger: false, rateLimiter: unlimited });
  // Each request's time inside the server, with when it arrived (ms since the epoch), recorded only
  // while `serverTimes` is set (the measured run).
  let serverTimes: { at: number; ms: number }[] | undefined;
  const arrived = new WeakMap<object, number>();
  app.addHook('onRequest', async (request) => {
    if (serverTimes) arrived.set(request, performance.now());
  });
  app.addHook('onResponse', async (request) => {
    const at = arrived.get(request);
    if (serverTimes && at !== undefined) {
      serverTimes.push({ at: performance.timeOrigin + at, ms: performance.now() - at });
    }
  });
  let bare: Awaited<ReturnType<typeof bareServer>> | undefined;
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const merchant = await merchantWithNest(app, 'pro');
    const offer = await createOfferFor(app, merchant, { name: 'Café illimité', grants: 'One coffee' });
    const first = await addSubscriber(app, offer.id);
    const seeding = performance.now();
    // Active and paid through next month: every verification is a real check-in (eligible, recorded).
    await database.db.execute(sql`insert into nest_subscriptions (nest_id, customer_id, offer_price_id, status, provider,
        current_period_start, current_period_end)
      select s.nest_id, s.customer_id, s.offer_price_id, 'active', s.provider, now(), now() + interval '1 month'
      from nest_subscriptions s, generate_series(2, ${subscriptions})
      where s.id = ${first.subscription_id}`);
    await database.db.execute(sql`analyze`);
    const seededMs = performance.now() - seeding;
    const picked = (await database.db.execute(
      sql`select id from nest_subscriptions where nest_id = ${offer.nest_id} order by random() limit 5000`,
    )) as unknown as { rows: { id: string }[] };
    const ids = picked.rows.map((row) => row.id);
    const cookie = Object.entries(merchant.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');

    // One verification's statements (round trips), and each one's plan on the full table.
    let probe = ids.length - 1;
    const statements = await recordStatements(() => {
      const pass = signPass(app.config.passSecret, { nestId: offer.nest_id, subscriptionId: ids[probe--]! });
      return app.inject({
        method: 'POST',
        url: '/api/v1/nests/me/verifications',
        cookies: merchant.cookies,
        payload: options.pass === 'token' ? { token: pass.token } : { code: pass.code },
      });
    });
    printPlans(
      `One verification by ${options.pass}: ${statements.length} statements (round trips), EXPLAIN ANALYZE`,
      await explainStatements(target.url as string, statements),
    );

    const request = {
      kind: 'verify' as const,
      pass: options.pass,
      cookie,
      passSecret: app.config.passSecret,
      nestId: offer.nest_id,
      subscriptionIds: ids.slice(0, -10),
    };
    await runLoad({ shape: 'open', port, request, rate, count: Math.min(rate * 2, 500) });
    const count = rate * seconds;
    // The measured run's generator is a fresh process sharing the server's two cores: its first two
    // seconds (its start, cold code, new connections to the server) are sent but not counted, on the
    // server's side either.
    const warmup = rate * 2;
    serverTimes = [];
    const measuredApp = await measure(database, { port, request, rate, count, warmup });
    const inServer = measuredSamples(serverTimes, measuredApp.run.measuredFrom);
    serverTimes = undefined;
    const { run, cpu } = measuredApp;
    const busyCores = [...cpu.values()].reduce((sum, s) => sum + s, 0) / (run.seconds + warmup / rate);

    const p99 = percentile(run.latencies, 99);
    printTable(
      `Verification by ${options.pass} at the counter on ${target.label}: ${count} requests at ${rate}/s`,
      [
        ['machine load (1, 5, 15 min) after', loadAverage()],
        [
          'subscriptions in the nest',
          `${subscriptions.toLocaleString('en-US')} (seeded in ${(seededMs / 1000).toFixed(1)} s)`,
        ],
        ['statements per verification', String(statements.length)],
        ['achieved rate', `${Math.round(count / run.seconds)}/s over ${run.seconds.toFixed(1)} s`],
        ['answered 200', String(run.latencies.length)],
        ['errors (non-200, timeouts)', String(run.errors)],
        ...latencyRows(run.latencies),
        ['in the server (request in → sent)', percentiles(inServer)],
        ...processRows(measuredApp),
        [
          'CPU per verification',
          (['API server', 'PostgreSQL', 'load generator', 'other'] as const)
            .map((group) => `${group} ${cpuPerRequest(measuredApp, group)}`)
            .join(', '),
        ],
        ['cores busy (of the machine’s)', `${busyCores.toFixed(2)} of ${cpus().length}`],
        [
          `budget p99 ≤ ${options.budgetP99Ms} ms`,
          p99 <= options.budgetP99Ms && run.errors === 0 ? 'met' : 'MISSED',
        ],
      ],
    );

    // The floors under the same load on this machine (BENCH_BARE=off skips them): a bare server
    // replaying the same statements, and one that answers at once without a database.
    if (process.env.BENCH_BARE !== 'off') {
      for (const floor of [
        { statements, title: `a bare Fastify server replaying those ${statements.length} statements` },
        { statements: [], title: 'a bare Fastify server answering at once, without a database' },
      ]) {
        await bare?.close();
        bare = await bareServer(target.url as string, { '/api/v1/nests/me/verifications': floor.statements });
        const barePort = (bare.server.address() as AddressInfo).port;
        await runLoad({ shape: 'open', port: barePort, request, rate, count: Math.min(rate * 2, 500) });
        const measuredBare = await measure(database, { port: barePort, request, rate, count, warmup });
        printTable(
          `The same load on ${floor.title} (in this process; no hooks, headers, logging or validation)`,
          [
            ['machine load (1, 5, 15 min) after', loadAverage()],
            ['answered 200', `${measuredBare.run.latencies.length} of ${count}`],
            ...latencyRows(measuredBare.run.latencies),
            ...processRows(measuredBare),
            ['CPU per request (this process)', cpuPerRequest(measuredBare, 'API server')],
            [
              `p99 ≤ ${options.budgetP99Ms} ms`,
              percentile(measuredBare.run.latencies, 99) <= options.budgetP99Ms ? 'yes' : 'no',
            ],
          ],
        );
      }
    }
  } finally {
    await bare?.close();
    await app.close();
    await target.close();
  }
}
