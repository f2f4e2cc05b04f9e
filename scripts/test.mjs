// `npm test`: every test — contracts and web unit tests, API tests (PGlite, then PostgreSQL when
// TEST_DATABASE_URL is set), the scale-out tests (processes behind HAProxy, when PostgreSQL, Redis and
// HAProxy are there) alongside them, then browser tests in Chromium. The browser tests come last
// rather than alongside: on two cores every lane is CPU-bound, and the three side by side took the
// same 18 minutes as this order (measured, ADR 208) while the browser tests ran half as fast.
import { spawn } from 'node:child_process';

const lanes = [
  [
    ['unit (contracts)', ['run', 'test', '-w', 'packages/contracts']],
    ['unit (web)', ['run', 'test', '-w', 'apps/web']],
    ['API', ['run', 'test', '-w', 'apps/api']],
  ],
  // Independent of the lane above (its own databases and processes); its output is printed at its end.
  [['scale-out', ['run', 'test:cluster', '-w', 'apps/api']]],
];
const last = [['browser', ['run', 'test', '-w', 'e2e']]];
const only = process.argv[2];
const failed = [];

function run(label, args, buffered) {
  return new Promise((resolve) => {
    if (!buffered) console.info(`\n━━━ ${label} tests ━━━\n`);
    const child = spawn('npm', args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    child.on('close', (code) => {
      if (buffered) {
        console.info(`\n━━━ ${label} tests (ran alongside the others) ━━━\n`);
        process.stdout.write(Buffer.concat(chunks));
      }
      if (code !== 0) failed.push(label);
      resolve();
    });
  });
}

const selected = (steps) => steps.filter(([label]) => !only || label.includes(only));
await Promise.all(
  lanes.map(async (steps, index) => {
    for (const [label, args] of selected(steps)) await run(label, args, index > 0 && !only);
  }),
);
for (const [label, args] of selected(last)) await run(label, args, false);

if (failed.length > 0) {
  console.error(`\n✗ failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.info('\n✓ every test suite passed');
