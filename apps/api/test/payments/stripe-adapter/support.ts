import Stripe from 'stripe';
import { AppError } from '../../../src/lib/errors.js';
import type { PlanPrice } from '../../../src/payments/port.js';
import { createStripeClient, StripeProvider } from '../../../src/payments/stripe/adapter.js';
import { type FakeStripe, stripeObjects } from '../fake-stripe.js';

export const starter: PlanPrice = {
  plan: 'starter',
  amountCents: 1900,
  currency: 'eur',
  productName: 'Nest Starter',
};
export const pro: PlanPrice = { plan: 'pro', amountCents: 4900, currency: 'eur', productName: 'Nest Pro' };
export const USER = '0b7c1f0e-34f5-4a53-9a3e-6a1c5b8f2d11';
export const day = 24 * 60 * 60 * 1000;

/** The adapter, talking to the stand-in (or to an address, to be unreachable). */
export function providerFor(fake: FakeStripe | string, maxNetworkRetries = 0) {
  const apiBase = typeof fake === 'string' ? fake : fake.url;
  return new StripeProvider(
    createStripeClient(Stripe, {
      secretKey: 'sk_test_fake',
      webhookSecret: 'whsec_test',
      apiBase,
      maxNetworkRetries,
    }),
    'whsec_test',
  );
}

/** The AppError a call failed with. */
export async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** Stripe's answer for sub_1, on the given plan, with a pending schedule when one is given. */
export const subscriptionAnswer = (plan = 'starter', amount = 1900, schedule: unknown = null) => ({
  body: stripeObjects.subscription({
    id: 'sub_1',
    customer: 'cus_1',
    status: 'active',
    userId: USER,
    plan,
    amount,
    periodStart: new Date('2030-01-10T10:00:00Z'),
    periodEnd: new Date('2030-02-10T10:00:00Z'),
    schedule,
  }),
});
