import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { planSubscriptions } from '../../../src/db/schema/index.js';
import { signUpMerchant } from '../../fixtures/merchants.js';
import type { TestApp } from '../../helpers.js';
import { type FakeStripe, stripeError, stripeObjects } from '../fake-stripe.js';
import { getPlan } from '../support.js';
import { startStripeApp, stripeHelpers } from './support.js';

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
  const { serveSubscription, periodEnd } = stripeHelpers(() => ({ fake, t }));

  it('tells the merchant clearly when Stripe declines, rate-limits or is down', async () => {
    const merchant = await signUpMerchant(t.app, { locale: 'fr-FR' });
    await t.db.insert(planSubscriptions).values({
      userId: merchant.user.id,
      plan: 'pro',
      status: 'active',
      nextPaymentAt: periodEnd,
      provider: 'stripe',
      providerCustomerId: 'cus_A',
      providerSubscriptionId: 'sub_A',
    });
    serveSubscription(merchant, 'active', null);
    fake.on('GET', '/v1/prices', {
      body: { object: 'list', data: [stripeObjects.price('price_enterprise', 'enterprise', 14900)] },
    });
    fake.on(
      'POST',
      '/v1/subscriptions/sub_A',
      stripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      }),
    );
    const upgrade = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/users/${merchant.user.id}/plan/change`,
        cookies: merchant.cookies,
        headers: { 'accept-language': 'en-US' },
        payload: { plan: 'enterprise' },
      });
    const declined = await upgrade();
    expect(declined.statusCode).toBe(402);
    expect(declined.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(declined.json()).toMatchObject({
      code: 'card_declined',
      detail: 'The card was declined: Your card was declined.',
    });

    fake.on(
      'POST',
      '/v1/subscriptions/sub_A',
      stripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'No money.',
      }),
    );
    const poor = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${merchant.user.id}/plan/change`,
      cookies: merchant.cookies,
      headers: { 'accept-language': 'fr-FR' },
      payload: { plan: 'enterprise' },
    });
    expect(poor.statusCode).toBe(402);
    expect(poor.json().detail).toContain('fonds insuffisants');

    fake.on(
      'POST',
      '/v1/subscriptions/sub_A',
      stripeError(429, { type: 'invalid_request_error', code: 'rate_limit', message: 'Slow down' }),
    );
    const limited = await upgrade();
    expect(limited.statusCode).toBe(503);
    expect(limited.json()).toMatchObject({
      code: 'provider_unavailable',
      detail: 'The payment provider is not answering. Nothing was charged. Try again in a moment.',
    });
    expect((await getPlan(t.app, merchant)).plan).toBe('pro');
  });
});
