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
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { WEB_DIST_DIR: path.join(root, 'apps/web/dist'), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
