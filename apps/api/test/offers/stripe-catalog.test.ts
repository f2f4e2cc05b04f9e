import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import { createStripeClient } from '../../src/payments/stripe/adapter.js';
import { stripeCatalog } from '../../src/payments/stripe/catalog.js';
import {
  type FakeStripe,
  startFakeStripe,
  stripeError,
  stripePrice,
  stripeProduct,
} from '../payments/fake-stripe.js';

describe('the Stripe adapter’s products and prices on a connected account', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
    fake.on((r) =>
      r.method === 'POST' && r.path === '/v1/products'
        ? { status: 200, body: stripeProduct(r.form) }
        : undefined,
    );
    fake.on((r) =>
      r.method === 'POST' && r.path === '/v1/prices' ? { status: 200, body: stripePrice(r.form) } : undefined,
    );
    fake.on((r) =>
      r.method === 'POST' && r.path.startsWith('/v1/products/')
        ? { status: 200, body: stripeProduct(r.form, r.path.split('/').pop()) }
        : undefined,
    );
    fake.on((r) =>
      r.method === 'POST' && r.path.startsWith('/v1/prices/')
        ? { status: 200, body: stripePrice({ ...r.form, product: 'prod_fake1' }, r.path.split('/').pop()) }
        : undefined,
    );
  });
  afterAll(async () => fake.close());
  afterEach(() => {
    fake.requests.length = 0;
  });

  const catalog = (retries = 0) =>
    stripeCatalog(
      createStripeClient(Stripe, {
        secretKey: 'sk_test_fake',
        webhookSecret: 'whsec_fake',
        apiBase: fake.url,
        maxNetworkRetries: retries,
        timeoutMs: 5000,
      }),
    );

  it('creates a product on the connected account with an idempotency key', async () => {
    const product = await catalog().createProduct(
      'acct_merchant1',
      { name: '<script>Café</script>', description: 'Daily coffee', metadata: { nest_id: 'n1' } },
      { idempotencyKey: 'key-product-1' },
    );
    expect(product).toEqual({
      id: 'prod_fake1',
      name: '<script>Café</script>',
      description: 'Daily coffee',
      active: true,
    });
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/products' });
    expect(request!.headers['idempotency-key']).toBe('key-product-1');
    expect(request!.headers['stripe-account']).toBe('acct_merchant1');
    expect(request!.form).toEqual({
      name: '<script>Café</script>',
      description: 'Daily coffee',
      'metadata[nest_id]': 'n1',
    });
  });

  it('reads a replayed product and price again: they may have been archived since they were made', async () => {
    const replay = (r: { headers: Record<string, unknown> }) =>
      String(r.headers['idempotency-key']).startsWith('replayed-');
    fake.on((r) =>
      r.method === 'POST' && replay(r)
        ? {
            body:
              r.path === '/v1/products'
                ? stripeProduct(r.form, 'prod_old')
                : stripePrice(r.form, 'price_old'),
            headers: { 'idempotent-replayed': 'true' },
          }
        : undefined,
    );
    fake.on('GET', '/v1/products/prod_old', { body: stripeProduct({ active: 'false' }, 'prod_old') });
    fake.on('GET', '/v1/prices/price_old', { body: stripePrice({ active: 'false' }, 'price_old') });

    const product = await catalog().createProduct(
      'acct_merchant1',
      { name: 'Gym', description: null, metadata: {} },
      { idempotencyKey: 'replayed-product' },
    );
    const price = await catalog().createPrice(
      'acct_merchant1',
      {
        productId: 'prod_old',
        amountCents: 900,
        currency: 'eur',
        interval: 'month',
        intervalCount: 1,
        metadata: {},
      },
      { idempotencyKey: 'replayed-price' },
    );
    expect(product).toMatchObject({ id: 'prod_old', active: false });
    expect(price).toMatchObject({ id: 'price_old', active: false });
    expect(fake.sent('GET', '/v1/products/prod_old')[0]!.headers['stripe-account']).toBe('acct_merchant1');
    // A first creation is not read again.
    await catalog().createProduct(
      'acct_merchant1',
      { name: 'Gym', description: null, metadata: {} },
      { idempotencyKey: 'fresh' },
    );
    expect(fake.sent('GET', /^\/v1\/products\//)).toHaveLength(1);
  });

  it('sends no description when there is none', async () => {
    await catalog().createProduct(
      'acct_merchant1',
      { name: 'Gym', description: null, metadata: {} },
      { idempotencyKey: 'k2' },
    );
    expect(fake.requests[0]!.form).toEqual({ name: 'Gym' });
  });

  it('creates a recurring price in cents on the connected account', async () => {
    const price = await catalog().createPrice(
      'acct_merchant1',
      {
        productId: 'prod_fake1',
        amountCents: 2900,
        currency: 'eur',
        interval: 'week',
        intervalCount: 2,
        metadata: { offer_id: 'o1' },
      },
      { idempotencyKey: 'key-price-1' },
    );
    expect(price).toEqual({
      id: 'price_fake1',
      productId: 'prod_fake1',
      amountCents: 2900,
      currency: 'eur',
      interval: 'week',
      intervalCount: 2,
      active: true,
    });
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/prices' });
    expect(request!.headers['idempotency-key']).toBe('key-price-1');
    expect(request!.headers['stripe-account']).toBe('acct_merchant1');
    expect(request!.form).toEqual({
      product: 'prod_fake1',
      unit_amount: '2900',
      currency: 'eur',
      'recurring[interval]': 'week',
      'recurring[interval_count]': '2',
      'metadata[offer_id]': 'o1',
    });
  });

  it('renames, clears the description, archives the product and deactivates a price', async () => {
    await catalog().updateProduct(
      'acct_m',
      'prod_9',
      { name: 'New', description: null },
      { idempotencyKey: 'u1' },
    );
    await catalog().updateProduct('acct_m', 'prod_9', { active: false }, { idempotencyKey: 'u2' });
    const price = await catalog().setPriceActive('acct_m', 'price_7', false, { idempotencyKey: 'u3' });
    expect(price.active).toBe(false);
    expect(
      fake.requests.map((r) => [r.path, r.form, r.headers['stripe-account'], r.headers['idempotency-key']]),
    ).toEqual([
      ['/v1/products/prod_9', { name: 'New', description: '' }, 'acct_m', 'u1'],
      ['/v1/products/prod_9', { active: 'false' }, 'acct_m', 'u2'],
      ['/v1/prices/price_7', { active: 'false' }, 'acct_m', 'u3'],
    ]);
  });

  it('retries a failed create with the same idempotency key', async () => {
    let failures = 1;
    fake.on((r) =>
      r.path === '/v1/prices' && failures-- > 0
        ? stripeError(503, { type: 'api_error', message: 'Down' })
        : undefined,
    );
    await catalog(2).createPrice(
      'acct_m',
      {
        productId: 'prod_1',
        amountCents: 500,
        currency: 'eur',
        interval: 'month',
        intervalCount: 1,
        metadata: {},
      },
      { idempotencyKey: 'retry-key' },
    );
    expect(fake.requests.map((r) => r.headers['idempotency-key'])).toEqual(['retry-key', 'retry-key']);
  });

  it.each([
    [
      'rate limited',
      stripeError(429, { type: 'invalid_request_error', message: 'Too many requests', code: 'rate_limit' }),
      'provider_unavailable',
      503,
    ],
    [
      'down',
      stripeError(503, { type: 'api_error', message: 'Service unavailable' }),
      'provider_unavailable',
      503,
    ],
    [
      'refusing',
      stripeError(400, { type: 'invalid_request_error', message: 'Invalid currency: xyz' }),
      'provider_error',
      502,
    ],
    [
      'replaying a key with other parameters',
      stripeError(400, {
        type: 'idempotency_error',
        message: 'Keys for idempotent requests can only be used with the same parameters',
      }),
      'conflict',
      409,
    ],
  ])('turns Stripe %s into a %s problem', async (_label, answer, code, status) => {
    fake.on((r) =>
      r.path === '/v1/products' && r.headers['idempotency-key'] === `err-${code}-${status}`
        ? answer
        : undefined,
    );
    const error = await catalog()
      .createProduct(
        'acct_m',
        { name: 'x', description: null, metadata: {} },
        { idempotencyKey: `err-${code}-${status}` },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code, status });
  });

  it('turns an unreachable Stripe into provider_unavailable', async () => {
    const unreachable = stripeCatalog(
      createStripeClient(Stripe, {
        secretKey: 'sk_test_fake',
        webhookSecret: 'whsec_fake',
        apiBase: 'http://127.0.0.1:9',
        maxNetworkRetries: 0,
        timeoutMs: 2000,
      }),
    );
    const error = await unreachable
      .createProduct('acct_m', { name: 'x', description: null, metadata: {} }, { idempotencyKey: 'k' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'provider_unavailable', status: 503 });
  });
});
