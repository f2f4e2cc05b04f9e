import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readMail, signUpMerchant } from '../../fixtures/merchants.js';
import type { TestApp } from '../../helpers.js';
import { type FakeStripe, stripeObjects } from '../fake-stripe.js';
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
  const { postStripeEvent, serveSubscription, periodStart, periodEnd } = stripeHelpers(() => ({ fake, t }));

  it('starts a checkout at Stripe and answers Stripe’s hosted page', async () => {
    const merchant = await signUpMerchant(t.app);
    fake.on('POST', '/v1/customers', {
      body: { id: 'cus_A', object: 'customer', email: merchant.user.email },
    });
    fake.on('GET', '/v1/prices', { body: { object: 'list', data: [] } });
    fake.on('POST', '/v1/prices', { body: stripeObjects.price('price_pro', 'pro', 4900) });
    fake.on('POST', '/v1/checkout/sessions', {
      body: stripeObjects.checkoutSession({
        id: 'cs_live_1',
        mode: 'subscription',
        status: 'open',
        customer: 'cus_A',
        metadata: {},
        url: 'https://checkout.stripe.com/c/pay/cs_live_1',
      }),
    });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${merchant.user.id}/plan/checkout`,
      cookies: merchant.cookies,
      payload: { plan: 'pro' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      url: 'https://checkout.stripe.com/c/pay/cs_live_1',
      session_id: 'cs_live_1',
    });
    const [customer] = fake.sent('POST', '/v1/customers');
    expect(customer!.form).toMatchObject({
      email: merchant.user.email,
      'metadata[nest_user_id]': merchant.user.id,
    });
    expect(customer!.headers['idempotency-key']).toBe(`nest:plan-customer:${merchant.user.id}`);
    const [session] = fake.sent('POST', '/v1/checkout/sessions');
    expect(session!.form).toMatchObject({
      customer: 'cus_A',
      success_url: 'http://localhost:3000/admin/onboarding/payment/success?session_id={CHECKOUT_SESSION_ID}',
      'subscription_data[metadata][nest_kind]': 'plan',
      'subscription_data[metadata][nest_user_id]': merchant.user.id,
    });
    expect(await getPlan(t.app, merchant)).toMatchObject({ status: 'incomplete', provider: 'stripe' });
  });

  it('checkout.session.completed: reads the session and the subscription from Stripe, the plan starts, one receipt', async () => {
    const merchant = await signUpMerchant(t.app);
    fake.on('GET', '/v1/checkout/sessions/cs_A', {
      body: stripeObjects.checkoutSession({
        id: 'cs_A',
        mode: 'subscription',
        status: 'complete',
        customer: 'cus_A',
        subscription: 'sub_A',
        metadata: { nest_kind: 'plan', nest_user_id: merchant.user.id },
      }),
    });
    serveSubscription(
      merchant,
      'active',
      stripeObjects.invoice({
        id: 'in_A1',
        customer: 'cus_A',
        subscription: 'sub_A',
        status: 'paid',
        amount: 4900,
        billingReason: 'subscription_create',
        periodStart,
        periodEnd,
      }),
    );
    const response = await postStripeEvent('checkout.session.completed', {
      id: 'cs_A',
      object: 'checkout.session',
    });
    expect(response.statusCode).toBe(200);
    expect(await getPlan(t.app, merchant)).toMatchObject({
      plan: 'pro',
      status: 'active',
      next_payment_at: periodEnd.toISOString().replace(/\.\d{3}Z$/, '.000Z'),
      provider: 'stripe',
    });
    const mail = await readMail(t.app, merchant.user.email);
    expect(mail.filter((m) => m.subject === 'Receipt for your Nest Pro plan')).toHaveLength(1);
  });
});
