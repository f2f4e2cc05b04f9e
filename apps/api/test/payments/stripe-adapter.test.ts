import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import type { PlanPrice } from '../../src/payments/port.js';
import { createStripeClient, StripeProvider } from '../../src/payments/stripe/adapter.js';
import { type FakeStripe, startFakeStripe, stripeError, stripeObjects } from './fake-stripe.js';

const starter: PlanPrice = {
  plan: 'starter',
  amountCents: 1900,
  currency: 'eur',
  productName: 'Nest Starter',
};
const pro: PlanPrice = { plan: 'pro', amountCents: 4900, currency: 'eur', productName: 'Nest Pro' };
const USER = '0b7c1f0e-34f5-4a53-9a3e-6a1c5b8f2d11';
const day = 24 * 60 * 60 * 1000;

function providerFor(fake: FakeStripe | string, maxNetworkRetries = 0) {
  const apiBase = typeof fake === 'string' ? fake : fake.url;
  return new StripeProvider(
    createStripeClient({
      secretKey: 'sk_test_fake',
      webhookSecret: 'whsec_test',
      apiBase,
      maxNetworkRetries,
    }),
    'whsec_test',
  );
}

/** The AppError a call failed with. */
async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('the Stripe adapter, against a local stand-in for Stripe’s API', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('creates the merchant’s customer with an idempotency key, on the platform account', async () => {
    fake.on('POST', '/v1/customers', { body: { id: 'cus_1', object: 'customer', email: 'a@example.com' } });
    const customer = await providerFor(fake).createCustomer(
      {
        ownerId: USER,
        email: 'a@example.com',
        name: 'Ana',
        locale: 'fr-FR',
        metadata: { nest_user_id: USER },
      },
      { idempotencyKey: `nest:plan-customer:${USER}` },
    );
    expect(customer).toEqual({ id: 'cus_1', email: 'a@example.com' });
    const [request] = fake.sent('POST', '/v1/customers');
    expect(request!.headers['idempotency-key']).toBe(`nest:plan-customer:${USER}`);
    expect(request!.headers['stripe-account']).toBeUndefined();
    expect(request!.headers.authorization).toBe('Bearer sk_test_fake');
    expect(request!.form).toMatchObject({
      email: 'a@example.com',
      name: 'Ana',
      'preferred_locales[0]': 'fr',
      'metadata[nest_user_id]': USER,
      'metadata[nest_owner_id]': USER,
    });
  });

  it('starts a subscription-mode Checkout on the plan’s price, creating the price once', async () => {
    fake.on('GET', '/v1/prices', { body: { object: 'list', data: [], has_more: false } });
    fake.on('POST', '/v1/prices', { body: stripeObjects.price('price_starter', 'starter', 1900) });
    fake.on('POST', '/v1/checkout/sessions', (request) => ({
      body: stripeObjects.checkoutSession({
        id: `cs_test_${fake.sent('POST', '/v1/checkout/sessions').length}`,
        mode: 'subscription',
        status: 'open',
        customer: request.form.customer!,
        metadata: { nest_kind: 'plan' },
        url: 'https://checkout.stripe.com/c/pay/cs_test_1',
      }),
    }));
    const provider = providerFor(fake);
    const input = {
      customerId: 'cus_1',
      price: starter,
      successUrl: 'https://nest.example/admin/onboarding/payment/success?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://nest.example/admin/pricing',
      locale: 'en-US' as const,
      metadata: { nest_kind: 'plan', nest_user_id: USER },
    };
    const session = await provider.createPlanCheckout(input, { idempotencyKey: 'nest:plan-checkout:1' });
    expect(session).toMatchObject({
      id: 'cs_test_1',
      url: 'https://checkout.stripe.com/c/pay/cs_test_1',
      mode: 'subscription',
    });

    const [lookup] = fake.sent('GET', '/v1/prices');
    expect(lookup!.query).toMatchObject({
      'lookup_keys[0]': 'nest_plan_starter_1900_eur_month',
      active: 'true',
    });
    const [price] = fake.sent('POST', '/v1/prices');
    expect(price!.headers['idempotency-key']).toBe('nest:price:nest_plan_starter_1900_eur_month');
    expect(price!.form).toMatchObject({
      currency: 'eur',
      unit_amount: '1900',
      'recurring[interval]': 'month',
      lookup_key: 'nest_plan_starter_1900_eur_month',
      'product_data[name]': 'Nest Starter',
      'metadata[nest_plan]': 'starter',
    });
    const [checkout] = fake.sent('POST', '/v1/checkout/sessions');
    expect(checkout!.headers['idempotency-key']).toBe('nest:plan-checkout:1');
    expect(checkout!.headers['stripe-account']).toBeUndefined();
    expect(checkout!.form).toMatchObject({
      mode: 'subscription',
      customer: 'cus_1',
      'line_items[0][price]': 'price_starter',
      'line_items[0][quantity]': '1',
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      locale: 'en',
      'metadata[nest_user_id]': USER,
      'subscription_data[metadata][nest_plan]': 'starter',
      'subscription_data[metadata][nest_user_id]': USER,
    });

    // The price is known now: the next checkout goes straight to Checkout.
    await provider.createPlanCheckout(input, { idempotencyKey: 'nest:plan-checkout:2' });
    expect(fake.sent('GET', '/v1/prices')).toHaveLength(1);
    expect(fake.sent('POST', '/v1/prices')).toHaveLength(1);
    expect(fake.sent('POST', '/v1/checkout/sessions')).toHaveLength(2);
  });

  it('reads a subscription: its period from the item, the paid-through state, a downgrade scheduled in a phase', async () => {
    const start = new Date('2030-01-10T10:00:00Z');
    const end = new Date(start.getTime() + 31 * day);
    fake.on('GET', '/v1/subscriptions/sub_1', {
      body: stripeObjects.subscription({
        id: 'sub_1',
        customer: 'cus_1',
        status: 'active',
        userId: USER,
        plan: 'pro',
        amount: 4900,
        periodStart: start,
        periodEnd: end,
        schedule: {
          id: 'sub_sched_1',
          object: 'subscription_schedule',
          phases: [
            {
              start_date: start.getTime() / 1000,
              end_date: end.getTime() / 1000,
              metadata: { nest_plan: 'pro' },
            },
            { start_date: end.getTime() / 1000, end_date: null, metadata: { nest_plan: 'starter' } },
          ],
        },
        latestInvoice: stripeObjects.invoice({
          id: 'in_1',
          customer: 'cus_1',
          subscription: 'sub_1',
          status: 'paid',
          amount: 4900,
          billingReason: 'subscription_create',
          periodStart: start,
          periodEnd: end,
        }),
      }),
    });
    const subscription = await providerFor(fake).retrieveSubscription('sub_1');
    expect(subscription).toMatchObject({
      id: 'sub_1',
      customerId: 'cus_1',
      status: 'active',
      plan: 'pro',
      pendingPlan: 'starter',
      amountCents: 4900,
      currentPeriodStart: start,
      currentPeriodEnd: end,
      latestInvoice: {
        id: 'in_1',
        status: 'paid',
        subscriptionId: 'sub_1',
        billingReason: 'subscription_create',
      },
    });
    const [request] = fake.sent('GET', '/v1/subscriptions/sub_1');
    expect(request!.query).toMatchObject({ 'expand[0]': 'latest_invoice', 'expand[1]': 'schedule' });
    expect(await providerFor(fake).retrieveSubscription('sub_missing')).toBeNull();
  });

  const subscriptionAnswer = (plan = 'starter', amount = 1900, schedule: unknown = null) => ({
    body: stripeObjects.subscription({
      id: 'sub_1',
      customer: 'cus_1',
      status: 'active',
      userId: USER,
      plan,
      amount,
      periodStart: new Date('2030-01-10T10:00:00Z'),
      periodEnd: new Date('2030-02-10T10:00:00Z'),
      schedule,
    }),
  });

  it('upgrades now with an always-invoiced proration that must be paid, under the caller’s key', async () => {
    fake.on('GET', '/v1/subscriptions/sub_1', subscriptionAnswer());
    fake.on('GET', '/v1/prices', {
      body: { object: 'list', data: [stripeObjects.price('price_pro', 'pro', 4900)] },
    });
    fake.on('POST', '/v1/subscriptions/sub_1', subscriptionAnswer('pro', 4900));
    await providerFor(fake).changeSubscriptionPlan(
      'sub_1',
      { price: pro, timing: 'now' },
      { idempotencyKey: 'nest:plan-change:1' },
    );
    const [update] = fake.sent('POST', '/v1/subscriptions/sub_1');
    expect(update!.headers['idempotency-key']).toBe('nest:plan-change:1');
    expect(update!.form).toMatchObject({
      'items[0][id]': 'si_1',
      'items[0][price]': 'price_pro',
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
      'metadata[nest_plan]': 'pro',
    });
    expect(fake.sent('POST', '/v1/prices')).toHaveLength(0);
  });

  it('downgrades at period end with a subscription schedule whose next phase bills the new price', async () => {
    fake.on('GET', '/v1/subscriptions/sub_1', subscriptionAnswer('pro', 4900));
    fake.on('GET', '/v1/prices', {
      body: { object: 'list', data: [stripeObjects.price('price_starter', 'starter', 1900)] },
    });
    fake.on('POST', '/v1/subscription_schedules', {
      body: {
        id: 'sub_sched_1',
        object: 'subscription_schedule',
        phases: [{ start_date: 1894269600, end_date: 1896948000, metadata: {} }],
      },
    });
    fake.on('POST', '/v1/subscription_schedules/sub_sched_1', { body: { id: 'sub_sched_1', phases: [] } });
    await providerFor(fake).changeSubscriptionPlan(
      'sub_1',
      { price: starter, timing: 'period_end' },
      { idempotencyKey: 'nest:plan-change:2' },
    );
    const [create] = fake.sent('POST', '/v1/subscription_schedules');
    expect(create!.form).toEqual({ from_subscription: 'sub_1' });
    expect(create!.headers['idempotency-key']).toBe('nest:plan-change:2:schedule');
    const [phases] = fake.sent('POST', '/v1/subscription_schedules/sub_sched_1');
    expect(phases!.headers['idempotency-key']).toBe('nest:plan-change:2:phases');
    expect(phases!.form).toMatchObject({
      end_behavior: 'release',
      'phases[0][items][0][price]': 'price_pro',
      'phases[0][start_date]': '1894269600',
      'phases[0][end_date]': String(new Date('2030-02-10T10:00:00Z').getTime() / 1000),
      'phases[1][items][0][price]': 'price_starter',
      'phases[1][duration][interval]': 'month',
      'phases[1][metadata][nest_plan]': 'starter',
    });
  });

  it('cancels at period end, releasing a pending schedule first', async () => {
    fake.on('GET', '/v1/subscriptions/sub_1', subscriptionAnswer('pro', 4900, 'sub_sched_9'));
    fake.on('POST', '/v1/subscription_schedules/sub_sched_9/release', { body: { id: 'sub_sched_9' } });
    fake.on('POST', '/v1/subscriptions/sub_1', subscriptionAnswer('pro', 4900));
    await providerFor(fake).setCancelAtPeriodEnd('sub_1', true, { idempotencyKey: 'nest:plan-cancel:1' });
    expect(
      fake.sent('POST', '/v1/subscription_schedules/sub_sched_9/release')[0]!.headers['idempotency-key'],
    ).toBe('nest:plan-cancel:1:release');
    expect(fake.sent('POST', '/v1/subscriptions/sub_1')[0]!.form).toEqual({ cancel_at_period_end: 'true' });
  });

  it('turns a declined card into a clear problem: insufficient funds, or Stripe’s decline message', async () => {
    fake.on('GET', '/v1/subscriptions/sub_1', subscriptionAnswer());
    fake.on('GET', '/v1/prices', {
      body: { object: 'list', data: [stripeObjects.price('price_pro', 'pro', 4900)] },
    });
    fake.on(
      'POST',
      '/v1/subscriptions/sub_1',
      stripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      }),
    );
    const provider = providerFor(fake);
    const change = () =>
      provider.changeSubscriptionPlan('sub_1', { price: pro, timing: 'now' }, { idempotencyKey: 'k' });
    const poor = await failure(change());
    expect(poor).toMatchObject({ code: 'insufficient_funds', status: 402 });

    fake.on(
      'POST',
      '/v1/subscriptions/sub_1',
      stripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      }),
    );
    const declined = await failure(change());
    expect(declined).toMatchObject({ code: 'card_declined', status: 402 });
    expect(declined.options.params).toEqual({ reason: 'Your card was declined.' });
  });

  it('turns rate limits, Stripe’s own failures and an unreachable API into “try again” (503)', async () => {
    fake.on(
      'POST',
      '/v1/customers',
      stripeError(
        429,
        { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests' },
        {
          'retry-after': '2',
        },
      ),
    );
    const create = (provider: StripeProvider) =>
      provider.createCustomer(
        { ownerId: USER, email: 'a@example.com', name: 'A', locale: 'en-US', metadata: {} },
        { idempotencyKey: 'k' },
      );
    const limited = await failure(create(providerFor(fake)));
    expect(limited).toMatchObject({ code: 'provider_unavailable', status: 503 });
    expect(limited.options.headers).toEqual({ 'retry-after': '2' });

    fake.on(
      'POST',
      '/v1/customers',
      stripeError(500, { type: 'api_error', message: 'Something went wrong' }),
    );
    expect(await failure(create(providerFor(fake)))).toMatchObject({
      code: 'provider_unavailable',
      status: 503,
    });

    const down = await failure(create(providerFor('http://127.0.0.1:9')));
    expect(down).toMatchObject({ code: 'provider_unavailable', status: 503 });
  });

  it('refusals of another kind keep Stripe’s reason (502), and a missing object reads as null', async () => {
    fake.on(
      'POST',
      '/v1/accounts',
      stripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid',
        message: 'Country XX is unknown.',
      }),
    );
    const refused = await failure(
      providerFor(fake).createConnectedAccount(
        { ownerId: USER, email: 'a@example.com', country: 'XX', metadata: {} },
        { idempotencyKey: 'k' },
      ),
    );
    expect(refused).toMatchObject({ code: 'provider_error', status: 502 });
    expect(refused.options.params).toEqual({ reason: 'Country XX is unknown.' });
    expect(await providerFor(fake).retrieveInvoice('in_missing')).toBeNull();
    expect(await providerFor(fake).retrieveAccount('acct_missing')).toBeNull();
  });

  it('retries a failed create with the same idempotency key, so Stripe makes it once', async () => {
    let calls = 0;
    fake.on('POST', '/v1/customers', () =>
      ++calls === 1
        ? { status: 500, body: { error: { type: 'api_error', message: 'Try again' } } }
        : { body: { id: 'cus_9', object: 'customer', email: 'a@example.com' } },
    );
    const customer = await providerFor(fake, 1).createCustomer(
      { ownerId: USER, email: 'a@example.com', name: 'A', locale: 'en-US', metadata: {} },
      { idempotencyKey: 'nest:plan-customer:retry' },
    );
    expect(customer.id).toBe('cus_9');
    const sent = fake.sent('POST', '/v1/customers');
    expect(sent).toHaveLength(2);
    expect(sent.map((r) => r.headers['idempotency-key'])).toEqual([
      'nest:plan-customer:retry',
      'nest:plan-customer:retry',
    ]);
  });

  it('pays an invoice, and reports a declined retry as an outcome with its code', async () => {
    const invoice = (status: 'paid' | 'open') =>
      stripeObjects.invoice({
        id: 'in_7',
        customer: 'cus_1',
        subscription: 'sub_1',
        status,
        amount: 1900,
        billingReason: 'subscription_cycle',
        periodStart: new Date('2030-02-10T10:00:00Z'),
        periodEnd: new Date('2030-03-10T10:00:00Z'),
        attemptCount: 2,
        ...(status === 'open' ? { declineCode: 'insufficient_funds' } : {}),
      });
    fake.on('POST', '/v1/invoices/in_7/pay', { body: invoice('paid') });
    const paid = await providerFor(fake).payInvoice('in_7', { idempotencyKey: 'nest:plan-retry:in_7:1' });
    expect(paid).toMatchObject({ outcome: 'paid', invoice: { status: 'paid', amountPaidCents: 1900 } });
    expect(fake.sent('POST', '/v1/invoices/in_7/pay')[0]!.headers['idempotency-key']).toBe(
      'nest:plan-retry:in_7:1',
    );

    fake.on(
      'POST',
      '/v1/invoices/in_7/pay',
      stripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'No.',
      }),
    );
    fake.on('GET', '/v1/invoices/in_7', { body: invoice('open') });
    const failed = await providerFor(fake).payInvoice('in_7', { idempotencyKey: 'nest:plan-retry:in_7:2' });
    expect(failed).toMatchObject({
      outcome: 'failed',
      failureCode: 'insufficient_funds',
      invoice: { status: 'open', attemptCount: 2, lastFailureCode: 'insufficient_funds' },
    });
  });

  it('asks for a new card with a setup-mode Checkout, then makes it the subscription’s and pays what is open', async () => {
    fake.on('POST', '/v1/checkout/sessions', (request) => ({
      body: stripeObjects.checkoutSession({
        id: 'cs_setup_1',
        mode: 'setup',
        status: 'open',
        customer: request.form.customer!,
        metadata: {},
        url: 'https://checkout.stripe.com/c/pay/cs_setup_1',
      }),
    }));
    const provider = providerFor(fake);
    const session = await provider.createCardUpdateSession(
      {
        customerId: 'cus_1',
        subscriptionId: 'sub_1',
        successUrl: 'https://nest.example/admin/onboarding/payment/recover?session_id={CHECKOUT_SESSION_ID}',
        cancelUrl: 'https://nest.example/admin/onboarding/payment/recover',
        locale: 'fr-FR',
        metadata: { nest_kind: 'plan_card_update', nest_user_id: USER },
      },
      { idempotencyKey: 'nest:plan-card-update:1' },
    );
    expect(session).toEqual({ id: 'cs_setup_1', url: 'https://checkout.stripe.com/c/pay/cs_setup_1' });
    expect(fake.sent('POST', '/v1/checkout/sessions')[0]!.form).toMatchObject({
      mode: 'setup',
      customer: 'cus_1',
      currency: 'eur',
      locale: 'fr',
      'metadata[nest_subscription_id]': 'sub_1',
      'setup_intent_data[metadata][nest_subscription_id]': 'sub_1',
    });

    fake.on('GET', '/v1/checkout/sessions/cs_setup_1', {
      body: {
        ...stripeObjects.checkoutSession({
          id: 'cs_setup_1',
          mode: 'setup',
          status: 'complete',
          customer: 'cus_1',
          metadata: { nest_kind: 'plan_card_update', nest_subscription_id: 'sub_1' },
        }),
        setup_intent: { id: 'seti_1', object: 'setup_intent', payment_method: 'pm_new' },
      },
    });
    fake.on('POST', '/v1/customers/cus_1', { body: { id: 'cus_1', object: 'customer' } });
    fake.on('POST', '/v1/subscriptions/sub_1', subscriptionAnswer());
    const open = stripeObjects.invoice({
      id: 'in_8',
      customer: 'cus_1',
      subscription: 'sub_1',
      status: 'open',
      amount: 1900,
      billingReason: 'subscription_cycle',
      periodStart: new Date('2030-02-10T10:00:00Z'),
      periodEnd: new Date('2030-03-10T10:00:00Z'),
    });
    fake.on('GET', '/v1/invoices', { body: { object: 'list', data: [open], has_more: false } });
    fake.on('POST', '/v1/invoices/in_8/pay', { body: { ...open, status: 'paid', amount_paid: 1900 } });
    expect(await provider.completeCardUpdate('cs_setup_1', { idempotencyKey: 'event-1' })).toBe('sub_1');
    expect(fake.sent('POST', '/v1/customers/cus_1')[0]!.form).toEqual({
      'invoice_settings[default_payment_method]': 'pm_new',
    });
    expect(fake.sent('POST', '/v1/subscriptions/sub_1')[0]!.form).toEqual({
      default_payment_method: 'pm_new',
    });
    expect(fake.sent('GET', '/v1/invoices')[0]!.query).toMatchObject({
      subscription: 'sub_1',
      status: 'open',
    });
    expect(fake.sent('POST', '/v1/invoices/in_8/pay')[0]!.headers['idempotency-key']).toBe(
      'event-1:pay:in_8',
    );
  });

  it('creates an Express account, its onboarding link and payout schedule (Connect)', async () => {
    fake.on('POST', '/v1/accounts', { body: stripeObjects.account({ id: 'acct_1' }) });
    fake.on('POST', '/v1/account_links', {
      body: {
        object: 'account_link',
        url: 'https://connect.stripe.com/setup/e/acct_1/abc',
        expires_at: 1900000000,
      },
    });
    fake.on('POST', '/v1/accounts/acct_1', {
      body: stripeObjects.account({
        id: 'acct_1',
        detailsSubmitted: true,
        enabled: true,
        interval: 'weekly',
        weeklyAnchor: 'friday',
      }),
    });
    fake.on('GET', '/v1/accounts/acct_1', {
      body: stripeObjects.account({ id: 'acct_1', detailsSubmitted: true, enabled: true }),
    });
    const provider = providerFor(fake);
    const account = await provider.createConnectedAccount(
      {
        ownerId: USER,
        email: 'merchant@example.com',
        country: 'FR',
        businessName: 'Café Lumière',
        metadata: {},
      },
      { idempotencyKey: `user:${USER}:payout-account` },
    );
    expect(account).toMatchObject({
      id: 'acct_1',
      chargesEnabled: false,
      payoutSchedule: { interval: 'daily' },
    });
    const [create] = fake.sent('POST', '/v1/accounts');
    expect(create!.headers['idempotency-key']).toBe(`user:${USER}:payout-account`);
    expect(create!.form).toMatchObject({
      type: 'express',
      country: 'FR',
      email: 'merchant@example.com',
      'business_profile[name]': 'Café Lumière',
      'capabilities[card_payments][requested]': 'true',
      'capabilities[transfers][requested]': 'true',
      'metadata[nest_owner_id]': USER,
    });

    const link = await provider.createAccountLink('acct_1', {
      refreshUrl: 'https://nest.example/admin/onboarding/stripe-connect/refresh/acct_1',
      returnUrl: 'https://nest.example/admin/onboarding/stripe-connect/return/acct_1',
    });
    expect(link).toEqual({
      url: 'https://connect.stripe.com/setup/e/acct_1/abc',
      expiresAt: new Date(1900000000 * 1000),
    });
    expect(fake.sent('POST', '/v1/account_links')[0]!.form).toEqual({
      account: 'acct_1',
      refresh_url: 'https://nest.example/admin/onboarding/stripe-connect/refresh/acct_1',
      return_url: 'https://nest.example/admin/onboarding/stripe-connect/return/acct_1',
      type: 'account_onboarding',
    });

    const weekly = await provider.updatePayoutSchedule(
      'acct_1',
      { interval: 'weekly', weeklyAnchor: 'friday' },
      { idempotencyKey: 'payout-schedule:1' },
    );
    expect(weekly.payoutSchedule).toEqual({
      interval: 'weekly',
      weeklyAnchor: 'friday',
      monthlyAnchor: null,
    });
    const [update] = fake.sent('POST', '/v1/accounts/acct_1');
    expect(update!.headers['idempotency-key']).toBe('payout-schedule:1');
    expect(update!.form).toEqual({
      'settings[payouts][schedule][interval]': 'weekly',
      'settings[payouts][schedule][weekly_anchor]': 'friday',
    });
    expect(await provider.retrieveAccount('acct_1')).toMatchObject({
      detailsSubmitted: true,
      payoutsEnabled: true,
    });
  });

  it('creates offer products on the merchant’s connected account (Stripe-Account header)', async () => {
    fake.on('POST', '/v1/products', {
      body: { id: 'prod_1', object: 'product', name: 'Café du mois', description: null, active: true },
    });
    await providerFor(fake).createProduct(
      'acct_1',
      { name: 'Café du mois', description: null, metadata: {} },
      { idempotencyKey: 'offer:1:product' },
    );
    const [request] = fake.sent('POST', '/v1/products');
    expect(request!.headers['stripe-account']).toBe('acct_1');
    expect(request!.headers['idempotency-key']).toBe('offer:1:product');
  });
});
