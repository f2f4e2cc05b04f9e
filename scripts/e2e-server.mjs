// The server the browser tests drive: the production web build served by the API, on a throwaway
// embedded database, with test routes on. Builds the web app first (serialised with a lock file so
// parallel runs on one machine do not write dist/ at the same time).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
if (!process.env.E2E_SKIP_BUILD) {
  const build = spawnSync('flock', ['/tmp/nest-web-build.lock', 'npm', 'run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// Rate limits count in this server's memory, never in a shared Redis (CI exports REDIS_URL for the API
// tests): every browser test comes from 127.0.0.1, and counts kept from an earlier run would refuse this
// one. The shared counters are proven by the API tests.
const { REDIS_URL: _shared, ...env } = process.env;
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { WEB_DIST_DIR: path.join(root, 'apps/web/dist'), ...env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
