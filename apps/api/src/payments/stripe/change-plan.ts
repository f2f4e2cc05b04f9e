import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.js';
import type { PaymentProvider, PlanPrice, ProviderSubscription, WriteOptions } from '../port.js';
import { call, retrieve } from './map-error.js';
import { PLAN_KEY, toSubscription } from './map-objects.js';

const SUBSCRIPTION_EXPAND = ['latest_invoice', 'schedule'];

export async function retrieveSubscription(stripe: Stripe, id: string): Promise<ProviderSubscription | null> {
  const subscription = await retrieve(() =>
    stripe.subscriptions.retrieve(id, { expand: SUBSCRIPTION_EXPAND }),
  );
  return subscription ? toSubscription(subscription) : null;
}

export async function requireSubscription(stripe: Stripe, id: string): Promise<ProviderSubscription> {
  const subscription = await retrieveSubscription(stripe, id);
  if (!subscription) throw new AppError('not_found');
  return subscription;
}

/**
 * A merchant's plan changed, now (prorated, charged at once) or at the end of the period (a
 * subscription schedule whose next phase bills the new price).
 */
export async function changeSubscriptionPlan(
  stripe: Stripe,
  planPriceId: (price: PlanPrice) => Promise<string>,
  subscriptionId: string,
  input: Parameters<PaymentProvider['changeSubscriptionPlan']>[1],
  options: WriteOptions,
): Promise<ProviderSubscription> {
  const key = options.idempotencyKey;
  const current = await call(() => stripe.subscriptions.retrieve(subscriptionId, { expand: ['schedule'] }));
  const item = current.items.data[0];
  if (!item) throw new AppError('conflict');
  const priceId = await planPriceId(input.price);
  const scheduleId = typeof current.schedule === 'string' ? current.schedule : (current.schedule?.id ?? null);

  if (input.timing === 'now' || priceId === item.price.id) {
    // A pending downgrade is dropped by any change made now (or by going back to the current plan).
    if (scheduleId) {
      await call(() =>
        stripe.subscriptionSchedules.release(scheduleId, {}, { idempotencyKey: `${key}:release` }),
      );
    }
    if (priceId !== item.price.id) {
      // error_if_incomplete: a declined proration leaves the subscription as it was and answers 402.
      await call(() =>
        stripe.subscriptions.update(
          subscriptionId,
          {
            items: [{ id: item.id, price: priceId }],
            proration_behavior: 'always_invoice',
            payment_behavior: 'error_if_incomplete',
            metadata: { [PLAN_KEY]: input.price.plan },
          },
          { idempotencyKey: key },
        ),
      );
    }
    return requireSubscription(stripe, subscriptionId);
  }

  // At period end: a schedule whose next phase bills the new price; released after it starts.
  const schedule = scheduleId
    ? await call(() => stripe.subscriptionSchedules.retrieve(scheduleId))
    : await call(() =>
        stripe.subscriptionSchedules.create(
          { from_subscription: subscriptionId },
          { idempotencyKey: `${key}:schedule` },
        ),
      );
  const phase = schedule.phases[0];
  if (!phase) throw new AppError('conflict');
  await call(() =>
    stripe.subscriptionSchedules.update(
      schedule.id,
      {
        end_behavior: 'release',
        phases: [
          {
            items: [{ price: item.price.id, quantity: 1 }],
            start_date: phase.start_date,
            end_date: item.current_period_end,
            metadata: { [PLAN_KEY]: current.metadata?.[PLAN_KEY] ?? '' },
          },
          {
            items: [{ price: priceId, quantity: 1 }],
            duration: { interval: 'month', interval_count: 1 },
            proration_behavior: 'none',
            metadata: { [PLAN_KEY]: input.price.plan },
          },
        ],
      },
      { idempotencyKey: `${key}:phases` },
    ),
  );
  return requireSubscription(stripe, subscriptionId);
}
