// Runs the API tests on PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const run = (label, env) => {
  console.info(`\n▶ API tests on ${label}\n`);
  const result = spawnSync('npx', ['vitest', 'run', ...args], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('PGlite', { NEST_TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) run('PostgreSQL', { NEST_TEST_DB: 'postgres' });
else console.warn('\n⚠ TEST_DATABASE_URL is not set: the API tests did not run on PostgreSQL.\n');
