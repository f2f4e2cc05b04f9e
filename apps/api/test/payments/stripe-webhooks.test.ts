import { and, count, eq, like } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, paymentEvents, payoutAccounts, planSubscriptions } from '../../src/db/schema/index.js';
import { readMail, type SignedInMerchant, signUpMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { type FakeStripe, startFakeStripe, stripeError, stripeObjects } from './fake-stripe.js';
import { getPlan } from './support.js';

const WEBHOOK_SECRET = 'whsec_test_secret';
const day = 24 * 60 * 60 * 1000;

describe('with Stripe as the provider', () => {
  let fake: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  let counter = 0;
  /** A Stripe event, signed with the endpoint's secret (or another), posted to the webhook route. */
  function postStripeEvent(
    type: string,
    object: { id: string; object: string },
    options: { secret?: string; timestamp?: number; account?: string; id?: string } = {},
  ) {
    const payload = JSON.stringify({
      id: options.id ?? `evt_${++counter}_${Date.now()}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      ...(options.account ? { account: options.account } : {}),
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    });
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  const periodStart = new Date(Date.now() - 2 * day);
  const periodEnd = new Date(periodStart.getTime() + 30 * day);

  function serveSubscription(
    merchant: SignedInMerchant,
    status: string,
    latestInvoice: unknown,
    start = periodStart,
    end = periodEnd,
  ) {
    fake.on('GET', '/v1/subscriptions/sub_A', {
      body: stripeObjects.subscription({
        id: 'sub_A',
        customer: 'cus_A',
        status,
        userId: merchant.user.id,
        plan: 'pro',
        amount: 4900,
        periodStart: start,
        periodEnd: end,
        latestInvoice,
      }),
    });
  }

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

  it('an invoice.payment_failed that arrives before anything else is enough: the plan is past due, paid through the period start', async () => {
    const merchant = await signUpMerchant(t.app);
    const renewalStart = new Date(Date.now() - day);
    const renewalEnd = new Date(renewalStart.getTime() + 30 * day);
    const failed = stripeObjects.invoice({
      id: 'in_A2',
      customer: 'cus_A',
      subscription: 'sub_A',
      status: 'open',
      amount: 4900,
      billingReason: 'subscription_cycle',
      periodStart: renewalStart,
      periodEnd: renewalEnd,
      attemptCount: 1,
      nextAttempt: new Date(Date.now() + 2 * day),
      declineCode: 'insufficient_funds',
    });
    fake.on('GET', '/v1/invoices/in_A2', { body: failed });
    serveSubscription(merchant, 'past_due', failed, renewalStart, renewalEnd);
    const response = await postStripeEvent('invoice.payment_failed', { id: 'in_A2', object: 'invoice' });
    expect(response.statusCode).toBe(200);
    const plan = await getPlan(t.app, merchant);
    expect(plan).toMatchObject({ status: 'past_due', has_unpaid_invoices: true });
    expect(new Date(plan.next_payment_at).getTime()).toBeLessThan(Date.now());
    const unpaid = await t.app.inject({
      method: 'GET',
      url: `/api/v1/payments/internal/subscriptions/${plan.subscription_id}/invoices/unpaid`,
      cookies: merchant.cookies,
    });
    expect(unpaid.json().invoices).toEqual([
      expect.objectContaining({
        provider_invoice_id: 'in_A2',
        last_failure_code: 'insufficient_funds',
        attempt_count: 1,
      }),
    ]);
    const mail = await readMail(t.app, merchant.user.email);
    const warning = mail.find((m) => m.subject === 'Your Nest Pro plan could not be renewed');
    expect(warning?.text).toContain('insufficient funds');
  });

  it('refuses a bad signature, a wrong secret, and old or future timestamps, storing nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(paymentEvents))[0]!.n;
    const object = { id: 'cs_nothing', object: 'checkout.session' };
    const now = Math.floor(Date.now() / 1000);
    const responses = [
      await postStripeEvent('checkout.session.completed', object, { secret: 'whsec_wrong' }),
      await postStripeEvent('checkout.session.completed', object, { timestamp: now - 330 }),
      await postStripeEvent('checkout.session.completed', object, { timestamp: now + 330 }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/stripe',
        headers: { 'content-type': 'application/json' },
        payload: '{"id":"evt_x","type":"checkout.session.completed"}',
      }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_signature');
    }
    expect((await t.db.select({ n: count() }).from(paymentEvents))[0]!.n).toBe(before);
    expect(fake.requests).toHaveLength(0);
  });

  it('when Stripe cannot be reached while handling, answers 503 and keeps nothing, so Stripe’s retry is applied', async () => {
    const merchant = await signUpMerchant(t.app);
    fake.on('GET', '/v1/subscriptions/sub_A', stripeError(500, { type: 'api_error', message: 'Down' }));
    const eventId = `evt_retry_${Date.now()}`;
    const failing = await postStripeEvent(
      'customer.subscription.updated',
      { id: 'sub_A', object: 'subscription' },
      { id: eventId },
    );
    expect(failing.statusCode).toBe(503);
    expect(failing.json().code).toBe('provider_unavailable');
    const stored = await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId));
    expect(stored).toHaveLength(0);

    serveSubscription(merchant, 'active', null);
    const retried = await postStripeEvent(
      'customer.subscription.updated',
      { id: 'sub_A', object: 'subscription' },
      { id: eventId },
    );
    expect(retried.json()).toEqual({ received: true, duplicate: false });
    expect((await getPlan(t.app, merchant)).status).toBe('active');
  });

  it('account.updated re-reads the connected account and records what Stripe enabled', async () => {
    const merchant = await signUpMerchant(t.app);
    await t.db
      .insert(payoutAccounts)
      .values({ userId: merchant.user.id, provider: 'stripe', providerAccountId: 'acct_Z' });
    fake.on('GET', '/v1/accounts/acct_Z', {
      body: stripeObjects.account({
        id: 'acct_Z',
        detailsSubmitted: true,
        enabled: true,
        interval: 'weekly',
        weeklyAnchor: 'monday',
      }),
    });
    const response = await postStripeEvent(
      'account.updated',
      { id: 'acct_Z', object: 'account' },
      { account: 'acct_Z' },
    );
    expect(response.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.providerAccountId, 'acct_Z'));
    expect(row).toMatchObject({
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      payoutInterval: 'weekly',
      payoutWeeklyAnchor: 'monday',
    });
  });

  it('a subscription that is not a merchant plan is stored and ignored', async () => {
    fake.on('GET', '/v1/subscriptions/sub_other', {
      body: {
        ...stripeObjects.subscription({
          id: 'sub_other',
          customer: 'cus_O',
          status: 'active',
          userId: 'x',
          plan: 'pro',
          amount: 1,
          periodStart,
          periodEnd,
        }),
        metadata: {},
      },
    });
    const response = await postStripeEvent('customer.subscription.updated', {
      id: 'sub_other',
      object: 'subscription',
    });
    expect(response.json()).toEqual({ received: true, duplicate: false });
    const plans = await t.db
      .select()
      .from(planSubscriptions)
      .where(eq(planSubscriptions.providerSubscriptionId, 'sub_other'));
    expect(plans).toHaveLength(0);
    const emails = await t.db
      .select({ n: count() })
      .from(jobs)
      .where(and(like(jobs.dedupeKey, 'email:%sub_other%')));
    expect(emails[0]!.n).toBe(0);
  });

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
