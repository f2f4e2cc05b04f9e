import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe, stripeObjects } from '../fake-stripe.js';
import { providerFor, starter, USER } from './support.js';

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
});
