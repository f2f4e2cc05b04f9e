import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import { createStripeClient, StripeProvider } from '../../src/payments/stripe/adapter.js';
import { type FakeStripe, startFakeStripe, stripeError, stripeObjects } from '../payments/fake-stripe.js';

const ACCOUNT = 'acct_merchant1';

function providerFor(fake: FakeStripe) {
  return new StripeProvider(
    createStripeClient({
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
});
