// Cold start to /healthz on an existing data folder (issue 12, ADR 113): the production way (the
// compiled bundle, `node --enable-source-maps dist/server.js`) against the TypeScript sources through
// tsx (how production ran before), alternated, RUNS times each. Each start is a new Node process with
// NODE_ENV=production on the embedded database (PGlite) in a data folder migrated by a first start
// that is not counted; the time runs from the spawn to the first 200 of GET /healthz (polled every
// 10 ms), then the process is stopped with SIGTERM (which releases the folder's lock). Goal ≤ 2 s.
// Builds the API first (BENCH_SKIP_BUILD=1 to use the last build). BENCH_COLD_STARTS (default 5).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { api, buildApi, bundle, startServer, stop } from './servers.js';

const RUNS = Number(process.env.BENCH_COLD_STARTS ?? 5);
const GOAL_MS = 2000;

const ways = {
  compiled: ['--enable-source-maps', bundle],
  tsx: ['--import', 'tsx', path.join(api, 'src/server.ts')],
} as const;
type Way = keyof typeof ways;

/** Starts the API one way and answers the milliseconds from the spawn to the first healthy answer. */
async function coldStart(way: Way, dataDir: string): Promise<number> {
  const { child, msToHealthy } = await startServer(ways[way], { DATA_DIR: dataDir }).catch((error) => {
    throw new Error(`${way}: ${error.message}`);
  });
  await stop(child);
  return msToHealthy;
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

buildApi();

const dataDir = mkdtempSync(path.join(tmpdir(), 'nest-bench-cold-'));
try {
  console.info(`Migrating a new data folder (not counted), load: ${load()}`);
  const first = await coldStart('compiled', dataDir);
  console.info(`first start with migrations: ${first.toFixed(0)} ms`);
  const times: Record<Way, number[]> = { compiled: [], tsx: [] };
  for (let i = 0; i < RUNS; i++) {
    for (const way of (i % 2 === 0 ? ['compiled', 'tsx'] : ['tsx', 'compiled']) as Way[]) {
      const ms = await coldStart(way, dataDir);
      times[way].push(ms);
      console.info(`run ${i + 1} ${way.padEnd(8)} ${ms.toFixed(0).padStart(6)} ms   load ${load()}`);
    }
  }
  console.info(`\nCold start to /healthz on an existing data folder, ${RUNS} runs each, load: ${load()}`);
  console.info('way                   median     min     max   goal (≤ 2000 ms)');
  for (const way of Object.keys(ways) as Way[]) {
    const values = times[way];
    const med = median(values);
    console.info(
      `${(way === 'compiled' ? 'compiled (production)' : 'tsx (sources)').padEnd(20)} ${med.toFixed(0).padStart(7)} ${Math.min(
        ...values,
      )
        .toFixed(0)
        .padStart(7)} ${Math.max(...values)
        .toFixed(0)
        .padStart(7)}   ${way === 'compiled' ? (med <= GOAL_MS ? 'met' : 'MISSED') : ''}`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
