import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe, stripeObjects } from '../fake-stripe.js';
import { providerFor, USER } from './support.js';

describe('the Stripe adapter, against a local stand-in for Stripe’s API', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

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
