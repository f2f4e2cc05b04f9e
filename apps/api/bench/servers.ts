// Helpers of the benches that start the API as its own process (cold-start, idle).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { apiDir as api, freePort } from '../test/foundation/support.js';

export { api };
/** The production bundle (ADR 113). */
export const bundle = path.join(api, 'dist/server.js');

/** The caller's environment without a database or Redis: the embedded database and in-memory limits. */
const embeddedOnly = (() => {
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...rest } = process.env;
  return rest;
})();

/** Sends SIGTERM and resolves once the process has exited. */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Builds the API bundle, unless BENCH_SKIP_BUILD is set; throws if there is none after. */
export function buildApi(): void {
  if (!process.env.BENCH_SKIP_BUILD) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], {
      cwd: path.dirname(path.dirname(api)),
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('the API build failed');
  }
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: build the API first`);
}

/**
 * Starts the API as its own process (`args` after node's path: the bundle, or tsx and the sources) in
 * production on the embedded database, with `env` on top, and waits for its first 200 of GET /healthz
 * (polled every 10 ms, 120 s at most). Answers the process and the ms from the spawn to that answer;
 * a server that exits or never answers is stopped and thrown about.
 */
export async function startServer(
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ child: ChildProcess; msToHealthy: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...args], {
    cwd: api,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...embeddedOnly,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const healthy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return { child, msToHealthy: performance.now() - started };
      if (performance.now() - started > 120_000) throw new Error('not healthy after 120 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } catch (error) {
    await stop(child);
    throw error;
  }
}
