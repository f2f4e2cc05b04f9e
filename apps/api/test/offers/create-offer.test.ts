import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { offers, sandboxPrices, sandboxProducts } from '../../src/db/schema/index.js';
import { AppError } from '../../src/lib/errors.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createOfferFor, merchantWithNest, postOffer, validOffer } from './support.js';

describe('creating an offer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('creates the offer, its first price version, and the product and price on the merchant’s account', async () => {
    const merchant = await merchantWithNest(t.app);
    const response = await postOffer(
      t.app,
      merchant,
      validOffer({
        amount_cents: 4500,
        interval: 'week',
        interval_count: 2,
        trial_days: 7,
        capacity: 30,
        usage_allowance: { uses: 10, per: 'period' },
      }),
    );
    expect(response.statusCode).toBe(201);
    const offer = response.json();
    expect(offer).toMatchObject({
      nest_id: merchant.nest.id,
      status: 'active',
      name: 'Coffee every morning',
      amount_cents: 4500,
      currency: 'EUR',
      interval: 'week',
      interval_count: 2,
      trial_days: 7,
      capacity: 30,
      usage_allowance: { uses: 10, per: 'period' },
      reward_rule: null,
      subscriber_count: 0,
      archived_at: null,
    });
    expect(offer.versions).toHaveLength(1);
    expect(offer.versions[0]).toMatchObject({
      version: 1,
      amount_cents: 4500,
      current: true,
      subscriber_count: 0,
    });
    expect(offer.current_version_id).toBe(offer.versions[0].id);

    const nest = await t.app.inject({ method: 'GET', url: '/api/v1/nests/me', cookies: merchant.cookies });
    const accountId = nest.json().payout.account_id;
    expect(accountId).toMatch(/^acct_/);
    expect(nest.json().payout.status).toBe('pending');
    const [row] = await t.db.select().from(offers).where(eq(offers.id, offer.id));
    const [product] = await t.db
      .select()
      .from(sandboxProducts)
      .where(eq(sandboxProducts.id, row!.providerProductId));
    expect(product).toMatchObject({ accountId, name: 'Coffee every morning', active: true });
    const [price] = await t.db.select().from(sandboxPrices).where(eq(sandboxPrices.productId, product!.id));
    expect(price).toMatchObject({
      accountId,
      amountCents: 4500,
      currency: 'eur',
      interval: 'week',
      intervalCount: 2,
    });

    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/offers/${offer.id}`,
      cookies: merchant.cookies,
    });
    expect(read.json()).toEqual(offer);
  });

  it('stores a script-looking name exactly as typed and answers JSON', async () => {
    const merchant = await merchantWithNest(t.app);
    const name = '<img src=x onerror=alert(1)><script>alert("x")</script>';
    const offer = await createOfferFor(t.app, merchant, { name, grants: '<b>free</b> croissant' });
    expect(offer.name).toBe(name);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/offers/${offer.id}`,
      cookies: merchant.cookies,
    });
    expect(read.headers['content-type']).toContain('application/json');
    expect(read.json()).toMatchObject({ name, grants: '<b>free</b> croissant' });
  });

  it.each([
    ['a negative amount', { amount_cents: -100 }, 'amount_cents'],
    ['a zero amount', { amount_cents: 0 }, 'amount_cents'],
    ['an amount under 50 cents', { amount_cents: 49 }, 'amount_cents'],
    ['an amount over 10,000 euro', { amount_cents: 1_000_001 }, 'amount_cents'],
    ['a huge amount', { amount_cents: 1e20 }, 'amount_cents'],
    ['an amount in euro with decimals', { amount_cents: 29.9 }, 'amount_cents'],
    ['an amount as a string', { amount_cents: '2900' }, 'amount_cents'],
    ['a daily interval', { interval: 'day' }, 'interval'],
    ['an interval count of zero', { interval_count: 0 }, 'interval_count'],
    ['13 months', { interval: 'month', interval_count: 13 }, 'interval_count'],
    ['53 weeks', { interval: 'week', interval_count: 53 }, 'interval_count'],
    ['every 2 years', { interval: 'year', interval_count: 2 }, 'interval_count'],
    ['a negative trial', { trial_days: -1 }, 'trial_days'],
    ['a trial over a year', { trial_days: 366 }, 'trial_days'],
    ['a capacity of zero', { capacity: 0 }, 'capacity'],
    ['a usage allowance of zero uses', { usage_allowance: { uses: 0, per: 'day' } }, 'usage_allowance.uses'],
    ['a usage allowance per month', { usage_allowance: { uses: 1, per: 'month' } }, 'usage_allowance.per'],
    ['an empty name', { name: '  ' }, 'name'],
    ['a name too long', { name: 'x'.repeat(81) }, 'name'],
    ['no grants', { grants: '' }, 'grants'],
    ['a description too long', { description: 'x'.repeat(501) }, 'description'],
    ['an unknown field', { status: 'archived' }, 'status'],
    ['a currency field', { currency: 'USD' }, 'currency'],
  ])('refuses %s with the failing field and writes nothing', async (_label, overrides, field) => {
    const merchant = await merchantWithNest(t.app, 'pro');
    const response = await postOffer(t.app, merchant, { ...validOffer(), ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    const rows = await t.db.select().from(offers).where(eq(offers.nestId, merchant.nest.id));
    expect(rows).toHaveLength(0);
  });

  it('accepts the bounds themselves', async () => {
    const merchant = await merchantWithNest(t.app);
    for (const overrides of [
      { amount_cents: 50, interval: 'week' as const, interval_count: 52 },
      { amount_cents: 1_000_000, interval: 'year' as const, interval_count: 1, trial_days: 365 },
      {
        interval: 'month' as const,
        interval_count: 12,
        capacity: 1,
        usage_allowance: { uses: 1, per: 'day' as const },
      },
    ]) {
      const response = await postOffer(t.app, merchant, validOffer(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(201);
    }
  });

  it('needs a nest and a signed-in merchant', async () => {
    const anonymous = await postOffer(t.app, { cookies: {} } as never, validOffer());
    expect(anonymous.statusCode).toBe(401);
    const { seedMerchant } = await import('../fixtures/merchants.js');
    const newcomer = await seedMerchant(t.app, { plan: 'starter' });
    const response = await postOffer(t.app, newcomer, validOffer());
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('nest_required');
  });

  describe('plan gating', () => {
    const rewardRule = { kind: 'check_ins', every: 10, reward_name: 'Free coffee' } as const;

    it('refuses a reward rule on Starter with a problem naming Pro, in both languages', async () => {
      const merchant = await merchantWithNest(t.app, 'starter');
      const response = await postOffer(t.app, merchant, validOffer({ reward_rule: rewardRule }));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'plan_required',
        detail: 'This needs the Pro plan or higher.',
        errors: [{ field: 'reward_rule', code: 'plan_required:pro' }],
      });
      const french = await postOffer(t.app, merchant, validOffer({ reward_rule: rewardRule }), {
        'accept-language': 'fr-FR',
      });
      expect(french.json().detail).toBe('Cela nécessite la formule Pro ou supérieure.');
      expect(await t.db.select().from(offers).where(eq(offers.nestId, merchant.nest.id))).toHaveLength(0);
    });

    it('refuses it without a live plan too, and allows the offer without a rule', async () => {
      const merchant = await merchantWithNest(t.app, null);
      const refused = await postOffer(t.app, merchant, validOffer({ reward_rule: rewardRule }));
      expect(refused.statusCode).toBe(403);
      const plain = await postOffer(t.app, merchant, validOffer({ reward_rule: null }));
      expect(plain.statusCode).toBe(201);
    });

    it.each(['pro', 'enterprise'] as const)('accepts reward rules on %s', async (plan) => {
      const merchant = await merchantWithNest(t.app, plan);
      const offer = await createOfferFor(t.app, merchant, {
        reward_rule: { kind: 'paid_periods', every: 3, reward_name: 'A free month' },
      });
      expect(offer.reward_rule).toEqual({ kind: 'paid_periods', every: 3, reward_name: 'A free month' });
    });

    it.each([
      [{ kind: 'visits', every: 10, reward_name: 'x' }],
      [{ kind: 'check_ins', every: 0, reward_name: 'x' }],
      [{ kind: 'check_ins', every: 10, reward_name: '' }],
      [{ kind: 'check_ins', every: 10 }],
    ])('validates the reward rule %j', async (rule) => {
      const merchant = await merchantWithNest(t.app, 'pro');
      const response = await postOffer(t.app, merchant, { ...validOffer(), reward_rule: rule });
      expect(response.statusCode).toBe(400);
    });
  });

  it('offers are unlimited on Starter', async () => {
    const merchant = await merchantWithNest(t.app, 'starter');
    for (let i = 0; i < 12; i++) await createOfferFor(t.app, merchant, { name: `Offer ${i}` });
    const rows = await t.db.select().from(offers).where(eq(offers.nestId, merchant.nest.id));
    expect(rows).toHaveLength(12);
  });

  describe('idempotent retries', () => {
    const productsOf = async (accountId: string) =>
      t.db.select().from(sandboxProducts).where(eq(sandboxProducts.accountId, accountId));
    const pricesOf = async (accountId: string) =>
      t.db.select().from(sandboxPrices).where(eq(sandboxPrices.accountId, accountId));
    const accountOf = async (merchant: Awaited<ReturnType<typeof merchantWithNest>>) =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/nests/me', cookies: merchant.cookies })).json()
        .payout.account_id as string;

    it('answers the same offer for the same Idempotency-Key, making nothing twice', async () => {
      const merchant = await merchantWithNest(t.app);
      const headers = { 'idempotency-key': 'create-offer-0001' };
      const first = await postOffer(t.app, merchant, validOffer(), headers);
      const second = await postOffer(t.app, merchant, validOffer(), headers);
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(200);
      expect(second.json().id).toBe(first.json().id);
      const accountId = await accountOf(merchant);
      expect(await productsOf(accountId)).toHaveLength(1);
      expect(await pricesOf(accountId)).toHaveLength(1);
    });

    it('makes one offer of simultaneous requests with one key', async () => {
      const merchant = await merchantWithNest(t.app);
      const headers = { 'idempotency-key': 'double-click-0001' };
      const responses = await Promise.all(
        [1, 2, 3].map(() => postOffer(t.app, merchant, validOffer(), headers)),
      );
      expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
      expect(await t.db.select().from(offers).where(eq(offers.nestId, merchant.nest.id))).toHaveLength(1);
    });

    it('leaves nothing half-made when the provider fails, and the retry reuses what it made', async () => {
      const merchant = await merchantWithNest(t.app);
      // Make the payout account first, so only the offer's provider calls are counted.
      await createOfferFor(t.app, merchant, { name: 'Warm-up' });
      const accountId = await accountOf(merchant);
      const headers = { 'idempotency-key': 'flaky-provider-0001' };

      const spy = vi
        .spyOn(t.app.payments, 'createPrice')
        .mockRejectedValueOnce(new AppError('provider_unavailable'));
      const failed = await postOffer(t.app, merchant, validOffer({ name: 'Croissant club' }), headers);
      expect(failed.statusCode).toBe(503);
      expect(failed.json().code).toBe('provider_unavailable');
      expect(await t.db.select().from(offers).where(eq(offers.nestId, merchant.nest.id))).toHaveLength(1);
      expect(await productsOf(accountId)).toHaveLength(2);

      const retried = await postOffer(t.app, merchant, validOffer({ name: 'Croissant club' }), headers);
      spy.mockRestore();
      expect(retried.statusCode).toBe(201);
      expect(retried.json().name).toBe('Croissant club');
      // The product made before the failure was reused, not made again.
      expect(await productsOf(accountId)).toHaveLength(2);
      expect(await pricesOf(accountId)).toHaveLength(2);
      expect(await t.db.select().from(offers).where(eq(offers.nestId, merchant.nest.id))).toHaveLength(2);
    });

    it('writes nothing when the product itself fails', async () => {
      const merchant = await merchantWithNest(t.app);
      const spy = vi
        .spyOn(t.app.payments, 'createProduct')
        .mockRejectedValueOnce(new AppError('provider_unavailable'));
      const failed = await postOffer(t.app, merchant, validOffer());
      spy.mockRestore();
      expect(failed.statusCode).toBe(503);
      expect(await t.db.select().from(offers).where(eq(offers.nestId, merchant.nest.id))).toHaveLength(0);
    });

    it('refuses a malformed Idempotency-Key', async () => {
      const merchant = await merchantWithNest(t.app);
      const response = await postOffer(t.app, merchant, validOffer(), { 'idempotency-key': 'bad key!' });
      expect(response.statusCode).toBe(400);
    });
  });
});
