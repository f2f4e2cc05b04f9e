// The server the browser tests drive: the production web build served by the API, on a throwaway
// embedded database, with test routes on. Builds the web app first: into WEB_DIST_DIR when it is set
// (the browser tests give each run a folder of its own, so a build elsewhere on the machine, such as
// the scale-out tests', never rewrites the files under it), else into apps/web/dist, serialised with a
// lock file so parallel runs on one machine do not write it at the same time.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const ownDist = process.env.WEB_DIST_DIR;
const webDist = ownDist ?? path.join(root, 'apps/web/dist');
const built = !process.env.E2E_SKIP_BUILD;
if (built) {
  const steps = ownDist
    ? [
        ['npx', 'vite', 'build', '--outDir', ownDist, '--emptyOutDir'],
        ['npx', 'vite', 'build', '--mode', 'links', '--outDir', ownDist],
      ]
    : [['flock', '/tmp/nest-web-build.lock', 'npm', 'run', 'build']];
  for (const [command, ...args] of steps) {
    const build = spawnSync(command, args, {
      cwd: path.join(root, 'apps/web'),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}
// Rate limits count in this server's memory, never in a shared Redis (CI exports REDIS_URL for the API
// tests): every browser test comes from 127.0.0.1, and counts kept from an earlier run would refuse this
// one. The shared counters are proven by the API tests.
const { REDIS_URL: _shared, ...env } = process.env;
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...env, WEB_DIST_DIR: webDist },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  // A run's own build goes with it (the servers a test starts on it are stopped before).
  if (built && ownDist) rmSync(ownDist, { recursive: true, force: true });
  process.exit(code ?? 0);
});
