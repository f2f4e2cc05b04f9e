// The money view's lists with a big nest: 100,000 customers, each with a subscription, 1,000,000
// customer invoices and their 1,000,000 payments, 50,000 refunds and a year of daily payouts in the
// ledger, on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL; skipped without), and on PGlite
// with a tenth of that (BENCH_PGLITE=off skips it). Then the first page of
// GET /api/v1/users/{id}/stripe/transactions (no filter, kind=refund, an offer, a month) and of
// GET /api/v1/users/{id}/stripe/invoices: each asked BENCH_SEQUENTIAL times one after the other (the
// time one answer takes), then at a fixed BENCH_RATE per second for BENCH_SECONDS (open loop: latency
// counts from the scheduled instant, so queueing shows). Budget: p95 ≤ 50 ms (issue 13), one at a time.
// The plan of the first page's query is printed (EXPLAIN ANALYZE) on PostgreSQL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { addSubscriber, createOfferFor, merchantWithNest } from '../test/offers/support.js';
import {
  type BenchDatabase,
  benchPglite,
  benchPostgres,
  postgresServerUrl,
  printTable,
} from './databases.js';

const RATE = Number(process.env.BENCH_RATE ?? 20);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const INVOICES_PER_CUSTOMER = 10;
const TIMEOUT_MS = 5000;
const BUDGET_P95_MS = 50;

function get(agent: http.Agent, port: number, cookie: string, path: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(
      { host: '127.0.0.1', port, path, method: 'GET', agent, timeout: TIMEOUT_MS, headers: { cookie } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', () => resolve(0));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve(0));
    request.end();
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function openLoop(send: () => Promise<number>, rate: number, count: number) {
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now() + 10;
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      send().then((status) => {
        if (status === 200) latencies.push(performance.now() - due);
        else errors++;
      }),
    );
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  return { latencies, errors };
}

/** A nest of `customers` subscribers, 10 paid invoices each over the last 300 days, refunds and payouts. */
async function seed(database: Database, nestId: string, subscriptionId: string, customers: number) {
  const db = database.db;
  await db.execute(sql`insert into nest_customers (email, name)
    select 'bench-' || g || '@example.com', 'Customer ' || g from generate_series(1, ${customers}) g`);
  await db.execute(sql`insert into nest_subscriptions (nest_id, customer_id, offer_price_id, status, provider, provider_subscription_id)
    select s.nest_id, c.id, s.offer_price_id, 'active', s.provider, 'sub_bench_' || c.email
    from nest_subscriptions s, nest_customers c
    where s.id = ${subscriptionId} and c.email like 'bench-%'`);
  await db.execute(sql`insert into nest_invoices (nest_id, subscription_id, customer_id, provider, provider_invoice_id,
      provider_subscription_id, status, billing_reason, amount_due_cents, amount_paid_cents, currency, paid_at, issued_at)
    select s.nest_id, s.id, s.customer_id, 'sandbox', 'in_' || s.id || '_' || g, s.provider_subscription_id,
      'paid', 'subscription_cycle', 1500, 1500, 'eur', t, t
    from nest_subscriptions s, generate_series(1, ${INVOICES_PER_CUSTOMER}) g,
      lateral (select now() - (random() * interval '300 days') as t) at
    where s.nest_id = ${nestId} and s.provider_subscription_id like 'sub_bench_%'`);
  await db.execute(sql`insert into nest_transactions (nest_id, subscription_id, invoice_id, customer_id, kind, status,
      amount_cents, fee_cents, net_cents, currency, provider, provider_invoice_id, provider_object_id, provider_payment_id, occurred_at)
    select i.nest_id, i.subscription_id, i.id, i.customer_id, 'payment', 'succeeded', 1500, 30, 1470, 'eur', 'sandbox',
      i.provider_invoice_id, 'py_' || i.id, 'py_' || i.id, i.paid_at
    from nest_invoices i where i.nest_id = ${nestId}`);
  await db.execute(sql`insert into nest_transactions (nest_id, subscription_id, customer_id, kind, status,
      amount_cents, fee_cents, net_cents, currency, provider, provider_object_id, provider_payment_id, occurred_at)
    select t.nest_id, t.subscription_id, t.customer_id, 'refund', 'succeeded', -500, -10, -490, 'eur', 'sandbox',
      're_' || t.id, t.provider_payment_id, t.occurred_at + interval '1 day'
    from nest_transactions t where t.nest_id = ${nestId} and t.kind = 'payment' and random() < 0.05`);
  await db.execute(sql`insert into nest_transactions (nest_id, kind, status, amount_cents, fee_cents, net_cents,
      currency, provider, provider_object_id, settles, occurred_at)
    select ${nestId}, 'payout', 'paid', -50000, 0, -50000, 'eur', 'sandbox', 'po_bench_' || g, '[]'::jsonb,
      now() - g * interval '1 day'
    from generate_series(1, 365) g`);
  await db.execute(sql`analyze`);
}

async function run(target: BenchDatabase, customers: number) {
  const database = target.databases[0] as Database;
  const app = await buildApp({ config: testConfig(), database, logger: false });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const merchant = await merchantWithNest(app, 'pro');
    const offer = await createOfferFor(app, merchant, { name: 'Café illimité', grants: 'One coffee' });
    const first = await addSubscriber(app, offer.id);
    const seeding = performance.now();
    await seed(database, offer.nest_id, first.subscription_id, customers);
    const seededMs = performance.now() - seeding;
    const counts = (await database.db.execute(
      sql`select (select count(*) from nest_invoices) as invoices, (select count(*) from nest_transactions) as rows`,
    )) as unknown as { rows: { invoices: string; rows: string }[] };

    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const cookie = Object.entries(merchant.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    const base = `/api/v1/users/${merchant.user.id}/stripe`;
    const month = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 7);
    const calls: [string, string][] = [
      ['transactions, first page', `${base}/transactions`],
      ['transactions, kind=refund', `${base}/transactions?kind=refund`],
      ['transactions, kind=payout', `${base}/transactions?kind=payout`],
      ['transactions, one offer', `${base}/transactions?offer_id=${offer.id}`],
      ['transactions, one month', `${base}/transactions?from=${month}-01&to=${month}-28`],
      ['invoices, first page', `${base}/invoices`],
      ['invoices, status=paid, one month', `${base}/invoices?status=paid&from=${month}-01&to=${month}-28`],
    ];
    const rows: [string, string][] = [
      [
        'nest',
        `${customers.toLocaleString('en-US')} customers, ${Number(counts.rows[0]!.invoices).toLocaleString('en-US')} invoices, ${Number(counts.rows[0]!.rows).toLocaleString('en-US')} ledger rows (seeded in ${(seededMs / 1000).toFixed(0)} s)`,
      ],
    ];
    for (const [label, path] of calls) {
      const send = () => get(agent, port, cookie, path);
      const one: number[] = [];
      let oneErrors = 0;
      for (let i = 0; i < SEQUENTIAL; i++) {
        const started = performance.now();
        if ((await send()) === 200) one.push(performance.now() - started);
        else oneErrors++;
      }
      one.sort((a, b) => a - b);
      const p95 = percentile(one, 95);
      const result = await openLoop(send, RATE, RATE * SECONDS);
      rows.push([
        label,
        `one at a time: p50 ${percentile(one, 50).toFixed(1)} ms · p95 ${p95.toFixed(1)} ms · ${p95 <= BUDGET_P95_MS && oneErrors === 0 ? 'met' : 'MISSED'} | ${RATE}/s: p50 ${percentile(result.latencies, 50).toFixed(1)} ms · p95 ${percentile(result.latencies, 95).toFixed(1)} ms · errors ${result.errors}`,
      ]);
    }
    if (target.label === 'PostgreSQL') {
      const plan = (await database.db.execute(
        sql`explain (analyze, buffers) select id, occurred_at::text as cursor_at from nest_transactions where nest_id = ${offer.nest_id} order by occurred_at desc, id desc limit 26`,
      )) as unknown as { rows: Record<string, string>[] };
      console.info(plan.rows.map((r) => Object.values(r)[0]).join('\n'));
      const ids = sql.join(
        (
          (await database.db.execute(
            sql`select id, provider_payment_id from nest_transactions where nest_id = ${offer.nest_id} order by occurred_at desc, id desc limit 26`,
          )) as unknown as { rows: { id: string; provider_payment_id: string }[] }
        ).rows.map((r) => sql`${r.id}::uuid`),
        sql`, `,
      );
      for (const query of [
        sql`explain (analyze) select t.*, c.id, c.name, c.email, o.id, o.name from nest_transactions t
          left join nest_customers c on c.id = t.customer_id left join nest_subscriptions s on s.id = t.subscription_id
          left join offer_prices p on p.id = s.offer_price_id left join offers o on o.id = p.offer_id where t.id in (${ids})`,
        sql`explain (analyze) select provider, provider_payment_id, sum(-amount_cents) from nest_transactions
          where provider in ('sandbox') and provider_payment_id in (select provider_payment_id from nest_transactions where id in (${ids}))
          and kind = 'refund' and status in ('succeeded', 'pending') group by provider, provider_payment_id`,
      ]) {
        const more = (await database.db.execute(query)) as unknown as { rows: Record<string, string>[] };
        console.info(more.rows.map((r) => Object.values(r)[0]).join('\n'));
      }
    }
    agent.destroy();
    rows.push([
      'machine load (1, 5, 15 min) after',
      loadavg()
        .map((l) => l.toFixed(2))
        .join(' '),
    ]);
    printTable(
      `The money view's first pages on ${target.label}: ${SEQUENTIAL} one at a time, then ${RATE}/s for ${SECONDS} s (budget p95 ≤ ${BUDGET_P95_MS} ms)`,
      rows,
    );
  } finally {
    await app.close();
    await target.close();
  }
}

if (process.env.BENCH_PGLITE !== 'off') await run(await benchPglite(), Math.round(CUSTOMERS / 10));
if (postgresServerUrl) await run(await benchPostgres(postgresServerUrl), CUSTOMERS);
else console.info('(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
