import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs, planSubscriptions } from '../../../src/db/schema/index.js';
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
  const { postStripeEvent, periodStart, periodEnd } = stripeHelpers(() => ({ fake, t }));

  it('a subscription that is not a merchant plan is stored and ignored', async () => {
    fake.on('GET', '/v1/subscriptions/sub_other', {
      body: {
        ...stripeObjects.subscription({
          id: 'sub_other',
          customer: 'cus_O',
          status: 'active',
          userId: 'x',
          plan: 'pro',
          amount: 1,
          periodStart,
          periodEnd,
        }),
        metadata: {},
      },
    });
    const response = await postStripeEvent('customer.subscription.updated', {
      id: 'sub_other',
      object: 'subscription',
    });
    expect(response.json()).toEqual({ received: true, duplicate: false });
    const plans = await t.db
      .select()
      .from(planSubscriptions)
      .where(eq(planSubscriptions.providerSubscriptionId, 'sub_other'));
    expect(plans).toHaveLength(0);
    const emails = await t.db
      .select({ n: count() })
      .from(jobs)
      .where(and(like(jobs.dedupeKey, 'email:%sub_other%')));
    expect(emails[0]!.n).toBe(0);
  });
});
