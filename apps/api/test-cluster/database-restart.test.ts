import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROBLEM_CONTENT_TYPE } from '@nest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  buildForCluster,
  Client,
  type Cluster,
  harness,
  type PrivatePostgres,
  sellingMerchant,
} from './support.js';

/**
 * Issue 22's database restart (ADR 190): PostgreSQL (a server of the test's own, so the machine's is
 * untouched) stops and starts again under light load. While it is away the process reports not ready
 * and answers every request that needs the database at once with a 503 problem (no hang, no 500);
 * when it is back the same process serves again, without a restart.
 */
describe('PostgreSQL restarted under light load', () => {
  let postgres: PrivatePostgres;
  let cluster: Cluster;

  beforeAll(async () => {
    buildForCluster();
    const dir = mkdtempSync(path.join(tmpdir(), 'nest-pg-restart-'));
    postgres = await harness.startPrivatePostgres(mkdtempSync(path.join(tmpdir(), 'nest-pg-')));
    cluster = await harness.startCluster({
      processes: 1,
      databaseUrl: postgres.url,
      redisUrl: process.env.REDIS_URL,
      sessionSecret: randomBytes(32).toString('base64url'),
      dir,
      extraEnv: { NODE_ENV: 'test', ENABLE_TEST_ROUTES: 'true' },
    });
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
    try {
      postgres?.stop('immediate');
    } catch {
      // already stopped
    }
  }, 60_000);

  it('goes 503 with a problem while the database is away, and recovers by itself', async () => {
    const shop = await sellingMerchant(cluster.url);
    const direct = `http://127.0.0.1:${cluster.apis[0]!.port}`;
    const merchant = shop.merchant;
    const readOffers = () => merchant.request('GET', `${direct}/api/v1/offers`);
    expect((await readOffers()).status).toBe(200);

    // Light load all along: one merchant read every 100 ms, each timed.
    const seen: { at: number; status: number; ms: number; type: string | null }[] = [];
    let loading = true;
    const load = (async () => {
      while (loading) {
        const started = Date.now();
        let answer: Answer | undefined;
        try {
          answer = await readOffers();
        } catch {
          // counted below as status 0
        }
        seen.push({
          at: started,
          status: answer?.status ?? 0,
          ms: Date.now() - started,
          type: answer?.headers.get('content-type') ?? null,
        });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const stoppedAt = Date.now();
    postgres.stop('fast');
    await harness.waitFor(`${direct}/readyz`, { status: 503, timeoutMs: 15_000 });

    const down = await readOffers();
    expect(down.status).toBe(503);
    expect(down.headers.get('content-type')).toContain(PROBLEM_CONTENT_TYPE);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(down.body).toMatchObject({ status: 503, code: 'service_unavailable' });
    // In the caller's language.
    const french = await merchant.request('GET', `${direct}/api/v1/offers`, {
      headers: { 'accept-language': 'fr-FR' },
    });
    expect(french.status).toBe(503);
    expect((french.body as { title: string }).title).not.toBe((down.body as { title: string }).title);
    // The load balancer sees it too and takes the process out of rotation.
    await harness.waitFor(`${cluster.url}/readyz`, { status: 503, timeoutMs: 15_000 });

    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const startedAgainAt = Date.now();
    postgres.start();
    await harness.waitFor(`${direct}/readyz`, { timeoutMs: 30_000 });
    await harness.waitFor(`${cluster.url}/readyz`, { timeoutMs: 30_000 });
    expect((await readOffers()).status).toBe(200);
    loading = false;
    await load;

    const during = seen.filter((s) => s.at > stoppedAt + 500 && s.at < startedAgainAt);
    expect(during.length).toBeGreaterThan(5);
    for (const s of during) {
      expect(s.status, 'a clean 503 while the database is away').toBe(503);
      expect(s.type).toContain(PROBLEM_CONTENT_TYPE);
      expect(s.ms, 'answered at once, not held').toBeLessThan(3_000);
    }
    expect(seen.filter((s) => s.status === 500 || s.status === 0)).toEqual([]);
    expect(seen.at(-1)!.status).toBe(200);
    // Same process all along: it was never restarted.
    const health = await new Client(direct).get('/healthz');
    expect(health.status).toBe(200);
    expect(cluster.apis[0]).toBeDefined();
  }, 180_000);
});
