// `npm run cluster [-- --processes 3] [-- --port 8080]`: the production topology on one machine
// (ADR 190): API processes behind HAProxy, against PostgreSQL (DATABASE_URL) and Redis (REDIS_URL).
// Ctrl-C stops everything. Logs: .cluster/logs/api1.log, api2.log…, haproxy.log.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureBuilt, root, startCluster } from './cluster/harness.mjs';

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '2' },
    port: { type: 'string', default: '8080' },
  },
});
const processes = Number(values.processes);
if (!Number.isInteger(processes) || processes < 1 || processes > 8) {
  console.error('--processes must be a whole number from 1 to 8');
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error(
    'Set DATABASE_URL to a PostgreSQL database (e.g. postgres://postgres@127.0.0.1:5432/nest): ' +
      'the embedded database serves one process only.',
  );
  process.exit(2);
}
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const dir = path.join(root, '.cluster');

// Every process must share one session secret; kept in .cluster/ so restarts keep sessions.
const secretFile = path.join(dir, 'session-secret');
let sessionSecret = process.env.SESSION_SECRET;
if (!sessionSecret) {
  if (!existsSync(secretFile)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(secretFile, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  sessionSecret = readFileSync(secretFile, 'utf8').trim();
}

ensureBuilt();
const cluster = await startCluster({
  processes,
  databaseUrl,
  redisUrl,
  sessionSecret,
  dir,
  lbPort: Number(values.port),
});
console.info(`Nest cluster: ${cluster.url} (HAProxy) → ${processes} API process(es):`);
for (const api of cluster.apis) {
  console.info(
    `  ${api.name}  127.0.0.1:${api.port}  jobs ${api.index === 0 ? 'on' : 'off'}  logs .cluster/logs/${api.name}.log`,
  );
}
console.info('Ctrl-C stops the cluster.');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.info('\nStopping…');
    await cluster.stop();
    process.exit(0);
  });
}
