import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import { counterHelpers } from './support.js';

describe('verification at the counter (POST /nests/me/verifications)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const { counter, verify } = counterHelpers(() => t);

  it('validation problems, 401, and the code rate limit', async () => {
    expect((await verify(null, { code: 'ABCD2345' })).statusCode).toBe(401);
    const { merchant } = await counter();
    for (const bad of [
      {},
      { token: 'x', code: 'ABCD2345' },
      { code: 'ABC' },
      { code: 'ABCD*345' },
      { extra: 1 },
    ]) {
      const response = await verify(merchant, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    let limited: Awaited<ReturnType<typeof verify>> | undefined;
    for (let i = 0; i < 31; i++) {
      const response = await verify(merchant, { code: 'ZZZZ9999' });
      if (response.statusCode === 429) {
        limited = response;
        break;
      }
      expect(response.json()).toMatchObject({ reason: 'unknown_code' });
    }
    expect(limited?.statusCode).toBe(429);
    expect(limited?.json()).toMatchObject({ code: 'rate_limited' });
    expect(limited?.headers['retry-after']).toBeDefined();
    // Scanned tokens are not held back by the code limit.
    expect((await verify(merchant, { token: 'abc' })).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/nests/me/rewards/nope/redeem',
          cookies: merchant.cookies,
        })
      ).statusCode,
    ).toBe(404);
  });
});
