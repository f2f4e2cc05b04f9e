// What an idle server costs (ADR 215): the production bundle on the embedded database (PGlite) in a
// new data folder, nobody using it, started twice side by side, with its job runner on (the default)
// and off (JOBS_ENABLED=false). After BENCH_IDLE_SETTLE_S (45) seconds, past the start's own work
// and V8's first memory-reducing collections, it reads each process's CPU time (Linux /proc) over
// BENCH_IDLE_SECONDS (60) and prints it per minute. Builds the API first (BENCH_SKIP_BUILD=1 to
// use the last build).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SETTLE_S = Number(process.env.BENCH_IDLE_SETTLE_S ?? 45);
const SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const api = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bundle = path.join(api, 'dist/server.js');
/** Clock ticks per second of /proc's utime and stime (USER_HZ). */
const TICKS_PER_SECOND = 100;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** CPU seconds a process has used so far (user and system, all its threads). */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

// The embedded database, whatever the caller's shell exports.
const { DATABASE_URL: _database, REDIS_URL: _redis, ...embeddedOnly } = process.env;

async function startServer(jobs: boolean, dataDir: string): Promise<ChildProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: api,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...embeddedOnly,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JOBS_ENABLED: String(jobs),
    },
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return child;
    if (Date.now() - started > 120_000) throw new Error('not healthy after 120 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

if (!process.env.BENCH_SKIP_BUILD) {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], {
    cwd: path.dirname(path.dirname(api)),
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the API build failed');
}
if (!existsSync(bundle)) throw new Error(`${bundle} is missing: build the API first`);

const folders = [true, false].map(() => mkdtempSync(path.join(tmpdir(), 'nest-bench-idle-')));
const servers: ChildProcess[] = [];
try {
  servers.push(await startServer(true, folders[0]!), await startServer(false, folders[1]!));
  console.info(`Two idle servers up; settling for ${SETTLE_S} s`);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_S * 1000));
  const before = servers.map((server) => cpuSecondsOf(server.pid!));
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const used = servers.map((server, i) => cpuSecondsOf(server.pid!) - before[i]!);
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
