import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../src/config.js';
import { signUpMerchant } from '../fixtures/merchants.js';
import { createTestApp } from '../helpers.js';

const production = { NODE_ENV: 'production', isProduction: true } as const;

async function advanceOnce(overrides: Parameters<typeof createTestApp>[0]) {
  const t = await createTestApp(overrides);
  try {
    const merchant = await signUpMerchant(t.app);
    return await t.app.inject({
      method: 'POST',
      url: '/api/v1/sandbox/clock/advance',
      cookies: merchant.cookies,
      payload: { days: 30 },
    });
  } finally {
    await t.close();
  }
}

describe('the sandbox test clock in production', () => {
  it('is not there in production: 404, as with Stripe', async () => {
    const response = await advanceOnce(production);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });

  it('answers in production when SANDBOX_TEST_CLOCK is on', async () => {
    const response = await advanceOnce({ ...production, SANDBOX_TEST_CLOCK: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().offset_days).toBe(30);
  });

  it('reads SANDBOX_TEST_CLOCK=on, is off by default, and is refused with Stripe', () => {
    expect(parseEnv({ SANDBOX_TEST_CLOCK: 'on' }).SANDBOX_TEST_CLOCK).toBe(true);
    expect(parseEnv({ SANDBOX_TEST_CLOCK: 'off' }).SANDBOX_TEST_CLOCK).toBe(false);
    expect(parseEnv({ NODE_ENV: 'production' }).SANDBOX_TEST_CLOCK).toBe(false);
    const stripe = {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    };
    expect(() => parseEnv({ ...stripe, SANDBOX_TEST_CLOCK: 'on' })).toThrow(ConfigError);
  });
});
