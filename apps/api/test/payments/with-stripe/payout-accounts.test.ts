import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { payoutAccounts } from '../../../src/db/schema/index.js';
import { signUpMerchant } from '../../fixtures/merchants.js';
import type { TestApp } from '../../helpers.js';
import { type FakeStripe, stripeObjects } from '../fake-stripe.js';
import { startStripeApp, stripeHelpers } from './support.js';

describe('with Stripe as the provider', () => {
  let fake: FakeStripe;
  let t: TestApp;
  beforeAll(async () => {
    ({ fake, t } = await startStripeApp());
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());
  const { postStripeEvent } = stripeHelpers(() => ({ fake, t }));

  it('account.updated re-reads the connected account and records what Stripe enabled', async () => {
    const merchant = await signUpMerchant(t.app);
    await t.db
      .insert(payoutAccounts)
      .values({ userId: merchant.user.id, provider: 'stripe', providerAccountId: 'acct_Z' });
    fake.on('GET', '/v1/accounts/acct_Z', {
      body: stripeObjects.account({
        id: 'acct_Z',
        detailsSubmitted: true,
        enabled: true,
        interval: 'weekly',
        weeklyAnchor: 'monday',
      }),
    });
    const response = await postStripeEvent(
      'account.updated',
      { id: 'acct_Z', object: 'account' },
      { account: 'acct_Z' },
    );
    expect(response.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.providerAccountId, 'acct_Z'));
    expect(row).toMatchObject({
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      payoutInterval: 'weekly',
      payoutWeeklyAnchor: 'monday',
    });
  });
});
