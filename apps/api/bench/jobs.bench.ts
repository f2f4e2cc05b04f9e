// Job queue throughput: how fast jobs are enqueued and processed, on PGlite and (when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set) on PostgreSQL with one and with four workers.
import { performance } from 'node:perf_hooks';
import type { Database } from '../src/db/client.js';
import { JOBS_CHANNEL, JobRunner } from '../src/jobs/job-runner.js';
import {
  type BenchDatabase,
  benchPglite,
  benchPostgres,
  perSecond,
  postgresServerUrl,
  printTable,
} from './databases.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 2_000);
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

function runnerOn(database: Database, ran: { count: number }, workerId: string) {
  const runner = new JobRunner({ db: database.db, log: quiet, workerId, batchSize: 50 });
  runner.register('bench', async () => {
    ran.count++;
  });
  return runner;
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/**
 * Time from enqueue to the handler starting, with the poller running: enqueued outside a transaction
 * (the in-process wake-up), or inside one (found at the commit's notification when the runner
 * listens, ADR 215, else at the next poll), each job at a random moment. Answers "p50 / max".
 */
async function pickUpLatency(
  database: Database,
  samples: number,
  options: { inTransaction: boolean; listen: boolean },
): Promise<string> {
  const runner = new JobRunner({
    db: database.db,
    log: quiet,
    workerId: 'latency',
    ...(options.listen ? { listen: (onNotify) => database.listen(JOBS_CHANNEL, onNotify) } : {}),
  });
  let started: () => void = () => {};
  runner.register('latency', async () => started());
  runner.start();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 200));
    const picked = new Promise<void>((resolve) => {
      started = resolve;
    });
    const start = performance.now();
    if (options.inTransaction) {
      await database.db.transaction((tx) => runner.enqueue('latency', {}, { tx }));
    } else {
      await runner.enqueue('latency', {});
    }
    await picked;
    times.push(performance.now() - start);
  }
  await runner.stop();
  times.sort((a, b) => a - b);
  return `${times[Math.floor(times.length / 2)]!.toFixed(1)} / ${times.at(-1)!.toFixed(1)} ms`;
}

async function benchOne(target: BenchDatabase) {
  const [first] = target.databases as [Database, ...Database[]];
  const rows: [string, string][] = [];

  const ran = { count: 0 };
  const single = runnerOn(first, ran, 'single');
  const enqueueMs = await time(async () => {
    for (let i = 0; i < JOBS; i++) await single.enqueue('bench', { i });
  });
  rows.push([`enqueue ${JOBS} jobs, one at a time`, perSecond(JOBS, enqueueMs)]);
  const drainMs = await time(() => single.drain());
  if (ran.count !== JOBS) throw new Error(`expected ${JOBS} runs, got ${ran.count}`);
  rows.push([`process ${JOBS} jobs, one worker`, perSecond(JOBS, drainMs)]);

  if (target.databases.length > 1) {
    const shared = { count: 0 };
    const workers = target.databases.map((database, i) => runnerOn(database, shared, `worker-${i}`));
    for (let i = 0; i < JOBS; i++) await single.enqueue('bench', { i });
    const parallelMs = await time(() => Promise.all(workers.map((w) => w.drain())));
    if (shared.count !== JOBS) throw new Error(`expected ${JOBS} runs, got ${shared.count}`);
    rows.push([
      `process ${JOBS} jobs, ${workers.length} workers on separate pools`,
      perSecond(JOBS, parallelMs),
    ]);
  }

  rows.push([
    'enqueue → handler start, p50 / max: no transaction',
    await pickUpLatency(first, 30, { inTransaction: false, listen: true }),
  ]);
  rows.push([
    '  in a transaction, listening (ADR 215)',
    await pickUpLatency(first, 30, { inTransaction: true, listen: true }),
  ]);
  rows.push([
    '  in a transaction, polling every second',
    await pickUpLatency(first, 30, { inTransaction: true, listen: false }),
  ]);
  printTable(`Jobs on ${target.label} (no-op handler)`, rows);
}

const pglite = await benchPglite();
try {
  await benchOne(pglite);
} finally {
  await pglite.close();
}
if (postgresServerUrl) {
  const postgres = await benchPostgres(postgresServerUrl, 4);
  try {
    await benchOne(postgres);
  } finally {
    await postgres.close();
  }
} else {
  console.info('\n(PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
