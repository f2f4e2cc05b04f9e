// The scale-out tests (ADR 190): real API processes behind HAProxy, on PostgreSQL (TEST_DATABASE_URL)
// and Redis (REDIS_URL). Skipped, loudly, on a machine without them; never skipped in CI.
import { spawnSync } from 'node:child_process';

const missing = [
  !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL',
  !process.env.REDIS_URL && 'REDIS_URL',
  spawnSync('sh', ['-c', 'command -v haproxy']).status !== 0 && 'HAProxy (apt-get install -y haproxy)',
].filter(Boolean);
if (missing.length > 0) {
  const message = `The scale-out tests need ${missing.join(', ')}.`;
  if (process.env.CI) {
    console.error(`${message} They cannot be skipped in CI.`);
    process.exit(1);
  }
  console.warn(`\n${'!'.repeat(72)}\n!! ${message}\n!! SCALE-OUT TESTS ARE SKIPPED.\n${'!'.repeat(72)}\n`);
  process.exit(0);
}
const result = spawnSync(
  'npx',
  ['vitest', 'run', '-c', 'vitest.cluster.config.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
