import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { jobs, paymentEvents } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';

/** Latency buckets (seconds): the counter's 20 ms goal and a page's 200 ms sit on bucket edges. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5];
/** Webhook lag is read over the deliveries of this last window. */
const WEBHOOK_LAG_WINDOW = '5 minutes';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /metrics` in Prometheus's text format, for an operator's scraper (ADR 181): requests by route
 * and status class with a latency histogram, the job queue's depth and oldest due job, the lag of the
 * payment provider's webhooks, the PostgreSQL pool's use, and Node's process metrics. Exists only when
 * METRICS_TOKEN is set, and answers only with that token; each process has its own registry.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const token = app.config.METRICS_TOKEN;
  if (!token) return;

  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'nest_' });
  const requests = new Counter({
    name: 'nest_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'nest_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const database = app.database;
  new Gauge({
    name: 'nest_jobs_due',
    help: 'Jobs waiting to run whose time has come',
    registers: [registry],
    async collect() {
      this.set(await jobsDue(app));
    },
  });
  new Gauge({
    name: 'nest_jobs_oldest_due_age_seconds',
    help: 'How long the oldest due job has been waiting (0 when none)',
    registers: [registry],
    async collect() {
      this.set(await oldestDueJobAge(app));
    },
  });
  new Gauge({
    name: 'nest_jobs_failed',
    help: 'Jobs that failed for good (out of attempts)',
    registers: [registry],
    async collect() {
      this.set(await failedJobs(app));
    },
  });
  new Gauge({
    name: 'nest_webhook_lag_seconds',
    help: `Longest delay between a payment event and its receipt, over the last ${WEBHOOK_LAG_WINDOW}`,
    registers: [registry],
    async collect() {
      this.set(await webhookLag(app));
    },
  });
  if (database.poolUse) {
    const poolUse = database.poolUse;
    new Gauge({
      name: 'nest_db_pool_connections',
      help: 'PostgreSQL pool connections by state',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const use = poolUse();
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never its values: ids in paths would make one series per customer.
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    requests.inc({ method, route, status: `${Math.floor(reply.statusCode / 100)}xx` });
    latency.observe({ method, route }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameToken(given, token)) throw new AppError('unauthenticated');
    reply.type(registry.contentType);
    return registry.metrics();
  });
});

async function scalar(app: FastifyInstance, query: ReturnType<typeof sql>): Promise<number> {
  // Both drivers answer a raw query with its rows (node-postgres' and PGlite's results).
  const result = (await app.database.db.execute(query)) as { rows: { value: string | number | null }[] };
  const value = result.rows[0]?.value;
  return value === null || value === undefined ? 0 : Number(value);
}

const jobsDue = (app: FastifyInstance) =>
  scalar(
    app,
    sql`select count(*) as value from ${jobs} where ${jobs.status} = 'pending' and ${jobs.runAt} <= now()`,
  );

const oldestDueJobAge = (app: FastifyInstance) =>
  scalar(
    app,
    sql`select extract(epoch from now() - min(${jobs.runAt})) as value
        from ${jobs} where ${jobs.status} = 'pending' and ${jobs.runAt} <= now()`,
  );

const failedJobs = (app: FastifyInstance) =>
  scalar(app, sql`select count(*) as value from ${jobs} where ${jobs.status} = 'failed'`);

const webhookLag = (app: FastifyInstance) =>
  scalar(
    app,
    sql`select extract(epoch from max(${paymentEvents.receivedAt} - ${paymentEvents.occurredAt})) as value
        from ${paymentEvents}
        where ${paymentEvents.receivedAt} > now() - ${sql.raw(`interval '${WEBHOOK_LAG_WINDOW}'`)}`,
  );
