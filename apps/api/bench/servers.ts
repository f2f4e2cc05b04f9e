// Helpers of the benches that start the API as its own process (cold-start, idle).
import { type ChildProcess, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const api = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** The production bundle (ADR 113). */
export const bundle = path.join(api, 'dist/server.js');

/** The caller's environment without a database or Redis: the embedded database and in-memory limits. */
export const embeddedOnly = (() => {
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...rest } = process.env;
  return rest;
})();

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
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
