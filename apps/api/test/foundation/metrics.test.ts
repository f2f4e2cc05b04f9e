import { afterEach, describe, expect, it } from 'vitest';
import { paymentEvents } from '../../src/db/schema/index.js';
import { enqueueJob } from '../../src/jobs/enqueue-job.js';
import { createTestApp, type TestApp, testDriver } from '../helpers.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** One sample's value from Prometheus's text format, by its name and labels as written. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe(`GET /metrics for an operator's scraper (ADR 181, ${testDriver})`, () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('does not exist without METRICS_TOKEN', async () => {
    t = await createTestApp();
    const answer = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(answer.statusCode).toBe(404);
  });

  it('refuses a missing or wrong token with a problem', async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    for (const authorization of [undefined, 'Bearer nope', `Bearer ${TOKEN}x`, TOKEN]) {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('counts requests by route pattern and status class, with latency, jobs, webhook lag and the pool', async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    const { app, db } = t;
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/healthz' });
    // A route with an id: counted under its pattern, never under the id.
    await app.inject({
      method: 'GET',
      url: '/api/v1/users/3f1c2a4e-1111-4222-8333-444455556666/stripe/summary',
    });
    await app.inject({ method: 'GET', url: '/no/such/path' });
    await enqueueJob(db, 'metrics.example', {}, { runAt: new Date(Date.now() - 60_000) });
    await enqueueJob(db, 'metrics.later', {}, { runAt: new Date(Date.now() + 3_600_000) });
    await db.insert(paymentEvents).values({
      provider: 'sandbox',
      eventId: 'evt_metrics_lag',
      type: 'invoice.paid',
      occurredAt: new Date(Date.now() - 42_000),
      payload: {},
    });

    const answer = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    const text = answer.body;
    expect(sample(text, 'nest_http_requests_total{method="GET",route="/healthz",status="2xx"}')).toBe(2);
    expect(
      sample(
        text,
        'nest_http_requests_total{method="GET",route="/api/v1/users/:id/stripe/summary",status="4xx"}',
      ),
    ).toBe(1);
    expect(text).not.toContain('3f1c2a4e');
    expect(sample(text, 'nest_http_requests_total{method="GET",route="unmatched",status="4xx"}')).toBe(1);
    expect(sample(text, 'nest_http_request_duration_seconds_count{method="GET",route="/healthz"}')).toBe(2);
    expect(sample(text, 'nest_jobs_due')).toBe(1);
    expect(sample(text, 'nest_jobs_oldest_due_age_seconds')).toBeGreaterThanOrEqual(59);
    expect(sample(text, 'nest_webhook_lag_seconds')).toBeGreaterThanOrEqual(41);
    expect(sample(text, 'nest_process_resident_memory_bytes')).toBeGreaterThan(0);
    if (testDriver === 'postgres') {
      expect(sample(text, 'nest_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    } else {
      expect(text).not.toContain('nest_db_pool_connections');
    }
  });
});
