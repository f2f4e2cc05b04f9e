import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe, stripeObjects } from '../fake-stripe.js';
import { day, providerFor, USER } from './support.js';

describe('the Stripe adapter, against a local stand-in for Stripe’s API', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('reads a subscription: its period from the item, the paid-through state, a downgrade scheduled in a phase', async () => {
    const start = new Date('2030-01-10T10:00:00Z');
    const end = new Date(start.getTime() + 31 * day);
    fake.on('GET', '/v1/subscriptions/sub_1', {
      body: stripeObjects.subscription({
        id: 'sub_1',
        customer: 'cus_1',
        status: 'active',
        userId: USER,
        plan: 'pro',
        amount: 4900,
        periodStart: start,
        periodEnd: end,
        schedule: {
          id: 'sub_sched_1',
          object: 'subscription_schedule',
          phases: [
            {
              start_date: start.getTime() / 1000,
              end_date: end.getTime() / 1000,
              metadata: { nest_plan: 'pro' },
            },
            { start_date: end.getTime() / 1000, end_date: null, metadata: { nest_plan: 'starter' } },
          ],
        },
        latestInvoice: stripeObjects.invoice({
          id: 'in_1',
          customer: 'cus_1',
          subscription: 'sub_1',
          status: 'paid',
          amount: 4900,
          billingReason: 'subscription_create',
          periodStart: start,
          periodEnd: end,
        }),
      }),
    });
    const subscription = await providerFor(fake).retrieveSubscription('sub_1');
    expect(subscription).toMatchObject({
      id: 'sub_1',
      customerId: 'cus_1',
      status: 'active',
      plan: 'pro',
      pendingPlan: 'starter',
      amountCents: 4900,
      currentPeriodStart: start,
      currentPeriodEnd: end,
      latestInvoice: {
        id: 'in_1',
        status: 'paid',
        subscriptionId: 'sub_1',
        billingReason: 'subscription_create',
      },
    });
    const [request] = fake.sent('GET', '/v1/subscriptions/sub_1');
    expect(request!.query).toMatchObject({ 'expand[0]': 'latest_invoice', 'expand[1]': 'schedule' });
    expect(await providerFor(fake).retrieveSubscription('sub_missing')).toBeNull();
  });
});
