// `npm start`: builds the web app when its build is missing or older than its sources, then serves
// the whole product (API + web) from one process on the embedded database with sandbox payments.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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
  Math.max(...sources.filter(existsSync).map(newestMtime), ...pages.map((page) => statSync(page).mtimeMs)) >
    statSync(distIndex).mtimeMs;
if (stale) {
  console.info('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const sandbox = (process.env.PAYMENT_PROVIDER || 'sandbox') === 'sandbox';
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
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
child.on('exit', (code) => process.exit(code ?? 0));
