// `npm test`: every test — contracts and web unit tests, API tests (PGlite, then PostgreSQL when
// TEST_DATABASE_URL is set), then browser tests in Chromium.
import { spawnSync } from 'node:child_process';

const steps = [
  ['unit (contracts)', ['run', 'test', '-w', 'packages/contracts']],
  ['unit (web)', ['run', 'test', '-w', 'apps/web']],
  ['API', ['run', 'test', '-w', 'apps/api']],
  ['browser', ['run', 'test', '-w', 'e2e']],
];
const only = process.argv[2];
const failed = [];
for (const [label, args] of steps) {
  if (only && !label.includes(only)) continue;
  console.info(`\n━━━ ${label} tests ━━━\n`);
  const result = spawnSync('npm', args, { stdio: 'inherit' });
  if (result.status !== 0) failed.push(label);
}
if (failed.length > 0) {
  console.error(`\n✗ failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.info('\n✓ every test suite passed');
