// The merchant's money summary (GET /api/v1/users/{id}/stripe/summary) for a big merchant: 100,000
// customers, each with a subscription (a mix of active, past due, trialing, cancelled), 1,000,000 paid
// invoices over the last year with their ledger payments, refunds, weekly payouts and 200,000 check-ins.
// Seeded with SQL (this bench measures reads, not the write paths), on PostgreSQL (BENCH_DATABASE_URL or
// TEST_DATABASE_URL) and on PGlite (BENCH_PGLITE=1; smaller by default, it is one process in memory).
// The seed's rows go through the triggers like any write (ADR 202): the job then folds their notes into
// the rollups, timed, and the requests measure that steady state (rollups folded, no notes waiting,
// tables vacuumed).
// Then sequential requests over loopback HTTP, one at a time (a merchant opening the dashboard).
// Budget on PostgreSQL: p95 ≤ 50 ms (issue 13). BENCH_CUSTOMERS, BENCH_INVOICES, BENCH_REQUESTS change it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { foldMoneyNotes } from '../src/modules/revenue/fold-money-notes.js';
import { cookieHeaderOf, responseCookies } from '../test/fixtures/merchants.js';
import { addSubscriber, createOfferFor, merchantWithNest } from '../test/offers/support.js';
import {
  type BenchDatabase,
  benchPglite,
  benchPostgres,
  postgresServerUrl,
  printTable,
} from './databases.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 20;
const BUDGET_P95_MS = 50;

function get(agent: http.Agent, port: number, path: string, cookie: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.request(
      { host: '127.0.0.1', port, path, agent, headers: { cookie } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', () => resolve(0));
    request.end();
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function seed(
  database: Database,
  nestId: string,
  offerPriceId: string,
  customers: number,
  invoices: number,
) {
  const db = database.db;
  const perSubscription = Math.max(1, Math.round(invoices / customers));
  await db.execute(sql`insert into nest_customers (email, name)
    select 'bench-' || g || '@example.com', 'Customer ' || g from generate_series(1, ${customers}) g`);
  await db.execute(sql`insert into nest_subscriptions
      (nest_id, customer_id, offer_price_id, status, provider, created_at, canceled_at, current_period_end, cancel_at_period_end)
    select ${nestId}, c.id, ${offerPriceId}, s.status, 'sandbox', s.created,
      case when s.status = 'canceled' then s.created + random() * (now() - s.created) end,
      now() + random() * interval '30 days', random() < 0.05
    from (select id, random() r from nest_customers where email like 'bench-%') c
    cross join lateral (select
      case when c.r < 0.15 then 'canceled' when c.r < 0.18 then 'past_due' when c.r < 0.20 then 'trialing' else 'active' end status,
      now() - random() * interval '365 days' created) s`);
  await db.execute(sql`insert into nest_invoices
      (nest_id, subscription_id, customer_id, provider, provider_invoice_id, provider_subscription_id, status,
       billing_reason, amount_due_cents, amount_paid_cents, currency, issued_at, paid_at)
    select s.nest_id, s.id, s.customer_id, 'sandbox', 'in_' || s.id || '_' || g, 'sub_' || s.id, 'paid',
      case g when 1 then 'subscription_create' else 'subscription_cycle' end, 1200, 1200, 'eur', t.issued, t.issued
    from nest_subscriptions s cross join generate_series(1, ${perSubscription}) g
    cross join lateral (select now() - random() * interval '365 days' + g * interval '0 s' issued) t
    where s.nest_id = ${nestId}`);
  await db.execute(sql`insert into nest_transactions
      (nest_id, subscription_id, invoice_id, customer_id, kind, status, amount_cents, fee_cents, net_cents, currency, provider, provider_invoice_id, provider_object_id, provider_payment_id, occurred_at)
    select nest_id, subscription_id, id, customer_id, 'payment', 'succeeded', amount_paid_cents, 60, amount_paid_cents - 60, 'eur', 'sandbox', provider_invoice_id, 'py_' || id, 'py_' || id, issued_at
    from nest_invoices where nest_id = ${nestId}`);
  await db.execute(sql`insert into nest_transactions
      (nest_id, subscription_id, customer_id, kind, status, amount_cents, fee_cents, net_cents, currency, provider, provider_object_id, provider_payment_id, occurred_at)
    select nest_id, subscription_id, customer_id, 'refund', 'succeeded', -amount_cents, 0, -amount_cents, 'eur', 'sandbox', 're_' || provider_payment_id, provider_payment_id, occurred_at + interval '2 days'
    from nest_transactions where nest_id = ${nestId} and kind = 'payment' and random() < 0.01`);
  await db.execute(sql`insert into nest_transactions
      (nest_id, kind, status, amount_cents, fee_cents, net_cents, currency, provider, occurred_at)
    select ${nestId}, 'payout', case when g <= 2 then 'pending' else 'paid' end, -2000000, 0, -2000000, 'eur', 'sandbox', now() - g * interval '7 days'
    from generate_series(1, 52) g`);
  await db.execute(sql`insert into check_ins (nest_id, subscription_id, customer_id, result, counts, created_at)
    select s.nest_id, s.id, s.customer_id, 'eligible', true, now() - random() * interval '60 days'
    from nest_subscriptions s cross join generate_series(1, 2) where s.nest_id = ${nestId}`);
}

async function run(target: BenchDatabase, customers: number, invoices: number) {
  const database = target.databases[0] as Database;
  const app = await buildApp({ config: testConfig(), database, logger: false });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const merchant = await merchantWithNest(app, 'pro');
    const offer = await createOfferFor(app, merchant, { name: 'Coffee club', grants: 'One coffee a day' });
    const first = await addSubscriber(app, offer.id);
    const seeding = performance.now();
    await seed(database, offer.nest_id, first.offer_price_id, customers, invoices);
    const seededMs = performance.now() - seeding;
    const folding = performance.now();
    const notes = await foldMoneyNotes(database.db);
    const foldedMs = performance.now() - folding;
    // Vacuumed as autovacuum keeps a table that churns: the notes' index is not 2.5 million dead entries.
    await database.db.execute(sql`vacuum analyze`);
    const loadBefore = loadavg();

    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // Seeding and folding can outlast the access cookie on a loaded machine: refresh it first.
    const refreshed = await app.inject({
      method: 'GET',
      url: '/api/v1/users/refresh-tokens',
      cookies: merchant.cookies,
    });
    if (refreshed.statusCode !== 200) throw new Error(`refresh: ${refreshed.statusCode} ${refreshed.body}`);
    const cookie = cookieHeaderOf({ ...merchant.cookies, ...responseCookies(refreshed) });
    const path = `/api/v1/users/${merchant.user.id}/stripe/summary`;
    for (let i = 0; i < WARMUP; i++) await get(agent, port, path, cookie);
    const latencies: number[] = [];
    let errors = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const start = performance.now();
      const status = await get(agent, port, path, cookie);
      if (status === 200) latencies.push(performance.now() - start);
      else errors++;
    }
    agent.destroy();
    latencies.sort((a, b) => a - b);
    const p95 = percentile(latencies, 95);
    printTable(`The money summary on ${target.label}: ${REQUESTS} requests, one at a time`, [
      ['machine load (1, 5, 15 min) before', loadBefore.map((l) => l.toFixed(2)).join(' ')],
      [
        'machine load (1, 5, 15 min) after',
        loadavg()
          .map((l) => l.toFixed(2))
          .join(' '),
      ],
      [
        'customers / invoices',
        `${customers.toLocaleString('en-US')} / ${invoices.toLocaleString('en-US')} (seeded in ${(seededMs / 1000).toFixed(1)} s)`,
      ],
      [
        'notes folded by the job before measuring',
        `${notes.toLocaleString('en-US')} in ${(foldedMs / 1000).toFixed(1)} s (steady state: none waiting)`,
      ],
      ['errors (non-200)', String(errors)],
      ['p50', `${percentile(latencies, 50).toFixed(1)} ms`],
      ['p95', `${p95.toFixed(1)} ms`],
      ['max', `${(latencies.at(-1) ?? Number.NaN).toFixed(1)} ms`],
      [
        `budget p95 ≤ ${BUDGET_P95_MS} ms`,
        target.label === 'PGlite'
          ? '(PostgreSQL only)'
          : p95 <= BUDGET_P95_MS && errors === 0
            ? 'met'
            : 'MISSED',
      ],
    ]);
  } finally {
    await app.close();
    await target.close();
  }
}

async function main() {
  const customers = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
  const invoices = Number(process.env.BENCH_INVOICES ?? 1_000_000);
  if (postgresServerUrl) await run(await benchPostgres(postgresServerUrl), customers, invoices);
  else console.info('(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  if (process.env.BENCH_PGLITE === '1') {
    await run(
      await benchPglite(),
      Number(process.env.BENCH_PGLITE_CUSTOMERS ?? customers),
      Number(process.env.BENCH_PGLITE_INVOICES ?? invoices),
    );
  }
}

await main();
