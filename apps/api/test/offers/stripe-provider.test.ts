import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';
import {
  type FakeStripe,
  startFakeStripe,
  stripeError,
  stripePrice,
  stripeProduct,
} from '../payments/fake-stripe.js';
import { merchantWithNest, postOffer, validOffer } from './support.js';

const stripeAccount = (id: string, form: Record<string, string> = {}) => ({
  id,
  object: 'account',
  email: form.email ?? null,
  business_profile: { name: form['business_profile[name]'] ?? null },
  details_submitted: false,
  charges_enabled: false,
  payouts_enabled: false,
  settings: { payouts: { schedule: { interval: 'daily' } } },
  metadata: {},
});

/** The whole API on Stripe (a local fake of its API): what reaches Stripe, with which keys and account. */
describe('offers and payouts with the Stripe provider', () => {
  let fake: FakeStripe;
  let t: TestApp;
  let accounts = 0;
  let products = 0;
  beforeAll(async () => {
    fake = await startFakeStripe();
    const byKey = new Map<string, unknown>();
    // Like Stripe: a create replayed with a known idempotency key answers the first result.
    const idempotent = (key: string | string[] | undefined, make: () => unknown) => {
      const k = String(key);
      if (!byKey.has(k)) byKey.set(k, make());
      return { status: 200, body: byKey.get(k) };
    };
    fake.on((r) =>
      r.method === 'POST' && r.path === '/v1/accounts'
        ? idempotent(r.headers['idempotency-key'], () => stripeAccount(`acct_fake${++accounts}`, r.form))
        : undefined,
    );
    fake.on((r) =>
      r.method === 'POST' && r.path === '/v1/account_links'
        ? {
            status: 200,
            body: {
              object: 'account_link',
              url: `https://connect.stripe.test/setup/${r.form.account}`,
              expires_at: 2_000_000_000,
            },
          }
        : undefined,
    );
    fake.on((r) =>
      r.method === 'POST' && r.path === '/v1/products'
        ? idempotent(r.headers['idempotency-key'], () => stripeProduct(r.form, `prod_fake${++products}`))
        : undefined,
    );
    fake.on((r) =>
      r.method === 'POST' && r.path === '/v1/prices'
        ? idempotent(r.headers['idempotency-key'], () => stripePrice(r.form, `price_fake${products}`))
        : undefined,
    );
    t = await createTestApp({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_WEBHOOK_SECRET: 'whsec_fake',
      STRIPE_API_BASE: fake.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('creates the Express account once, then the product and price on it, each with an idempotency key', async () => {
    fake.requests.length = 0;
    const merchant = await merchantWithNest(t.app);
    const response = await postOffer(t.app, merchant, validOffer({ amount_cents: 3900 }), {
      'idempotency-key': 'stripe-offer-1',
    });
    expect(response.statusCode).toBe(201);

    const [account, product, price] = fake.requests;
    expect(account).toMatchObject({ method: 'POST', path: '/v1/accounts' });
    expect(account!.form).toMatchObject({
      type: 'express',
      country: 'FR',
      'business_profile[name]': 'Café Lumière',
    });
    expect(account!.headers['idempotency-key']).toBe(`user:${merchant.user.id}:payout-account`);
    expect(account!.headers['stripe-account']).toBeUndefined();
    const accountId = 'acct_fake1';

    expect(product).toMatchObject({ method: 'POST', path: '/v1/products' });
    expect(product!.headers['stripe-account']).toBe(accountId);
    expect(product!.headers['idempotency-key']).toMatch(
      new RegExp(`^nest:${merchant.nest.id}:offer:stripe-offer-1:product:`),
    );
    expect(price).toMatchObject({ method: 'POST', path: '/v1/prices' });
    expect(price!.headers['stripe-account']).toBe(accountId);
    expect(price!.form).toMatchObject({
      product: 'prod_fake1',
      unit_amount: '3900',
      currency: 'eur',
      'recurring[interval]': 'month',
    });
    expect(price!.headers['idempotency-key']).toMatch(/^nest:.*:offer:stripe-offer-1:price:/);

    // A second offer uses the same account: no second account is created.
    fake.requests.length = 0;
    await postOffer(t.app, merchant, validOffer({ name: 'Second' }));
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/products', '/v1/prices']);
  });

  it('retries after Stripe failed, replaying the same keys so nothing is made twice', async () => {
    const merchant = await merchantWithNest(t.app);
    await postOffer(t.app, merchant, validOffer({ name: 'Warm-up' }));
    let failures = 3; // the first try and the SDK's two automatic retries
    fake.on((r) =>
      r.path === '/v1/prices' && failures-- > 0
        ? stripeError(503, { type: 'api_error', message: 'Stripe is down' })
        : undefined,
    );
    fake.requests.length = 0;
    const headers = { 'idempotency-key': 'stripe-flaky-1' };
    const failed = await postOffer(t.app, merchant, validOffer({ name: 'Flaky' }), headers);
    expect(failed.statusCode).toBe(503);
    expect(failed.json().code).toBe('provider_unavailable');
    const firstKeys = fake.requests.map((r) => `${r.path} ${r.headers['idempotency-key']}`);
    // The product made before the failure is archived, so it is not left on sale (ADR 104).
    const archive = fake.requests.at(-1)!;
    expect(archive.path).toMatch(/^\/v1\/products\/prod_/);
    expect(archive.form).toEqual({ active: 'false' });

    fake.requests.length = 0;
    const retried = await postOffer(t.app, merchant, validOffer({ name: 'Flaky' }), headers);
    expect(retried.statusCode).toBe(201);
    const retryKeys = fake.requests.map((r) => `${r.path} ${r.headers['idempotency-key']}`);
    expect(retryKeys[0]).toBe(firstKeys[0]);
    expect(retryKeys[1]).toBe(firstKeys.filter((k) => k.startsWith('/v1/prices ')).at(-1));
    const offers = await t.app.inject({ method: 'GET', url: '/api/v1/offers', cookies: merchant.cookies });
    expect(offers.json().items.map((o: { name: string }) => o.name)).toEqual(['Flaky', 'Warm-up']);
  });

  it('builds the onboarding link’s return and refresh addresses itself', async () => {
    const merchant = await merchantWithNest(t.app);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/payout-account?return_url=https://evil.example',
      cookies: merchant.cookies,
      payload: { return_url: 'https://evil.example', refresh_url: 'https://evil.example' },
    });
    expect(started.statusCode).toBe(200);
    const link = fake.requests.filter((r) => r.path === '/v1/account_links').at(-1)!;
    const accountId = link.form.account!;
    expect(started.json().url).toBe(`https://connect.stripe.test/setup/${accountId}`);
    expect(link.form).toEqual({
      account: accountId,
      type: 'account_onboarding',
      refresh_url: `http://localhost:3000/admin/onboarding/stripe-connect/refresh/${accountId}`,
      return_url: `http://localhost:3000/admin/onboarding/stripe-connect/return/${accountId}`,
    });
  });
});
