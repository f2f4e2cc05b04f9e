import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  type Answer,
  buildForCluster,
  Client,
  clusterOnFreshDatabase,
  GOOD_CARD,
  harness,
  ok,
  sellingMerchant,
  uniqueAddress,
  uniqueEmail,
} from '../test-cluster/support.js';
import { cpuSeconds, cpuSpent } from './cpu.js';
import { percentile } from './load.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = 5;
const USERS = Number(process.env.BENCH_USERS ?? 24);
const SIZES = (process.env.BENCH_PROCESSES ?? '1,2,3').split(',').map(Number);
/**
 * Shops the clients are spread over. A nest's checkouts run one at a time (its revenue limit and seats
 * are decided under a lock), so the load of one shop would measure that lock, not the cluster.
 */
const SHOPS = Number(process.env.BENCH_SHOPS ?? 12);
/** Counters verifying at once, one nest each, each at 3 verifications a second (under 240 a minute). */
const COUNTERS = 4;
const COUNTER_INTERVAL_MS = 333;

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!serverUrl || !process.env.REDIS_URL || !harness.haproxyPath()) {
  console.info(
    'cluster bench skipped: it needs BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL), REDIS_URL and HAProxy',
  );
  process.exit(0);
}

type Kind = 'link page' | 'merchant reads' | 'checkout (3 requests)' | 'verification';

interface Tally {
  latencies: Map<Kind, number[]>;
  errors: Map<Kind, string[]>;
  requests: number;
}

const newTally = (): Tally => ({ latencies: new Map(), errors: new Map(), requests: 0 });

/** Times one step (one or more requests) and files it under its kind, never throwing. */
async function timed(
  tally: Tally | null,
  kind: Kind,
  requests: number,
  step: () => Promise<boolean | string>,
) {
  const start = performance.now();
  let outcome: boolean | string;
  try {
    outcome = await step();
  } catch (error) {
    outcome = String(error);
  }
  if (!tally) return;
  tally.requests += requests;
  if (outcome === true) {
    const list = tally.latencies.get(kind) ?? [];
    list.push(performance.now() - start);
    tally.latencies.set(kind, list);
  } else {
    const list = tally.errors.get(kind) ?? [];
    list.push(outcome === false ? 'unexpected status' : outcome);
    tally.errors.set(kind, list);
  }
}

type CpuGroup = 'load generator' | 'API processes' | 'PostgreSQL' | 'HAProxy' | 'Redis' | 'other';

/** Each process's group: this one generates the load, the API processes are the other node processes. */
const cpuGroup = (pid: number, command: string): CpuGroup =>
  pid === process.pid
    ? 'load generator'
    : command === 'node'
      ? 'API processes'
      : command === 'postgres'
        ? 'PostgreSQL'
        : command === 'haproxy'
          ? 'HAProxy'
          : command.startsWith('redis')
            ? 'Redis'
            : 'other';

const expect = (answer: Answer, statuses: number[]) =>
  statuses.includes(answer.status) || `HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`;

async function runSize(processes: number) {
  const { cluster, close } = await clusterOnFreshDatabase({
    serverUrl: serverUrl!,
    prefix: 'nest_bench_cluster',
    processes,
    // Test routes seed the merchants and the counters' subscribers.
    extraEnv: { NODE_ENV: 'test', ENABLE_TEST_ROUTES: 'true' },
  });
  try {
    const base = cluster.url;
    type Shop = Awaited<ReturnType<typeof sellingMerchant>> & { subscribers: string[] };
    const shops: Shop[] = [];
    for (let i = 0; i < Math.max(SHOPS, COUNTERS); i++) {
      const shop = await sellingMerchant(base);
      const subscribers: string[] = [];
      for (let j = 0; j < (i < COUNTERS ? 10 : 0); j++) {
        const seeded = await ok<{ subscription_id: string }>(
          shop.merchant.post(`/api/v1/test/offers/${shop.offerId}/subscribers`, {
            email: uniqueEmail('regular'),
            name: `Regular ${j}`,
          }),
          'subscriber',
        );
        subscribers.push(seeded.subscription_id);
      }
      shops.push({ ...shop, subscribers });
    }

    let tally: Tally | null = null;
    let stopAt = Number.POSITIVE_INFINITY;
    const running = () => performance.now() < stopAt;

    // Each simulated client: 5 parts link views, 4 parts merchant reads, 1 part a whole checkout.
    const user = async (index: number) => {
      const shop = shops[index % SHOPS]!;
      for (let turn = index; running(); turn++) {
        const pick = turn % 10;
        // One address per request: per-address limits are not what this bench measures.
        const headers = { 'x-forwarded-for': uniqueAddress() };
        if (pick < 5) {
          await timed(tally, 'link page', 1, async () =>
            expect(await new Client(base, headers).get(`/api/v1/public/links/${shop.nestLinkId}`), [200]),
          );
        } else if (pick < 9) {
          await timed(tally, 'merchant reads', 1, async () =>
            expect(await shop.merchant.request('GET', '/api/v1/users/me', { headers }), [200]),
          );
        } else {
          await timed(tally, 'checkout (3 requests)', 3, async () => {
            const buyer = new Client(base, headers);
            const page = await buyer.get(`/api/v1/public/links/${shop.nestLinkId}`);
            if (page.status !== 200) return expect(page, [200]);
            const started = await buyer.post(`/api/v1/public/links/${shop.nestLinkId}/checkout`, {
              email: uniqueEmail('buyer'),
              name: 'Ana Costa',
              price_version_id: (page.body as { price_version_id: string }).price_version_id,
            });
            if (started.status !== 200 && started.status !== 201) return expect(started, [200, 201]);
            const paid = await buyer.request('POST', (started.body as { url: string }).url, {
              form: {
                card_number: GOOD_CARD,
                card_expiry: '12 / 34',
                card_cvc: '123',
                card_name: 'Ana Costa',
              },
            });
            return expect(paid, [303]);
          });
        }
      }
    };
    const counter = async (counterShop: Shop) => {
      for (let i = 0; running(); i++) {
        const next = performance.now() + COUNTER_INTERVAL_MS;
        await timed(tally, 'verification', 1, async () =>
          expect(
            await counterShop.merchant.post('/api/v1/nests/me/verifications', {
              subscription_id: counterShop.subscribers[i % counterShop.subscribers.length],
            }),
            [200],
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
      }
    };

    const load = Promise.all([
      ...Array.from({ length: USERS }, (_, i) => user(i)),
      ...shops.slice(0, COUNTERS).map((s) => counter(s)),
    ]);
    await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
    tally = newTally();
    const cpuBefore = cpuSeconds(cpuGroup);
    const started = performance.now();
    stopAt = started + SECONDS * 1000;
    await load;
    const elapsed = (performance.now() - started) / 1000;
    // Cores each group kept busy on average over the measured seconds (processes alive at both ends).
    const cores = new Map(
      [...cpuSpent(cpuBefore, cpuSeconds(cpuGroup))].map(([group, seconds]) => [group, seconds / elapsed]),
    );
    return { processes, tally, elapsed, load: loadavg()[0]!, cores };
  } finally {
    await close();
  }
}

buildForCluster();
console.info(
  `Mixed load through HAProxy: ${USERS} clients over ${SHOPS} shops in a closed loop (link pages 50 %, ` +
    `merchant reads 40 %, checkouts 10 %) and ${COUNTERS} counters at ${Math.round(1000 / COUNTER_INTERVAL_MS)}/s each; ` +
    `${SECONDS} s measured after ${WARMUP_SECONDS} s of warm-up; ${cpus().length} cores.`,
);
const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '—');
for (const size of SIZES) {
  const { processes, tally, elapsed, load, cores } = await runSize(size);
  const errors = [...tally.errors.values()].reduce((sum, list) => sum + list.length, 0);
  console.info(
    `\n${processes} API process${processes > 1 ? 'es' : ''}: ${Math.round(tally.requests / elapsed)} requests/s ` +
      `(${tally.requests} in ${elapsed.toFixed(1)} s), ${errors} errors, load average ${load.toFixed(2)}`,
  );
  console.info('  kind                     count     p50 ms   p95 ms   p99 ms');
  for (const kind of ['link page', 'merchant reads', 'checkout (3 requests)', 'verification'] as Kind[]) {
    const sorted = (tally.latencies.get(kind) ?? []).sort((a, b) => a - b);
    console.info(
      `  ${kind.padEnd(22)} ${String(sorted.length).padStart(7)} ${ms(percentile(sorted, 50)).padStart(9)} ` +
        `${ms(percentile(sorted, 95)).padStart(8)} ${ms(percentile(sorted, 99)).padStart(8)}`,
    );
  }
  console.info(
    `  cores busy: ${[...cores]
      .filter(([, used]) => used >= 0.01)
      .sort((a, b) => b[1] - a[1])
      .map(([group, used]) => `${group} ${used.toFixed(2)}`)
      .join(', ')}`,
  );
  for (const [kind, list] of tally.errors) console.info(`  errors, ${kind}: ${list.slice(0, 3).join(' | ')}`);
}
