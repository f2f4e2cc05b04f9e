import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StripeProvider } from '../../../src/payments/stripe/adapter.js';
import { type FakeStripe, startFakeStripe, stripeError, stripeObjects } from '../fake-stripe.js';
import { failure, pro, providerFor, subscriptionAnswer, USER } from './support.js';

describe('the Stripe adapter, against a local stand-in for Stripe’s API', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

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
});
