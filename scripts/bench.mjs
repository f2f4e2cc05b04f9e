// `npm run bench`: runs every apps/api/bench/*.bench.ts (plain tsx scripts) and apps/web/bench/*.bench.mjs
// (the link page under Lighthouse), one after the other; each prints its figures. Pass part of a file
// name to run only the matching benches (npm run bench -- jobs, npm run bench -- link-page).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const benchDirs = [path.join(root, 'apps/api/bench'), path.join(root, 'apps/web/bench')];
const filter = process.argv[2];
const benches = benchDirs
  .flatMap((dir) => readdirSync(dir).map((file) => ({ dir, file })))
  .filter(({ file }) => /\.bench\.(ts|mjs)$/.test(file) && (!filter || file.includes(filter)))
  .sort((a, b) => a.file.localeCompare(b.file));
if (benches.length === 0) {
  console.error(`No bench matches ${filter ? `"${filter}"` : '*.bench.ts'} in ${benchDirs.join(', ')}`);
  process.exit(1);
}

const failed = [];
for (const { dir, file } of benches) {
  console.info(`\n━━━ ${file} ━━━`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], {
    cwd: path.dirname(dir),
    stdio: 'inherit',
    env: { NODE_ENV: 'test', ...process.env },
  });
  if (result.status !== 0) failed.push(file);
}
if (failed.length > 0) {
  console.error(`\n✗ failed: ${failed.join(', ')}`);
  process.exit(1);
}
