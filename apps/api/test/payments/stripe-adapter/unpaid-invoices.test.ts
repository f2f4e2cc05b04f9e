import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe, stripeError, stripeObjects } from '../fake-stripe.js';
import { providerFor, subscriptionAnswer, USER } from './support.js';

describe('the Stripe adapter, against a local stand-in for Stripe’s API', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

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
});
