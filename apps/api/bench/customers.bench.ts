// The merchant's customers table with 100,000 customers in one nest on PostgreSQL (BENCH_DATABASE_URL or
// TEST_DATABASE_URL; skipped without), plus 20,000 in another nest: its first page with a filter and a
// sort, the search by part of a name or email (goal: first page ≤ 50 ms p95, issue 12, ADR 126), and
// the CSV export of every row (time and peak memory). Each request goes through the whole app over
// loopback HTTP, one at a time. BENCH_CUSTOMERS and BENCH_RUNS change the size and the sample.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { refreshSubscriptionTotals } from '../src/modules/merchant-customers/subscription-totals.js';
import { cookieHeaderOf, responseCookies } from '../test/fixtures/merchants.js';
import { addSubscriber, createOfferFor, merchantWithNest } from '../test/offers/support.js';
import { benchPostgres, postgresServerUrl, printTable } from './databases.js';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 20;
const BUDGET_SEARCH_P95_MS = 50;

const FIRST = [
  'Jeanne',
  'Paul',
  'Marie',
  'Lucas',
  'Chloé',
  'Hugo',
  'Léa',
  'Louis',
  'Emma',
  'Gabriel',
  'Inès',
  'Arthur',
  'Camille',
  'Jules',
  'Zoé',
  'Nathan',
  'Alice',
  'Tom',
  'Manon',
  'Raphaël',
];
const LAST = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefebvre',
  'Michel',
  'Garcia',
  'David',
  'Bertrand',
  'Roux',
  'Vincent',
  'Fournier',
  'Morel',
  'Girard',
  'André',
  'Mercier',
  'Dupont',
  'Lambert',
  'Bonnet',
  'François',
  'Martinez',
  'Legrand',
];

/** `count` customers, each with one subscription to `offerId`'s price, spread over two years. */
async function seed(database: Database, offerId: string, count: number, tag: string) {
  const first = sql.raw(`array[${FIRST.map((n) => `'${n}'`).join(',')}]`);
  const last = sql.raw(`array[${LAST.map((n) => `'${n}'`).join(',')}]`);
  await database.db.execute(sql`
    with people as (
      select g, (${first})[1 + (g * 7) % ${FIRST.length}] as f, (${last})[1 + (g * 13) % ${LAST.length}] as l
      from generate_series(1, ${count}) g
    ), inserted as (
      insert into nest_customers (email, name)
      select lower(translate(f || '.' || l, 'éèëçï', 'eeeci')) || '.' || ${tag} || g || '@example.com', f || ' ' || l
      from people
      returning id, email
    )
    insert into nest_subscriptions (nest_id, customer_id, offer_price_id, status, provider, created_at,
      current_period_start, current_period_end)
    select o.nest_id, i.id, p.id,
      (array['active','active','active','active','active','active','active','active','past_due','canceled','trialing','unpaid'])[1 + (row_number() over ()) % 12],
      'sandbox', now() - (random() * interval '730 days'), now() - interval '10 days', now() + (random() * interval '30 days')
    from inserted i, offer_prices p, offers o
    where p.offer_id = o.id and o.id = ${offerId}`);
  // One succeeded payment per subscription, so "total paid" has something to add.
  await database.db.execute(sql`
    insert into nest_transactions (nest_id, subscription_id, customer_id, kind, status, amount_cents, fee_cents,
      net_cents, currency, provider, occurred_at)
    select s.nest_id, s.id, s.customer_id, 'payment', 'succeeded', 2900, 100, 2800, 'EUR', 'sandbox', s.created_at
    from nest_subscriptions s join offer_prices p on p.id = s.offer_price_id where p.offer_id = ${offerId}`);
  // A check-in for one subscription in five, and a pause (under way) for one in a hundred.
  await database.db.execute(sql`
    insert into check_ins (nest_id, customer_id, subscription_id, result, counts, created_at)
    select s.nest_id, s.customer_id, s.id, 'eligible', true, now() - (random() * interval '60 days')
    from nest_subscriptions s join offer_prices p on p.id = s.offer_price_id
    where p.offer_id = ${offerId} and s.code_lookup % 5 = 0`);
  await database.db.execute(sql`
    update nest_subscriptions s set pause_starts_at = now() - interval '3 days',
      pause_ends_at = now() + interval '27 days'
    from offer_prices p where p.id = s.offer_price_id and p.offer_id = ${offerId}
      and s.status = 'active' and s.code_lookup % 100 = 1`);
}

function request(
  port: number,
  cookie: string,
  method: 'GET' | 'POST',
  path: string,
  body?: object,
): Promise<{ status: number; bytes: number }> {
  const payload = body ? JSON.stringify(body) : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method,
        headers: {
          cookie,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function measure(send: (i: number) => Promise<{ status: number }>) {
  for (let i = 0; i < WARMUP; i++) await send(i);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const { status } = await send(i);
    if (status !== 200) throw new Error(`status ${status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function main() {
  if (!postgresServerUrl) {
    console.info('(skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server)');
    return;
  }
  const target = await benchPostgres(postgresServerUrl);
  const database = target.databases[0] as Database;
  const app = await buildApp({ config: testConfig(), database, logger: false });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const merchant = await merchantWithNest(app, 'pro');
    const offer = await createOfferFor(app, merchant, { name: 'Café illimité' });
    const second = await createOfferFor(app, merchant, { name: 'Petit-déjeuner' });
    await addSubscriber(app, second.id, { email: 'second.offer@example.com' });
    const neighbour = await merchantWithNest(app, 'pro');
    const neighbourOffer = await createOfferFor(app, neighbour, { name: 'Yoga' });
    const seeding = performance.now();
    await seed(database, offer.id, CUSTOMERS, 'a');
    await seed(database, neighbourOffer.id, Math.round(CUSTOMERS / 5), 'b');
    const seededMs = performance.now() - seeding;
    // What the job does after a burst of writes: every seeded payment and check-in left a note.
    const refreshing = performance.now();
    const notes = await refreshSubscriptionTotals(database.db);
    const refreshMs = performance.now() - refreshing;
    await database.db.execute(sql`analyze`);
    // Seeding can outlast the access cookie: sign in again.
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: merchant.user.email, password: merchant.password },
    });
    if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
    let cookies = responseCookies(login);
    let cookie = cookieHeaderOf(cookies);
    // A loaded machine can outlast the access cookie during the runs: refresh before each one.
    const refresh = async () => {
      const response = await app.inject({ method: 'GET', url: '/api/v1/users/refresh-tokens', cookies });
      if (response.statusCode !== 200) throw new Error(`refresh: ${response.statusCode} ${response.body}`);
      cookies = { ...cookies, ...responseCookies(response) };
      cookie = cookieHeaderOf(cookies);
    };
    const keepSignedIn = setInterval(() => void refresh().catch(() => {}), 60_000);
    const find = (body: object) => () =>
      request(port, cookie, 'POST', '/api/v1/nests/me/nest-customers/find', body);

    const rows: [string, string][] = [
      [
        'customers in the nest (+ another nest)',
        `${CUSTOMERS.toLocaleString('en-US')} (+${(CUSTOMERS / 5).toLocaleString('en-US')}), seeded in ${(seededMs / 1000).toFixed(1)} s`,
      ],
      [
        'sort keys refreshed by the job (ADR 199)',
        `${notes.toLocaleString('en-US')} notes in ${(refreshMs / 1000).toFixed(1)} s`,
      ],
    ];
    const cases: [string, object][] = [
      ['first page, newest first (default)', {}],
      ['first page, status active, by next payment', { status: 'active', sort: 'next_payment' }],
      ['first page, past due, by name', { past_due: true, sort: 'name' }],
      ['first page, one offer of two, by since', { offer_id: offer.id, sort: 'since' }],
      ['first page, by total paid (desc)', { sort: 'total_paid', direction: 'desc' }],
      ['first page, by last check-in (desc)', { sort: 'last_check_in', direction: 'desc' }],
      ['first page, everyone by name', { sort: 'name' }],
      ['first page, everyone by email', { sort: 'email' }],
      ['first page, everyone by offer', { sort: 'offer' }],
      ['first page, paused only', { paused: true }],
      ['page 2 of past due by name (cursor)', { past_due: true, sort: 'name', cursor: 'NEXT' }],
    ];
    for (const [label, body] of cases) {
      let payload = body as Record<string, unknown>;
      if (payload.cursor === 'NEXT') {
        const { cursor: _, ...first } = payload;
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/nests/me/nest-customers/find',
          cookies,
          payload: first,
        });
        payload = { ...first, cursor: response.json().next_cursor };
      }
      await refresh();
      const result = await measure(find(payload));
      rows.push([label, `p50 ${ms(result.p50)}, p95 ${ms(result.p95)}`]);
      console.info(`  ${label}: p50 ${ms(result.p50)}, p95 ${ms(result.p95)}`);
    }
    const searches = ['martin', 'dupont', 'zoé', 'jeanne.dubois.a4', 'a77777@', 'chloé ro'];
    await refresh();
    const search = await measure((i) =>
      request(port, cookie, 'POST', '/api/v1/nests/me/nest-customers/find', {
        query: searches[i % searches.length],
      }),
    );
    rows.push([
      `search (${searches.join(', ')}), first page`,
      `p50 ${ms(search.p50)}, p95 ${ms(search.p95)}`,
    ]);
    rows.push([
      `budget search p95 ≤ ${BUDGET_SEARCH_P95_MS} ms`,
      search.p95 <= BUDGET_SEARCH_P95_MS ? 'met' : 'MISSED',
    ]);
    await refresh();
    const broad = await measure(() =>
      request(port, cookie, 'POST', '/api/v1/nests/me/nest-customers/find', { query: 'example' }),
    );
    rows.push(['search matching every customer ("example")', `p50 ${ms(broad.p50)}, p95 ${ms(broad.p95)}`]);

    // The CSV of every row: time, and the process's peak memory above what it held before.
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 20);
    await refresh();
    const started = performance.now();
    const csv = await request(port, cookie, 'GET', '/api/v1/nests/me/nest-customers/export');
    const exportMs = performance.now() - started;
    clearInterval(sampler);
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    rows.push([
      `CSV export of ${(CUSTOMERS + 1).toLocaleString('en-US')} rows`,
      `${(exportMs / 1000).toFixed(2)} s, ${mb(csv.bytes)} (status ${csv.status})`,
    ]);
    rows.push([
      '  peak RSS above start / peak heap above start',
      `${mb(peakRss - before.rss)} / ${mb(peakHeap - before.heapUsed)}`,
    ]);
    rows.push([
      'machine load (1, 5, 15 min) after',
      loadavg()
        .map((l) => l.toFixed(2))
        .join(' '),
    ]);
    clearInterval(keepSignedIn);
    printTable(`Customers table on ${target.label} (${RUNS} requests per line, one at a time)`, rows);
  } finally {
    await app.close();
    await target.close();
  }
}

await main();
