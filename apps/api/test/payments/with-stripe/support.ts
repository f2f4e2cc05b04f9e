import Stripe from 'stripe';
import type { SignedInMerchant } from '../../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../../helpers.js';
import { type FakeStripe, startFakeStripe, stripeObjects } from '../fake-stripe.js';

export const WEBHOOK_SECRET = 'whsec_test_secret';
export const day = 24 * 60 * 60 * 1000;

/** An app whose payment provider is Stripe, Stripe being a local stand-in. */
export async function startStripeApp(): Promise<{ fake: FakeStripe; t: TestApp }> {
  const fake = await startFakeStripe();
  const t = await createTestApp({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.url,
  });
  return { fake, t };
}

/**
 * Stripe's side of a scenario. `current` is read when a helper runs, because the file's app and
 * stand-in start in its beforeAll, after these helpers are made.
 */
export function stripeHelpers(current: () => { fake: FakeStripe; t: TestApp }) {
  let counter = 0;
  /** A Stripe event, signed with the endpoint's secret (or another), posted to the webhook route. */
  function postStripeEvent(
    type: string,
    object: { id: string; object: string },
    options: { secret?: string; timestamp?: number; account?: string; id?: string } = {},
  ) {
    const payload = JSON.stringify({
      id: options.id ?? `evt_${++counter}_${Date.now()}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      ...(options.account ? { account: options.account } : {}),
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    });
    return current().t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  const periodStart = new Date(Date.now() - 2 * day);
  const periodEnd = new Date(periodStart.getTime() + 30 * day);

  /** Stripe answers sub_A, the merchant's pro plan, in this state. */
  function serveSubscription(
    merchant: SignedInMerchant,
    status: string,
    latestInvoice: unknown,
    start = periodStart,
    end = periodEnd,
  ) {
    current().fake.on('GET', '/v1/subscriptions/sub_A', {
      body: stripeObjects.subscription({
        id: 'sub_A',
        customer: 'cus_A',
        status,
        userId: merchant.user.id,
        plan: 'pro',
        amount: 4900,
        periodStart: start,
        periodEnd: end,
        latestInvoice,
      }),
    });
  }

  return { postStripeEvent, serveSubscription, periodStart, periodEnd };
}
