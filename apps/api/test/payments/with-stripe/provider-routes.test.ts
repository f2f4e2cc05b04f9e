import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpMerchant } from '../../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../../helpers.js';
import type { FakeStripe } from '../fake-stripe.js';
import { startStripeApp } from './support.js';

describe('with Stripe as the provider', () => {
  let fake: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    ({ fake, t } = await startStripeApp());
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  it('has no sandbox: no sandbox webhook, hosted page or test clock', async () => {
    const merchant = await signUpMerchant(t.app);
    const clock = await t.app.inject({
      method: 'POST',
      url: '/api/v1/sandbox/clock/advance',
      cookies: merchant.cookies,
      payload: { days: 30 },
    });
    expect(clock.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/webhooks/sandbox', payload: {} })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/checkout/cs_test_1' })).statusCode).toBe(404);
  });
});

describe('with the sandbox as the provider', () => {
  it('has no Stripe webhook route', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/webhooks/stripe', payload: {} });
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
