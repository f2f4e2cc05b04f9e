import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import { createStripeClient, StripeProvider } from '../../src/payments/stripe/adapter.js';
import { type FakeStripe, startFakeStripe, stripeError, stripeObjects } from '../payments/fake-stripe.js';

const ACCOUNT = 'acct_merchant1';

function providerFor(fake: FakeStripe) {
  return new StripeProvider(
    createStripeClient(Stripe, {
      secretKey: 'sk_test_fake',
      webhookSecret: 'whsec_test',
      apiBase: fake.url,
      maxNetworkRetries: 0,
    }),
    'whsec_test',
  );
}

const invoice = (status: 'open' | 'paid') =>
  stripeObjects.invoice({
    id: 'in_c1',
    customer: 'cus_c1',
    subscription: 'sub_c1',
    status,
    amount: 2900,
    billingReason: 'subscription_cycle',
    periodStart: new Date('2030-02-10T10:00:00Z'),
    periodEnd: new Date('2030-03-10T10:00:00Z'),
    attemptCount: 2,
    ...(status === 'open' ? { declineCode: 'insufficient_funds' } : {}),
  });

const subscription = (cancelAtPeriodEnd: boolean) =>
  stripeObjects.subscription({
    id: 'sub_c1',
    customer: 'cus_c1',
    status: 'active',
    userId: '0b7c1f0e-34f5-4a53-9a3e-6a1c5b8f2d11',
    plan: 'starter',
    amount: 2900,
    periodStart: new Date('2030-02-10T10:00:00Z'),
    periodEnd: new Date('2030-03-10T10:00:00Z'),
    cancelAtPeriodEnd,
  });

/** Customers' own actions on the Stripe adapter: on the merchant's connected account, idempotent. */
describe('customer subscription actions on Stripe', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('sets cancel_at_period_end on the connected account with the idempotency key', async () => {
    fake.on('POST', '/v1/subscriptions/sub_c1', (r) => ({
      body: subscription(r.form.cancel_at_period_end === 'true'),
    }));
    const cancelled = await providerFor(fake).setNestCancelAtPeriodEnd(ACCOUNT, 'sub_c1', true, {
      idempotencyKey: 'nest:customer-cancel:1',
    });
    expect(cancelled).toMatchObject({ id: 'sub_c1', cancelAtPeriodEnd: true });
    const [sent] = fake.sent('POST', '/v1/subscriptions/sub_c1');
    expect(sent!.form.cancel_at_period_end).toBe('true');
    expect(sent!.headers['stripe-account']).toBe(ACCOUNT);
    expect(sent!.headers['idempotency-key']).toBe('nest:customer-cancel:1');

    const resumed = await providerFor(fake).setNestCancelAtPeriodEnd(ACCOUNT, 'sub_c1', false, {
      idempotencyKey: 'nest:customer-cancel:2',
    });
    expect(resumed.cancelAtPeriodEnd).toBe(false);
    expect(fake.sent('POST', '/v1/subscriptions/sub_c1')[1]!.form.cancel_at_period_end).toBe('false');
  });

  it('cancels now on the connected account with the idempotency key; an ended one is a conflict', async () => {
    fake.on('DELETE', '/v1/subscriptions/sub_c1', {
      body: { ...subscription(false), status: 'canceled', ended_at: 1_900_000_000 },
    });
    const ended = await providerFor(fake).cancelNestSubscriptionNow(ACCOUNT, 'sub_c1', {
      idempotencyKey: 'nest:merchant-cancel-now:1',
    });
    expect(ended).toMatchObject({ id: 'sub_c1', status: 'canceled' });
    const [sent] = fake.sent('DELETE', '/v1/subscriptions/sub_c1');
    expect(sent!.headers['stripe-account']).toBe(ACCOUNT);
    expect(sent!.headers['idempotency-key']).toBe('nest:merchant-cancel-now:1');

    fake.on(
      'DELETE',
      '/v1/subscriptions/sub_gone',
      stripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: 'No such subscription',
      }),
    );
    const error = await providerFor(fake)
      .cancelNestSubscriptionNow(ACCOUNT, 'sub_gone', { idempotencyKey: 'k2' })
      .catch((e: unknown) => e);
    expect((error as AppError).code).toBe('not_found');
  });

  it('answers not_found for a subscription the account does not have', async () => {
    fake.on(
      'POST',
      '/v1/subscriptions/sub_other',
      stripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: 'No such subscription',
      }),
    );
    const error = await providerFor(fake)
      .setNestCancelAtPeriodEnd(ACCOUNT, 'sub_other', true, { idempotencyKey: 'k' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('not_found');
  });

  it('pays an invoice on the connected account; a decline is an outcome with its reason', async () => {
    fake.on('POST', '/v1/invoices/in_c1/pay', { body: invoice('paid') });
    const paid = await providerFor(fake).payNestInvoice(ACCOUNT, 'in_c1', {
      idempotencyKey: 'nest:customer-retry:in_c1:1',
    });
    expect(paid).toMatchObject({
      outcome: 'paid',
      failureCode: null,
      invoice: { status: 'paid', amountPaidCents: 2900 },
    });
    const [sent] = fake.sent('POST', '/v1/invoices/in_c1/pay');
    expect(sent!.headers['stripe-account']).toBe(ACCOUNT);
    expect(sent!.headers['idempotency-key']).toBe('nest:customer-retry:in_c1:1');

    fake.on(
      'POST',
      '/v1/invoices/in_c1/pay',
      stripeError(402, {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'No.',
      }),
    );
    fake.on('GET', '/v1/invoices/in_c1', { body: invoice('open') });
    const failed = await providerFor(fake).payNestInvoice(ACCOUNT, 'in_c1', {
      idempotencyKey: 'nest:customer-retry:in_c1:2',
    });
    expect(failed).toMatchObject({
      outcome: 'failed',
      failureCode: 'insufficient_funds',
      invoice: { status: 'open' },
    });
    expect(fake.sent('GET', '/v1/invoices/in_c1')[0]!.headers['stripe-account']).toBe(ACCOUNT);
  });

  it('opens a setup-mode Checkout on the connected account for the subscription, with the idempotency key', async () => {
    fake.on('POST', '/v1/checkout/sessions', (request) => ({
      body: stripeObjects.checkoutSession({
        id: 'cs_setup_c1',
        mode: 'setup',
        status: 'open',
        customer: request.form.customer!,
        metadata: {},
        url: 'https://checkout.stripe.com/c/pay/cs_setup_c1',
      }),
    }));
    const session = await providerFor(fake).createNestCardUpdateSession(
      ACCOUNT,
      {
        customerId: 'cus_c1',
        subscriptionId: 'sub_c1',
        successUrl: 'https://nest.example/client/app/overview?pay=abc&card=updated',
        cancelUrl: 'https://nest.example/client/app/overview?pay=abc',
        locale: 'fr-FR',
        metadata: { nest_kind: 'nest_card_update', nest_subscription_ref: 'abc' },
      },
      { idempotencyKey: 'nest:customer-card-update:abc:req-1' },
    );
    expect(session).toEqual({ id: 'cs_setup_c1', url: 'https://checkout.stripe.com/c/pay/cs_setup_c1' });
    const [sent] = fake.sent('POST', '/v1/checkout/sessions');
    expect(sent!.headers['stripe-account']).toBe(ACCOUNT);
    expect(sent!.headers['idempotency-key']).toBe('nest:customer-card-update:abc:req-1');
    expect(sent!.form).toMatchObject({
      mode: 'setup',
      customer: 'cus_c1',
      currency: 'eur',
      locale: 'fr',
      success_url: 'https://nest.example/client/app/overview?pay=abc&card=updated',
      cancel_url: 'https://nest.example/client/app/overview?pay=abc',
      'metadata[nest_kind]': 'nest_card_update',
      'metadata[nest_subscription_id]': 'sub_c1',
      'setup_intent_data[metadata][nest_subscription_id]': 'sub_c1',
    });
  });

  it('completes a card update on the connected account: default card, then the open invoices paid', async () => {
    fake.on('GET', '/v1/checkout/sessions/cs_setup_c1', {
      body: {
        ...stripeObjects.checkoutSession({
          id: 'cs_setup_c1',
          mode: 'setup',
          status: 'complete',
          customer: 'cus_c1',
          metadata: { nest_kind: 'nest_card_update', nest_subscription_id: 'sub_c1' },
        }),
        setup_intent: { id: 'seti_c1', object: 'setup_intent', payment_method: 'pm_new' },
      },
    });
    fake.on('POST', '/v1/customers/cus_c1', { body: { id: 'cus_c1', object: 'customer' } });
    fake.on('POST', '/v1/subscriptions/sub_c1', { body: subscription(false) });
    fake.on('GET', '/v1/invoices', { body: { object: 'list', data: [invoice('open')], has_more: false } });
    fake.on('POST', '/v1/invoices/in_c1/pay', { body: invoice('paid') });
    const done = await providerFor(fake).completeNestCardUpdate(ACCOUNT, 'cs_setup_c1', {
      idempotencyKey: 'nest-card-update:cs_setup_c1',
    });
    expect(done).toBe('sub_c1');
    const [retrieved] = fake.sent('GET', '/v1/checkout/sessions/cs_setup_c1');
    expect(retrieved!.headers['stripe-account']).toBe(ACCOUNT);
    expect(retrieved!.query).toMatchObject({ 'expand[0]': 'setup_intent' });
    const [customer] = fake.sent('POST', '/v1/customers/cus_c1');
    expect(customer!.form).toEqual({ 'invoice_settings[default_payment_method]': 'pm_new' });
    expect(customer!.headers['stripe-account']).toBe(ACCOUNT);
    expect(customer!.headers['idempotency-key']).toBe('nest-card-update:cs_setup_c1:customer');
    const [sub] = fake.sent('POST', '/v1/subscriptions/sub_c1');
    expect(sub!.form).toEqual({ default_payment_method: 'pm_new' });
    expect(sub!.headers['stripe-account']).toBe(ACCOUNT);
    expect(sub!.headers['idempotency-key']).toBe('nest-card-update:cs_setup_c1:subscription');
    const [listed] = fake.sent('GET', '/v1/invoices');
    expect(listed!.query).toMatchObject({ subscription: 'sub_c1', status: 'open' });
    expect(listed!.headers['stripe-account']).toBe(ACCOUNT);
    const [pay] = fake.sent('POST', '/v1/invoices/in_c1/pay');
    expect(pay!.headers['stripe-account']).toBe(ACCOUNT);
    expect(pay!.headers['idempotency-key']).toBe('nest-card-update:cs_setup_c1:pay:in_c1');
  });

  it('a declined new card stops the payments and still answers the subscription; an unknown session is null', async () => {
    fake.on('GET', '/v1/checkout/sessions/cs_setup_c2', {
      body: {
        ...stripeObjects.checkoutSession({
          id: 'cs_setup_c2',
          mode: 'setup',
          status: 'complete',
          customer: 'cus_c1',
          metadata: { nest_kind: 'nest_card_update', nest_subscription_id: 'sub_c1' },
        }),
        setup_intent: { id: 'seti_c2', object: 'setup_intent', payment_method: { id: 'pm_other' } },
      },
    });
    fake.on('POST', '/v1/customers/cus_c1', { body: { id: 'cus_c1', object: 'customer' } });
    fake.on('POST', '/v1/subscriptions/sub_c1', { body: subscription(false) });
    const second = { ...invoice('open'), id: 'in_c2', created: invoice('open').created + 100 };
    fake.on('GET', '/v1/invoices', {
      body: { object: 'list', data: [second, invoice('open')], has_more: false },
    });
    fake.on(
      'POST',
      '/v1/invoices/in_c1/pay',
      stripeError(402, { type: 'card_error', code: 'card_declined', message: 'Declined.' }),
    );
    expect(
      await providerFor(fake).completeNestCardUpdate(ACCOUNT, 'cs_setup_c2', { idempotencyKey: 'k2' }),
    ).toBe('sub_c1');
    // Oldest first, and nothing after the decline.
    expect(fake.sent('POST', '/v1/invoices/in_c1/pay')).toHaveLength(1);
    expect(fake.sent('POST', '/v1/invoices/in_c2/pay')).toHaveLength(0);

    fake.on(
      'GET',
      '/v1/checkout/sessions/cs_missing',
      stripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: 'No such session',
      }),
    );
    expect(
      await providerFor(fake).completeNestCardUpdate(ACCOUNT, 'cs_missing', { idempotencyKey: 'k3' }),
    ).toBeNull();
  });

  it('pauses with pause_collection (void) over whole periods, the window in the metadata, and resumes by unsetting it', async () => {
    // Billed on the 31st: the paused window ends on a real boundary (30 April → 31 May), clamped as Stripe bills.
    const base = {
      ...subscription(false),
      billing_cycle_anchor: Date.UTC(2030, 0, 31, 10) / 1000,
    };
    base.items.data[0]!.current_period_start = Date.UTC(2030, 2, 31, 10) / 1000;
    base.items.data[0]!.current_period_end = Date.UTC(2030, 3, 30, 10) / 1000;
    fake.on('GET', '/v1/subscriptions/sub_c1', { body: base });
    fake.on('POST', '/v1/subscriptions/sub_c1', (r) => ({
      body: {
        ...base,
        pause_collection: r.form['pause_collection[behavior]']
          ? {
              behavior: r.form['pause_collection[behavior]'],
              resumes_at: Number(r.form['pause_collection[resumes_at]']),
            }
          : null,
        metadata: {
          ...base.metadata,
          nest_pause_starts_at: r.form['metadata[nest_pause_starts_at]'],
          nest_pause_ends_at: r.form['metadata[nest_pause_ends_at]'],
        },
      },
    }));
    const paused = await providerFor(fake).pauseNestSubscription(ACCOUNT, 'sub_c1', 2, {
      idempotencyKey: 'nest:pause:1',
    });
    expect(paused.pause).toEqual({
      startsAt: new Date('2030-04-30T10:00:00Z'),
      endsAt: new Date('2030-06-30T10:00:00Z'),
    });
    const [read] = fake.sent('GET', '/v1/subscriptions/sub_c1');
    expect(read!.headers['stripe-account']).toBe(ACCOUNT);
    const [sent] = fake.sent('POST', '/v1/subscriptions/sub_c1');
    expect(sent!.headers['stripe-account']).toBe(ACCOUNT);
    expect(sent!.headers['idempotency-key']).toBe('nest:pause:1');
    expect(sent!.form['pause_collection[behavior]']).toBe('void');
    // A minute before the boundary, so the renewal at the boundary is collected.
    expect(Number(sent!.form['pause_collection[resumes_at]'])).toBe(Date.UTC(2030, 5, 30, 10) / 1000 - 60);

    const resumed = await providerFor(fake).resumeNestSubscription(ACCOUNT, 'sub_c1', {
      idempotencyKey: 'nest:resume:1',
    });
    expect(resumed.pause).toBeNull();
    const unset = fake.sent('POST', '/v1/subscriptions/sub_c1')[1]!;
    expect(unset.form.pause_collection).toBe('');
    expect(unset.form['metadata[nest_pause_ends_at]']).toBe('');
    expect(unset.headers['idempotency-key']).toBe('nest:resume:1');
  });

  it('refuses to pause an ended subscription, and answers not_found for another account’s', async () => {
    fake.on('GET', '/v1/subscriptions/sub_c1', { body: { ...subscription(false), status: 'canceled' } });
    const ended = await providerFor(fake)
      .pauseNestSubscription(ACCOUNT, 'sub_c1', 1, { idempotencyKey: 'k' })
      .catch((e: unknown) => e);
    expect((ended as AppError).code).toBe('conflict');
    expect(fake.sent('POST', '/v1/subscriptions/sub_c1')).toHaveLength(0);
    fake.on(
      'GET',
      '/v1/subscriptions/sub_other',
      stripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: 'No such subscription',
      }),
    );
    const missing = await providerFor(fake)
      .pauseNestSubscription(ACCOUNT, 'sub_other', 1, { idempotencyKey: 'k' })
      .catch((e: unknown) => e);
    expect((missing as AppError).code).toBe('not_found');
  });
});
