// `npm run bench`: runs every apps/api/bench/*.bench.ts, one after the other, as plain tsx scripts that
// print their figures. Pass part of a file name to run only the matching benches (npm run bench -- jobs).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const benchDir = path.join(root, 'apps/api/bench');
const filter = process.argv[2];
const benches = readdirSync(benchDir)
  .filter((file) => file.endsWith('.bench.ts') && (!filter || file.includes(filter)))
  .sort();
if (benches.length === 0) {
  console.error(`No bench matches ${filter ? `"${filter}"` : '*.bench.ts'} in ${benchDir}`);
  process.exit(1);
}

const failed = [];
for (const file of benches) {
  console.info(`\n━━━ ${file} ━━━`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(benchDir, file)], {
    cwd: path.join(root, 'apps/api'),
    stdio: 'inherit',
    env: { NODE_ENV: 'test', ...process.env },
  });
  if (result.status !== 0) failed.push(file);
}
if (failed.length > 0) {
  console.error(`\n✗ failed: ${failed.join(', ')}`);
  process.exit(1);
}
