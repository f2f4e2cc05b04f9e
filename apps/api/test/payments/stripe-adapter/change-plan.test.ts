import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe, stripeObjects } from '../fake-stripe.js';
import { pro, providerFor, starter, subscriptionAnswer } from './support.js';

describe('the Stripe adapter, against a local stand-in for Stripe’s API', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('upgrades now with an always-invoiced proration that must be paid, under the caller’s key', async () => {
    fake.on('GET', '/v1/subscriptions/sub_1', subscriptionAnswer());
    fake.on('GET', '/v1/prices', {
      body: { object: 'list', data: [stripeObjects.price('price_pro', 'pro', 4900)] },
    });
    fake.on('POST', '/v1/subscriptions/sub_1', subscriptionAnswer('pro', 4900));
    await providerFor(fake).changeSubscriptionPlan(
      'sub_1',
      { price: pro, timing: 'now' },
      { idempotencyKey: 'nest:plan-change:1' },
    );
    const [update] = fake.sent('POST', '/v1/subscriptions/sub_1');
    expect(update!.headers['idempotency-key']).toBe('nest:plan-change:1');
    expect(update!.form).toMatchObject({
      'items[0][id]': 'si_1',
      'items[0][price]': 'price_pro',
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
      'metadata[nest_plan]': 'pro',
    });
    expect(fake.sent('POST', '/v1/prices')).toHaveLength(0);
  });

  it('downgrades at period end with a subscription schedule whose next phase bills the new price', async () => {
    fake.on('GET', '/v1/subscriptions/sub_1', subscriptionAnswer('pro', 4900));
    fake.on('GET', '/v1/prices', {
      body: { object: 'list', data: [stripeObjects.price('price_starter', 'starter', 1900)] },
    });
    fake.on('POST', '/v1/subscription_schedules', {
      body: {
        id: 'sub_sched_1',
        object: 'subscription_schedule',
        phases: [{ start_date: 1894269600, end_date: 1896948000, metadata: {} }],
      },
    });
    fake.on('POST', '/v1/subscription_schedules/sub_sched_1', { body: { id: 'sub_sched_1', phases: [] } });
    await providerFor(fake).changeSubscriptionPlan(
      'sub_1',
      { price: starter, timing: 'period_end' },
      { idempotencyKey: 'nest:plan-change:2' },
    );
    const [create] = fake.sent('POST', '/v1/subscription_schedules');
    expect(create!.form).toEqual({ from_subscription: 'sub_1' });
    expect(create!.headers['idempotency-key']).toBe('nest:plan-change:2:schedule');
    const [phases] = fake.sent('POST', '/v1/subscription_schedules/sub_sched_1');
    expect(phases!.headers['idempotency-key']).toBe('nest:plan-change:2:phases');
    expect(phases!.form).toMatchObject({
      end_behavior: 'release',
      'phases[0][items][0][price]': 'price_pro',
      'phases[0][start_date]': '1894269600',
      'phases[0][end_date]': String(new Date('2030-02-10T10:00:00Z').getTime() / 1000),
      'phases[1][items][0][price]': 'price_starter',
      'phases[1][duration][interval]': 'month',
      'phases[1][metadata][nest_plan]': 'starter',
    });
  });

  it('cancels at period end, releasing a pending schedule first', async () => {
    fake.on('GET', '/v1/subscriptions/sub_1', subscriptionAnswer('pro', 4900, 'sub_sched_9'));
    fake.on('POST', '/v1/subscription_schedules/sub_sched_9/release', { body: { id: 'sub_sched_9' } });
    fake.on('POST', '/v1/subscriptions/sub_1', subscriptionAnswer('pro', 4900));
    await providerFor(fake).setCancelAtPeriodEnd('sub_1', true, { idempotencyKey: 'nest:plan-cancel:1' });
    expect(
      fake.sent('POST', '/v1/subscription_schedules/sub_sched_9/release')[0]!.headers['idempotency-key'],
    ).toBe('nest:plan-cancel:1:release');
    expect(fake.sent('POST', '/v1/subscriptions/sub_1')[0]!.form).toEqual({ cancel_at_period_end: 'true' });
  });
});
