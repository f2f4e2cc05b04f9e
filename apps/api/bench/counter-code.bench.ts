// Typed codes at the counter with a crowded nest: 100,000 subscriptions in one nest on PostgreSQL
// (BENCH_DATABASE_URL or TEST_DATABASE_URL; skipped without), then POST /api/v1/nests/me/verifications
// with the current code of one of them, at a fixed 100 requests per second for 10 seconds (open loop:
// latency counts from the scheduled instant, so a stall is not hidden). The per-nest rate limit on
// typed codes is lifted (it would answer 429 after 30). Budget: p99 ≤ 5 ms (issue 12, ADR 108).
// BENCH_RATE, BENCH_SECONDS and BENCH_SUBSCRIPTIONS change the load and the nest's size.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import type { RateLimiter } from '../src/lib/rate-limiter.js';
import { signPass } from '../src/modules/subscriptions/pass-sign.js';
import { addSubscriber, createOfferFor, merchantWithNest } from '../test/offers/support.js';
import { benchPostgres, postgresServerUrl, printTable } from './databases.js';

const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 100_000);
const WARMUP_REQUESTS = 50;
const TIMEOUT_MS = 5000;
const BUDGET_P99_MS = 5;

const unlimited: RateLimiter = {
  hit: async () => ({ allowed: true, count: 1, retryAfterSeconds: 0 }),
  peek: async () => null,
  undo: async () => {},
  reset: async () => {},
  close: async () => {},
};

/** One POST on a kept-alive loopback connection; resolves with the status (0 for a failure). */
function post(agent: http.Agent, port: number, cookie: string, body: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/v1/nests/me/verifications',
        method: 'POST',
        agent,
        timeout: TIMEOUT_MS,
        headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(0));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

/** `count` verifications at `rate` per second, each with the current code of the next subscription. */
async function openLoop(send: (i: number) => Promise<number>, rate: number, count: number) {
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now() + 10;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      send(i).then((status) => {
        if (status === 200) latencies.push(performance.now() - due);
        else errors++;
      }),
    );
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  return { latencies, errors, seconds: (performance.now() - start) / 1000 };
}

async function main() {
  if (!postgresServerUrl) {
    console.info('(skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server)');
    return;
  }
  const target = await benchPostgres(postgresServerUrl);
  const database = target.databases[0] as Database;
  const app = await buildApp({ config: testConfig(), database, logger: false, rateLimiter: unlimited });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const merchant = await merchantWithNest(app, 'pro');
    const offer = await createOfferFor(app, merchant, { name: 'Café illimité', grants: 'One coffee' });
    const first = await addSubscriber(app, offer.id);
    const seeding = performance.now();
    await database.db.execute(sql`insert into nest_subscriptions (nest_id, customer_id, offer_price_id, status, provider)
      select s.nest_id, s.customer_id, s.offer_price_id, 'active', s.provider
      from nest_subscriptions s, generate_series(2, ${SUBSCRIPTIONS})
      where s.id = ${first.subscription_id}`);
    await database.db.execute(sql`analyze nest_subscriptions`);
    const seededMs = performance.now() - seeding;
    const picked = (await database.db.execute(
      sql`select id from nest_subscriptions where nest_id = ${offer.nest_id} order by random() limit 2000`,
    )) as unknown as { rows: { id: string }[] };
    const ids = picked.rows.map((row) => row.id);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const cookie = Object.entries(merchant.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    const send = (i: number) =>
      post(
        agent,
        port,
        cookie,
        JSON.stringify({ code: signPass(app.config.passSecret, ids[i % ids.length]!).code }),
      );
    await openLoop(send, RATE, Math.min(WARMUP_REQUESTS, RATE * SECONDS));
    const count = RATE * SECONDS;
    const run = await openLoop(send, RATE, count);
    agent.destroy();

    const { latencies } = run;
    const p99 = percentile(latencies, 99);
    printTable(`Typed codes at the counter on ${target.label}: ${count} requests at ${RATE}/s`, [
      [
        'machine load (1, 5, 15 min) after',
        loadavg()
          .map((l) => l.toFixed(2))
          .join(' '),
      ],
      [
        'subscriptions in the nest',
        `${SUBSCRIPTIONS.toLocaleString('en-US')} (seeded in ${(seededMs / 1000).toFixed(1)} s)`,
      ],
      ['achieved rate', `${Math.round(count / run.seconds)}/s over ${run.seconds.toFixed(1)} s`],
      ['answered 200', String(latencies.length)],
      ['errors (non-200, timeouts)', String(run.errors)],
      ['p50', `${percentile(latencies, 50).toFixed(2)} ms`],
      ['p95', `${percentile(latencies, 95).toFixed(2)} ms`],
      ['p99', `${p99.toFixed(2)} ms`],
      ['max', `${(latencies.at(-1) ?? Number.NaN).toFixed(2)} ms`],
      [`budget p99 ≤ ${BUDGET_P99_MS} ms`, p99 <= BUDGET_P99_MS && run.errors === 0 ? 'met' : 'MISSED'],
    ]);
  } finally {
    await app.close();
    await target.close();
  }
}

await main();
