// `npm start`: builds the web app and the API when their builds are missing or older than their
// sources, then serves the whole product (API + web) from one process, the API as compiled JavaScript
// with source maps (ADR 113), on the embedded database with sandbox payments.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const web = path.join(root, 'apps/web');
const distIndex = path.join(web, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(web, 'src'), path.join(web, 'public'), path.join(root, 'packages/contracts/src')];
// Two pages: the app (index.html) and the public link page (links.html, ADR 077).
const pages = ['index.html', 'links.html'].map((page) => path.join(web, page));
const stale =
  !existsSync(distIndex) ||
  !existsSync(path.join(web, 'dist/links.html')) ||
  // The server module that paints the signed-in pages (ADR 209), missing from older builds.
  !existsSync(path.join(web, 'dist/server/render-pages.server.js')) ||
  Math.max(...sources.filter(existsSync).map(newestMtime), ...pages.map((page) => statSync(page).mtimeMs)) >
    statSync(distIndex).mtimeMs;
if (stale) {
  console.info('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The API: one bundle (apps/api/scripts/build.mjs), rebuilt when a source, a migration or the
// contracts changed since.
const api = path.join(root, 'apps/api');
const apiBundle = path.join(api, 'dist/server.js');
const apiSources = [
  path.join(api, 'src'),
  path.join(root, 'packages/contracts/src'),
  path.join(api, 'package.json'),
];
const apiStale =
  !existsSync(apiBundle) ||
  Math.max(
    ...apiSources
      .filter(existsSync)
      .map((p) => (statSync(p).isDirectory() ? newestMtime(p) : statSync(p).mtimeMs)),
  ) > statSync(apiBundle).mtimeMs;
if (apiStale) {
  console.info('Building the API…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const sandbox = (process.env.PAYMENT_PROVIDER || 'sandbox') === 'sandbox';
const child = spawn(process.execPath, ['--enable-source-maps', apiBundle], {
  cwd: root,
  stdio: 'inherit',
  env: {
    NODE_ENV: 'production',
    WEB_DIST_DIR: path.join(web, 'dist'),
    // The demo's sandbox keeps its test clock (docs/sandbox.md); never with Stripe (ADR 106).
    ...(sandbox ? { SANDBOX_TEST_CLOCK: 'on' } : {}),
    ...process.env,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
// A server ended by a signal is reported as such (128 + the signal's number), not as a success.
child.on('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
