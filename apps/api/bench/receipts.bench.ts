// Receipts (ADR 129): how long drawing one PDF takes, and how many payments of ONE nest can take their
// receipt number per second when they all arrive at once (the number is a row update that serialises
// them). Numbering runs on PGlite and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, on PostgreSQL.
// BENCH_RECEIPTS (default 300) is the number of paid invoices issued concurrently, BENCH_RENDERS
// (default 100) the number of PDFs drawn.
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { nestInvoices, nestSubscriptions } from '../src/db/schema/index.js';
import { issueNestReceipt } from '../src/modules/receipts/issue-receipt.js';
import type { ReceiptDocument } from '../src/modules/receipts/receipt-document.js';
import { renderReceipt } from '../src/modules/receipts/render-receipt.js';
import { addSubscriber, createOfferFor, merchantWithNest } from '../test/offers/support.js';
import {
  type BenchDatabase,
  benchPglite,
  benchPostgres,
  postgresServerUrl,
  printTable,
} from './databases.js';

const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 300);
const RENDERS = Number(process.env.BENCH_RENDERS ?? 100);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function renders() {
  const document: ReceiptDocument = {
    version: 1,
    kind: 'nest',
    number: 'F-000042',
    locale: 'fr-FR',
    timeZone: 'Europe/Paris',
    issuedAt: '2026-03-01T09:30:00.000Z',
    seller: {
      name: 'Café Lumière SARL',
      lines: ['12 rue Oberkampf', '75011 Paris'],
      email: null,
      vatNumber: 'FR40123456789',
      companyId: null,
    },
    buyer: { name: 'Léa Garçon', lines: [], email: 'lea@example.org', vatNumber: null, companyId: null },
    item: { type: 'offer', name: 'Café illimité' },
    periodStart: '2026-03-01T09:30:00.000Z',
    periodEnd: '2026-04-01T08:30:00.000Z',
    currency: 'EUR',
    totalCents: 2900,
    netCents: 2417,
    vatCents: 483,
    vatRateBps: 2000,
    paymentReference: 'in_bench',
  };
  await renderReceipt(document);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RENDERS; i++) {
    const start = performance.now();
    bytes = (await renderReceipt(document)).length;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  printTable(`Drawing a receipt (${RENDERS} PDFs, one after another)`, [
    ['p50', ms(percentile(times, 50))],
    ['p95', ms(percentile(times, 95))],
    ['size', `${bytes.toLocaleString('en-US')} bytes`],
  ]);
}

async function numbering(bench: BenchDatabase) {
  const database = bench.databases[0]!;
  const app = await buildApp({ config: testConfig(), database, logger: false });
  await app.ready();
  try {
    const merchant = await merchantWithNest(app);
    const offer = await createOfferFor(app, merchant);
    const { subscription_id } = await addSubscriber(app, offer.id, { email: 'bench@example.org' });
    const [subscription] = await app.db
      .select()
      .from(nestSubscriptions)
      .where(eq(nestSubscriptions.id, subscription_id));
    const now = new Date();
    const invoices = await app.db
      .insert(nestInvoices)
      .values(
        Array.from({ length: RECEIPTS }, (_, i) => ({
          nestId: subscription!.nestId,
          subscriptionId: subscription!.id,
          customerId: subscription!.customerId,
          provider: 'sandbox' as const,
          providerInvoiceId: `in_bench_${i}`,
          providerSubscriptionId: 'sub_bench',
          status: 'paid' as const,
          billingReason: 'subscription_cycle' as const,
          amountDueCents: 2900,
          amountPaidCents: 2900,
          currency: 'eur',
          paidAt: now,
          issuedAt: now,
        })),
      )
      .returning();
    const latencies: number[] = [];
    const start = performance.now();
    await Promise.all(
      invoices.map(async (invoice) => {
        const begun = performance.now();
        await app.db.transaction((tx) => issueNestReceipt(tx, invoice));
        latencies.push(performance.now() - begun);
      }),
    );
    const total = performance.now() - start;
    latencies.sort((a, b) => a - b);
    printTable(`${bench.label}: ${RECEIPTS} payments of one nest numbered at once (pool of 10)`, [
      ['total', ms(total)],
      ['receipts per second', Math.round((RECEIPTS / total) * 1000).toLocaleString('en-US')],
      ['per transaction p50', ms(percentile(latencies, 50))],
      ['per transaction p99', ms(percentile(latencies, 99))],
    ]);
  } finally {
    await app.close();
  }
}

await renders();
const serverUrl = postgresServerUrl;
for (const open of [benchPglite, ...(serverUrl ? [() => benchPostgres(serverUrl)] : [])]) {
  const bench = await open();
  try {
    await numbering(bench);
  } finally {
    await bench.close();
  }
}
console.info(
  `\nload average: ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);
