import { merchantSchema } from '@nest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMerchant, signUpMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';

describe('GET /users/me', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const me = (cookies: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/v1/users/me', cookies });

  it('shows a new merchant with no subscription and no onboarding, as the guard expects', async () => {
    const { user, cookies } = await signUpMerchant(t.app);
    const res = await me(cookies);
    expect(res.statusCode).toBe(200);
    const body = merchantSchema.parse(res.json());
    expect(body).toMatchObject({ id: user.id, subscription: null, onboarded_at: null });
  });

  it('shows the plan subscription with its next payment date', async () => {
    const next = '2031-05-01T08:00:00.000Z';
    const { cookies } = await seedMerchant(t.app, { plan: 'pro', next_payment_at: next, onboarded: true });
    const body = (await me(cookies)).json();
    expect(body.subscription).toEqual({
      plan: 'pro',
      status: 'active',
      next_payment_at: next,
      cancel_at_period_end: false,
    });
    expect(body.onboarded_at).toEqual(expect.any(String));
  });

  it('shows a lapsed subscription as it is, for the payment recovery redirect', async () => {
    const { cookies } = await seedMerchant(t.app, {
      plan: 'starter',
      status: 'past_due',
      next_payment_at: '2020-01-01T00:00:00.000Z',
    });
    expect((await me(cookies)).json().subscription).toMatchObject({
      status: 'past_due',
      next_payment_at: '2020-01-01T00:00:00.000Z',
    });
  });

  it('is documented in the OpenAPI document with its response schema', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/v1/users/me'].get;
    expect(op.tags).toEqual(['users']);
    expect(JSON.stringify(op.responses['200'])).toContain('Merchant');
    for (const path of [
      '/api/v1/users',
      '/api/v1/users/login',
      '/api/v1/users/refresh-tokens',
      '/api/v1/users/logout',
      '/api/v1/users/{id}',
    ]) {
      expect(doc.paths[path]).toBeDefined();
    }
  });
});
