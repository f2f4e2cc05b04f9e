import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import { createStripeClient, StripeProvider } from '../../src/payments/stripe/adapter.js';
import { type FakeStripe, startFakeStripe, stripeError, stripeObjects } from '../payments/fake-stripe.js';

const ACCOUNT = 'acct_1Merchant';
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

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

const metadata = { nest_kind: 'nest_subscription', nest_checkout_id: '3d7c1f0e-34f5-4a53-9a3e-6a1c5b8f2d11' };

describe('customer checkouts with Stripe, on the merchant’s connected account', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('starts Checkout in subscription mode with Stripe-Account, the platform fee, the trial and the customer’s email', async () => {
    fake.on('POST', '/v1/checkout/sessions', {
      body: stripeObjects.checkoutSession({
        id: 'cs_test_nest',
        mode: 'subscription',
        status: 'open',
        customer: '',
        metadata,
        url: 'https://checkout.stripe.com/c/pay/cs_test_nest',
      }),
    });
    const session = await providerFor(fake).createNestCheckout(
      ACCOUNT,
      {
        priceId: 'price_offer_v1',
        customerEmail: 'jeanne@example.com',
        customerName: 'Jeanne',
        applicationFeeBps: 250,
        trialDays: 14,
        successUrl: 'https://nest.example/client/app/subscriptions/success?session_id={CHECKOUT_SESSION_ID}',
        cancelUrl: 'https://nest.example/links/AbCdEfGhIjKl',
        locale: 'fr-FR',
        metadata,
        subscriptionMetadata: metadata,
        expiresInMinutes: 30,
      },
      { idempotencyKey: 'nest-checkout:1' },
    );
    expect(session).toMatchObject({
      id: 'cs_test_nest',
      url: 'https://checkout.stripe.com/c/pay/cs_test_nest',
    });
    const [request] = fake.sent('POST', '/v1/checkout/sessions');
    expect(request!.headers['stripe-account']).toBe(ACCOUNT);
    expect(request!.headers['idempotency-key']).toBe('nest-checkout:1');
    expect(request!.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_offer_v1',
      'line_items[0][quantity]': '1',
      customer_email: 'jeanne@example.com',
      locale: 'fr',
      'subscription_data[application_fee_percent]': '2.5',
      'subscription_data[trial_period_days]': '14',
      'subscription_data[metadata][nest_kind]': 'nest_subscription',
      'metadata[nest_checkout_id]': metadata.nest_checkout_id,
      success_url: 'https://nest.example/client/app/subscriptions/success?session_id={CHECKOUT_SESSION_ID}',
    });
    // A limited offer's place is held for 30 minutes: the session must not be payable after that.
    const expiresAt = Number(request!.form.expires_at);
    expect(Math.abs(expiresAt - (Math.floor(Date.now() / 1000) + 30 * 60))).toBeLessThan(60);
  });

  it('sends no trial, no fee and no expiry when there are none', async () => {
    fake.on('POST', '/v1/checkout/sessions', {
      body: stripeObjects.checkoutSession({
        id: 'cs_test_2',
        mode: 'subscription',
        status: 'open',
        customer: '',
        metadata,
        url: 'https://checkout.stripe.com/c/pay/cs_test_2',
      }),
    });
    await providerFor(fake).createNestCheckout(
      ACCOUNT,
      {
        priceId: 'price_offer_v1',
        customerEmail: 'a@example.com',
        customerName: 'A',
        applicationFeeBps: 0,
        trialDays: 0,
        successUrl: 'https://nest.example/s',
        cancelUrl: 'https://nest.example/c',
        locale: 'en-US',
        metadata,
        subscriptionMetadata: metadata,
      },
      { idempotencyKey: 'nest-checkout:2' },
    );
    const [request] = fake.sent('POST', '/v1/checkout/sessions');
    expect(Object.keys(request!.form).filter((k) => /trial|application_fee|expires_at/.test(k))).toEqual([]);
  });

  it('puts the nest in front with branding_settings: its name, its colour, its logo only from a public https address', async () => {
    fake.on('POST', '/v1/checkout/sessions', {
      body: stripeObjects.checkoutSession({
        id: 'cs_test_3',
        mode: 'subscription',
        status: 'open',
        customer: '',
        metadata,
        url: 'https://checkout.stripe.com/c/pay/cs_test_3',
      }),
    });
    const input = {
      priceId: 'price_offer_v1',
      customerEmail: 'a@example.com',
      customerName: 'A',
      applicationFeeBps: 0,
      trialDays: 0,
      successUrl: 'https://nest.example/s',
      cancelUrl: 'https://nest.example/c',
      locale: 'en-US' as const,
      metadata,
      subscriptionMetadata: metadata,
    };
    const provider = providerFor(fake);
    await provider.createNestCheckout(
      ACCOUNT,
      {
        ...input,
        branding: {
          displayName: 'Café Lumière',
          logoUrl: 'https://nest.example/api/v1/nests/n1/logo?v=abc',
          color: '#b45309',
        },
      },
      { idempotencyKey: 'nest-checkout:3' },
    );
    await provider.createNestCheckout(
      ACCOUNT,
      {
        ...input,
        branding: { displayName: 'Dev', logoUrl: 'http://localhost:3000/logo', color: null },
      },
      { idempotencyKey: 'nest-checkout:4' },
    );
    const [branded, local] = fake.sent('POST', '/v1/checkout/sessions');
    expect(branded!.form).toMatchObject({
      'branding_settings[display_name]': 'Café Lumière',
      'branding_settings[background_color]': '#b45309',
      'branding_settings[button_color]': '#b45309',
      'branding_settings[icon][type]': 'url',
      'branding_settings[icon][url]': 'https://nest.example/api/v1/nests/n1/logo?v=abc',
    });
    expect(local!.form['branding_settings[display_name]']).toBe('Dev');
    expect(Object.keys(local!.form).filter((k) => /icon|color/.test(k))).toEqual([]);
  });

  it('reads the session, subscription and invoice back from the connected account', async () => {
    const start = new Date('2025-03-01T10:00:00Z');
    const end = new Date('2025-04-01T10:00:00Z');
    fake.on('GET', '/v1/checkout/sessions/cs_test_nest', {
      body: stripeObjects.checkoutSession({
        id: 'cs_test_nest',
        mode: 'subscription',
        status: 'complete',
        customer: 'cus_9',
        subscription: 'sub_9',
        metadata,
      }),
    });
    fake.on('GET', '/v1/subscriptions/sub_9', {
      body: {
        id: 'sub_9',
        object: 'subscription',
        customer: 'cus_9',
        status: 'trialing',
        cancel_at_period_end: false,
        created: unix(start),
        metadata,
        latest_invoice: null,
        schedule: null,
        items: {
          object: 'list',
          data: [
            {
              id: 'si_9',
              object: 'subscription_item',
              current_period_start: unix(start),
              current_period_end: unix(end),
              price: { ...stripeObjects.price('price_offer_v1', 'x', 2900), metadata: {} },
            },
          ],
        },
      },
    });
    fake.on('GET', '/v1/invoices/in_9', {
      body: stripeObjects.invoice({
        id: 'in_9',
        customer: 'cus_9',
        subscription: 'sub_9',
        status: 'paid',
        amount: 2900,
        billingReason: 'subscription_create',
        periodStart: start,
        periodEnd: end,
      }),
    });
    const provider = providerFor(fake);
    expect(await provider.retrieveNestCheckoutSession(ACCOUNT, 'cs_test_nest')).toMatchObject({
      status: 'complete',
      subscriptionId: 'sub_9',
      metadata,
    });
    expect(await provider.retrieveNestSubscription(ACCOUNT, 'sub_9')).toMatchObject({
      status: 'trialing',
      amountCents: 2900,
      currentPeriodEnd: end,
      metadata,
    });
    expect(await provider.retrieveNestInvoice(ACCOUNT, 'in_9')).toMatchObject({
      status: 'paid',
      amountPaidCents: 2900,
      subscriptionId: 'sub_9',
    });
    for (const request of fake.requests) expect(request.headers['stripe-account']).toBe(ACCOUNT);
    expect(await provider.retrieveNestSubscription(ACCOUNT, 'sub_unknown')).toBeNull();
  });

  it('turns Stripe refusing an inactive price into a problem, with nothing charged', async () => {
    fake.on(
      'POST',
      '/v1/checkout/sessions',
      stripeError(400, { type: 'invalid_request_error', message: 'The price specified is inactive.' }),
    );
    const error = await providerFor(fake)
      .createNestCheckout(
        ACCOUNT,
        {
          priceId: 'price_old',
          customerEmail: 'a@example.com',
          customerName: 'A',
          applicationFeeBps: 200,
          trialDays: 0,
          successUrl: 'https://nest.example/s',
          cancelUrl: 'https://nest.example/c',
          locale: 'en-US',
          metadata,
          subscriptionMetadata: metadata,
        },
        { idempotencyKey: 'nest-checkout:3' },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('provider_error');
  });
});
