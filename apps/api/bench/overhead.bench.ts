// The app's overhead against a bare Fastify server doing the same SQL with the same driver, on
// PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL; skipped without). Two endpoints: GET
// /api/v1/users/me (signed in) and the public link API without its cache. The bare server replays,
// on its own pool to the same database, exactly the statements the app sent for one such request
// (recorded at the driver: text, parameters, prepared-statement name, row mode), then answers the
// last one's rows as JSON: no hooks, no security headers, no logging, no validation.
//
// Closed loop (BENCH_CONNECTIONS connections, each sending its next request as soon as the previous
// one answered) for BENCH_SECONDS per measurement, app and bare alternated BENCH_ROUNDS times in the
// same run, so both see the same machine. The app runs as in production: its logger on (the
// server's own asynchronous destination, into /dev/null), security headers, request ids, validation and serialization. Goal: app ≥ 80 % of bare.
// BENCH_ONLY=app|bare loads only one side (for `node --cpu-prof`).
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { createLogStream } from '../src/lib/log-stream.js';
import { bareServer } from './bare-server.js';
import { benchPostgres, postgresServerUrl, printTable } from './databases.js';
import { type LoadResult, percentile, runLoad } from './load.js';
import { inject, seedLink } from './seed.js';
import { recordStatements } from './statements.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const ONLY = process.env.BENCH_ONLY;
const GOAL = 0.8;

const rate = (result: LoadResult) => result.latencies.length / result.seconds;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function main() {
  if (!postgresServerUrl) {
    console.info('(skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL server)');
    return;
  }
  const target = await benchPostgres(postgresServerUrl);
  const database = target.databases[0] as Database;
  const app = await buildApp({
    config: testConfig({ PUBLIC_LINK_CACHE_MS: 0, LOG_LEVEL: 'info' }),
    database,
    // The production logger (server.ts), written into /dev/null.
    logStream: createLogStream('/dev/null'),
  });
  let bare: Awaited<ReturnType<typeof bareServer>> | undefined;
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const appPort = (app.server.address() as AddressInfo).port;
    const { nestLinkId, cookie } = await seedLink(app);
    const mePath = '/api/v1/users/me';
    const linkPath = `/api/v1/public/links/${nestLinkId}`;
    // Once each first: a session's first request records its last use, later ones within a minute do not.
    await inject(app, { method: 'GET', url: mePath, headers: { cookie } }, 200);
    await inject(app, { method: 'GET', url: linkPath }, 200);
    const meStatements = await recordStatements(() =>
      inject(app, { method: 'GET', url: mePath, headers: { cookie } }, 200),
    );
    const linkStatements = await recordStatements(() => inject(app, { method: 'GET', url: linkPath }, 200));
    bare = await bareServer(target.url as string, { '/me': meStatements, '/link': linkStatements });
    const barePort = (bare.server.address() as AddressInfo).port;

    const endpoints = [
      {
        label: 'GET /api/v1/users/me',
        statements: meStatements.length,
        app: { port: appPort, request: { kind: 'get' as const, path: mePath, cookie } },
        bare: { port: barePort, request: { kind: 'get' as const, path: '/me' } },
      },
      {
        label: 'GET /api/v1/public/links/{id}, no cache',
        statements: linkStatements.length,
        app: { port: appPort, request: { kind: 'get' as const, path: linkPath } },
        bare: { port: barePort, request: { kind: 'get' as const, path: '/link' } },
      },
    ];
    for (const endpoint of endpoints) {
      const load = (
        side: { port: number; request: { kind: 'get'; path: string; cookie?: string } },
        ms: number,
      ) => runLoad({ shape: 'closed', connections: CONNECTIONS, durationMs: ms, ...side });
      // Warm both (JIT, pools, prepared statements on every connection).
      if (ONLY !== 'bare') await load(endpoint.app, 1000);
      if (ONLY !== 'app') await load(endpoint.bare, 1000);
      const rows: [string, string][] = [];
      const appRates: number[] = [];
      const bareRates: number[] = [];
      // CPU time this process spent per answered request (µs): both servers live here and only the
      // loaded one works, so this is each side's own cost, much less swayed by other processes than
      // the throughput is on a shared machine.
      const appCpu: number[] = [];
      const bareCpu: number[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const measured: string[] = [];
        for (const side of ['app', 'bare'] as const) {
          if (ONLY && ONLY !== side) continue;
          const cpuBefore = process.cpuUsage();
          const result = await load(endpoint[side], SECONDS * 1000);
          const cpu = process.cpuUsage(cpuBefore);
          const answered = Math.max(1, result.latencies.length + result.errors);
          const cpuPerRequest = (cpu.user + cpu.system) / answered;
          const systemPerRequest = cpu.system / answered;
          (side === 'app' ? appRates : bareRates).push(rate(result));
          (side === 'app' ? appCpu : bareCpu).push(cpuPerRequest);
          measured.push(
            `${side} ${Math.round(rate(result))}/s, ${Math.round(cpuPerRequest)} µs CPU/req (${Math.round(systemPerRequest)} kernel; p50 ${percentile(result.latencies, 50).toFixed(1)}, p99 ${percentile(result.latencies, 99).toFixed(1)} ms${result.errors ? `, ${result.errors} errors` : ''})`,
          );
        }
        const ratio =
          appRates.length === round && bareRates.length === round
            ? appRates[round - 1]! / bareRates[round - 1]!
            : Number.NaN;
        rows.push([
          `round ${round}, load ${loadavg()
            .map((l) => l.toFixed(2))
            .join(' ')}`,
          `${measured.join(' · ')}${Number.isNaN(ratio) ? '' : ` → ${(ratio * 100).toFixed(0)} %`}`,
        ]);
      }
      rows.push(['statements per request', String(endpoint.statements)]);
      if (!ONLY) {
        const ratio = median(appRates) / median(bareRates);
        const cpuRatio = median(bareCpu) / median(appCpu);
        rows.push([
          'app / bare throughput (medians)',
          `${(ratio * 100).toFixed(0)} % ${ratio >= GOAL ? 'met' : 'MISSED'} (goal ≥ ${GOAL * 100} %)`,
        ]);
        rows.push([
          'bare / app CPU per request (medians)',
          `${(cpuRatio * 100).toFixed(0)} % ${cpuRatio >= GOAL ? 'met' : 'MISSED'} (the throughput a saturated core would give)`,
        ]);
      }
      printTable(
        `${endpoint.label} on ${target.label}: ${CONNECTIONS} connections, ${SECONDS} s a side`,
        rows,
      );
    }
  } finally {
    await bare?.close();
    await app.close();
    await target.close();
  }
}

await main();
