import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentEvents } from '../../../src/db/schema/index.js';
import { signUpMerchant } from '../../fixtures/merchants.js';
import type { TestApp } from '../../helpers.js';
import { type FakeStripe, stripeError } from '../fake-stripe.js';
import { getPlan } from '../support.js';
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
  const { postStripeEvent, serveSubscription } = stripeHelpers(() => ({ fake, t }));

  it('refuses a bad signature, a wrong secret, and old or future timestamps, storing nothing', async () => {
    const before = (await t.db.select({ n: count() }).from(paymentEvents))[0]!.n;
    const object = { id: 'cs_nothing', object: 'checkout.session' };
    const now = Math.floor(Date.now() / 1000);
    const responses = [
      await postStripeEvent('checkout.session.completed', object, { secret: 'whsec_wrong' }),
      await postStripeEvent('checkout.session.completed', object, { timestamp: now - 330 }),
      await postStripeEvent('checkout.session.completed', object, { timestamp: now + 330 }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/stripe',
        headers: { 'content-type': 'application/json' },
        payload: '{"id":"evt_x","type":"checkout.session.completed"}',
      }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_signature');
    }
    expect((await t.db.select({ n: count() }).from(paymentEvents))[0]!.n).toBe(before);
    expect(fake.requests).toHaveLength(0);
  });

  it('when Stripe cannot be reached while handling, answers 503 and keeps nothing, so Stripe’s retry is applied', async () => {
    const merchant = await signUpMerchant(t.app);
    fake.on('GET', '/v1/subscriptions/sub_A', stripeError(500, { type: 'api_error', message: 'Down' }));
    const eventId = `evt_retry_${Date.now()}`;
    const failing = await postStripeEvent(
      'customer.subscription.updated',
      { id: 'sub_A', object: 'subscription' },
      { id: eventId },
    );
    expect(failing.statusCode).toBe(503);
    expect(failing.json().code).toBe('provider_unavailable');
    const stored = await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId));
    expect(stored).toHaveLength(0);

    serveSubscription(merchant, 'active', null);
    const retried = await postStripeEvent(
      'customer.subscription.updated',
      { id: 'sub_A', object: 'subscription' },
      { id: eventId },
    );
    expect(retried.json()).toEqual({ received: true, duplicate: false });
    expect((await getPlan(t.app, merchant)).status).toBe('active');
  });
});
