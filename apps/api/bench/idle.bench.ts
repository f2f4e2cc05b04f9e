// What an idle server costs (ADR 215): the production bundle on the embedded database (PGlite) in a
// new data folder, nobody using it, started twice side by side, with its job runner on (the default)
// and off (JOBS_ENABLED=false). After BENCH_IDLE_SETTLE_S (45) seconds, past the start's own work
// and V8's first memory-reducing collections, it reads each process's CPU time (Linux /proc) over
// BENCH_IDLE_SECONDS (60) and prints it per minute. Builds the API first (BENCH_SKIP_BUILD=1 to
// use the last build).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { cpuSeconds, cpuSpent } from './cpu.js';
import { buildApi, bundle, startServer, stop } from './servers.js';

const SETTLE_S = Number(process.env.BENCH_IDLE_SETTLE_S ?? 45);
const SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);

/** A production server on its own data folder, its job runner on or off. */
const startIdle = async (jobs: boolean, dataDir: string) =>
  (await startServer(['--enable-source-maps', bundle], { DATA_DIR: dataDir, JOBS_ENABLED: String(jobs) }))
    .child;

buildApi();

const folders = [true, false].map(() => mkdtempSync(path.join(tmpdir(), 'nest-bench-idle-')));
const servers: ChildProcess[] = [];
try {
  servers.push(await startIdle(true, folders[0]!), await startIdle(false, folders[1]!));
  console.info(`Two idle servers up; settling for ${SETTLE_S} s`);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_S * 1000));
  // Each server's process in its own group (runner on, runner off); every other process in 'other'.
  const group = (pid: number) => (pid === servers[0]!.pid ? 'on' : pid === servers[1]!.pid ? 'off' : 'other');
  const before = cpuSeconds(group);
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const spent = cpuSpent(before, cpuSeconds(group));
  const used = [spent.get('on') ?? 0, spent.get('off') ?? 0];
  const perMinute = (seconds: number) => `${((seconds * 60) / SECONDS).toFixed(2)} s a minute`;
  console.info(
    `\nAn idle server on PGlite, CPU over ${SECONDS} s after ${SETTLE_S} s, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.info(`  job runner on (the default)   ${perMinute(used[0]!)}`);
  console.info(`  job runner off                ${perMinute(used[1]!)}`);
} finally {
  await Promise.all(servers.map(stop));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}
