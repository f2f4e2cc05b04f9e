import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import {
  createMemoryRateLimiter,
  createRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from '../../src/lib/rate-limiter.js';
import { LOGIN_LIMITS } from '../../src/modules/auth/login-limits.js';
import { STRONG_PASSWORD, signUpMerchant } from '../fixtures/merchants.js';
import { createTestDatabase } from '../helpers.js';

const REDIS_URL = process.env.REDIS_URL;

function behavesAsAFixedWindow(make: () => RateLimiter | Promise<RateLimiter>) {
  it('allows up to the limit, then refuses with the time left in the window', async () => {
    const limiter = await make();
    const key = `k-${randomUUID()}`;
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit(key, 3, 60_000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.count)).toEqual([1, 2, 3, 4]);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(55);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    await limiter.close();
  });

  it('takes back a hit with undo, and forgets a key with reset', async () => {
    const limiter = await make();
    const key = `k-${randomUUID()}`;
    await limiter.hit(key, 2, 60_000);
    await limiter.hit(key, 2, 60_000);
    await limiter.undo(key);
    expect((await limiter.hit(key, 2, 60_000)).allowed).toBe(true);
    expect((await limiter.hit(key, 2, 60_000)).allowed).toBe(false);
    await limiter.reset(key);
    expect((await limiter.hit(key, 2, 60_000)).count).toBe(1);
    await limiter.undo(`never-hit-${randomUUID()}`);
    await limiter.close();
  });

  it('peeks at a window without counting a hit', async () => {
    const limiter = await make();
    const key = `k-${randomUUID()}`;
    expect(await limiter.peek(key)).toBeNull();
    await limiter.hit(key, 3, 60_000);
    const seen = await limiter.peek(key);
    expect(seen?.count).toBe(1);
    expect(seen?.retryAfterSeconds).toBeGreaterThan(55);
    expect((await limiter.peek(key))?.count).toBe(1);
    await limiter.close();
  });

  it('opens a new window once the old one ends', async () => {
    const limiter = await make();
    const key = `k-${randomUUID()}`;
    await limiter.hit(key, 1, 150);
    expect((await limiter.hit(key, 1, 150)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await limiter.hit(key, 1, 150)).allowed).toBe(true);
    await limiter.close();
  });

  it('counts concurrent hits exactly', async () => {
    const limiter = await make();
    const key = `k-${randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 20 }, () => limiter.hit(key, 5, 60_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    await limiter.close();
  });
}

describe('the memory rate limiter', () => {
  behavesAsAFixedWindow(() => createMemoryRateLimiter());
});

describe.skipIf(!REDIS_URL)('the Redis rate limiter', () => {
  const prefix = `nest-test:${randomUUID()}:`;
  behavesAsAFixedWindow(() => createRedisRateLimiter(new Redis(REDIS_URL!), { prefix }));

  afterAll(async () => {
    const redis = new Redis(REDIS_URL!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('shares failed-login counts between two API processes', async () => {
    const database = await createTestDatabase();
    const appPrefix = `nest-test:${randomUUID()}:`;
    const build = () =>
      buildApp({
        config: testConfig(),
        database,
        logger: false,
        rateLimiter: createRedisRateLimiter(new Redis(REDIS_URL!), { prefix: appPrefix }),
      });
    const [one, two] = [await build(), await build()];
    await Promise.all([one.ready(), two.ready()]);
    try {
      const { user } = await signUpMerchant(one);
      const fail = (app: typeof one, i: number) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/users/login',
          payload: { email: user.email, password: 'wrong' },
          remoteAddress: `10.20.0.${i}`,
        });
      for (let i = 0; i < LOGIN_LIMITS.account.limit; i++) {
        expect((await fail(i % 2 === 0 ? one : two, i)).statusCode).toBe(401);
      }
      for (const app of [one, two]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/users/login',
          payload: { email: user.email, password: STRONG_PASSWORD },
          remoteAddress: '10.20.0.200',
        });
        expect(res.statusCode).toBe(429);
      }
    } finally {
      await one.close();
      await two.close();
      await database.close();
    }
  });

  it('is what the app uses when REDIS_URL is set', async () => {
    const limiter = await createRateLimiter({ REDIS_URL }, console as never);
    const key = `nest-test:${randomUUID()}`;
    await limiter.hit(key, 1, 60_000);
    const redis = new Redis(REDIS_URL!);
    expect(await redis.get(`nest:rate:${key}`)).toBe('1');
    expect(await redis.pttl(`nest:rate:${key}`)).toBeGreaterThan(50_000);
    await redis.del(`nest:rate:${key}`);
    redis.disconnect();
    await limiter.close();
  });
});

describe('when Redis is unreachable', () => {
  let limiter: RateLimiter;
  const errors: unknown[] = [];
  beforeAll(async () => {
    const log = { error: (o: unknown) => errors.push(o), warn: () => {} };
    // Nothing listens on port 9: every command fails, as when Redis goes away.
    limiter = await createRateLimiter({ REDIS_URL: 'redis://127.0.0.1:9' }, log as never);
  });
  afterAll(() => limiter.close());

  it('still enforces the limit with the process’s own counters, quickly, and says so in the log', async () => {
    const key = `k-${randomUUID()}`;
    const results = [];
    const started = Date.now();
    for (let i = 0; i < 3; i++) results.push(await limiter.hit(key, 2, 60_000));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(results.map((r) => r.allowed)).toEqual([true, true, false]);
    expect(errors.length).toBeGreaterThan(0);
  });
});
