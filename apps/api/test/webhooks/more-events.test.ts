import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '../../src/db/schema/index.js';
import { accountEvents, deliverAgain } from '../checkout/support.js';
import { eventBody, eventHelpers } from '../events/support.js';
import type { SignedInMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createLinkFor, payCheckout, sellingMerchant, startLinkCheckout } from '../links/support.js';
import { addSubscriber, createOfferFor, merchantWithNest } from '../offers/support.js';
import { CARDS } from '../payments/support.js';
import { passToken } from '../verification/support.js';

/**
 * The webhook event types of issue 20 beyond subscriptions and check-ins (ADR 176): a reward earned,
 * a refund given back, a registration to an event made and cancelled. Each is recorded in the same
 * transaction as what it tells, once, and only for an endpoint that asked for it.
 */
describe('outgoing webhooks: rewards earned, refunds, event registrations', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const { subscriber, register } = eventHelpers(() => t);

  async function endpointFor(merchant: SignedInMerchant, eventTypes: string[]) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/webhook-endpoints',
      cookies: merchant.cookies,
      payload: { url: 'https://example.com/hooks', event_types: eventTypes },
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  const eventsOf = (nestId: string, type: string) =>
    t.db
      .select({ data: webhookEvents.data })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.nestId, nestId), eq(webhookEvents.type, type)));

  it('tells a reward earned at the counter, then its redemption', async () => {
    const merchant = await merchantWithNest(t.app, 'enterprise');
    const offer = await createOfferFor(t.app, merchant, {
      name: 'Tea club',
      reward_rule: { kind: 'check_ins', every: 1, reward_name: 'Free tea' },
    });
    await endpointFor(merchant, ['reward.earned', 'reward.redeemed']);
    const added = await addSubscriber(t.app, offer.id, { email: 'tea.lover@example.com' });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/verifications',
      cookies: merchant.cookies,
      payload: { token: await passToken(t, added.subscription_id) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const earned = await eventsOf(offer.nest_id, 'reward.earned');
    expect(earned).toEqual([
      {
        data: expect.objectContaining({
          subscription_id: added.subscription_id,
          reward_name: 'Free tea',
          kind: 'check_ins',
          milestone: 1,
        }),
      },
    ]);
    const rewardId = (earned[0]!.data as { reward_id: string }).reward_id;
    const redeemed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/nests/me/rewards/${rewardId}/redeem`,
      cookies: merchant.cookies,
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(await eventsOf(offer.nest_id, 'reward.redeemed')).toHaveLength(1);
  });

  it('tells a refund once it is given back, once whatever the provider replays', async () => {
    const merchant = await sellingMerchant(t.app, {
      plan: 'enterprise',
      offer: { name: 'Café illimité', amount_cents: 2900 },
    });
    await endpointFor(merchant, ['refund.issued']);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const checkout = await startLinkCheckout(t.app, link.nest_link_id, {
      email: 'refunded.customer@example.com',
      name: 'Léa',
    });
    await payCheckout(t.app, checkout.path, CARDS.ok);
    await t.app.jobs.drain();
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${merchant.user.id}/stripe/transactions?kind=payment`,
      cookies: merchant.cookies,
    });
    expect(page.statusCode, page.body).toBe(200);
    const payment = page.json().transactions[0] as { id: string };
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${merchant.user.id}/stripe/transactions/${payment.id}/refund`,
      cookies: merchant.cookies,
      payload: { amount_cents: 900 },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await t.app.jobs.drain();
    for (const event of await accountEvents(t.app, merchant.user.id)) {
      expect((await deliverAgain(t.app, event)).statusCode).toBe(200);
    }
    await t.app.jobs.drain();
    expect(await eventsOf(merchant.offer.nest_id, 'refund.issued')).toEqual([
      {
        data: expect.objectContaining({ amount_cents: 900, currency: expect.any(String), actor: 'merchant' }),
      },
    ]);
  });

  it('tells a registration to an event, and its cancellation', async () => {
    const merchant = await merchantWithNest(t.app, 'enterprise');
    const offer = await createOfferFor(t.app, merchant, { name: 'Gym unlimited' });
    await endpointFor(merchant, ['event_registration.created', 'event_registration.cancelled']);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/events',
      cookies: merchant.cookies,
      payload: eventBody([offer.id]),
    });
    expect(created.statusCode, created.body).toBe(201);
    const eventId = created.json().id as string;
    const goer = await subscriber(offer.id);
    const cookies = goer.cookies;
    const registered = await register(cookies, eventId);
    expect(registered.statusCode, registered.body).toBe(201);
    const registrationId = registered.json().id as string;
    const cancel = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/nest-customers/me/event-registrations/${registrationId}/cancel`,
        cookies,
      });
    expect((await cancel()).statusCode).toBe(200);
    expect((await cancel()).statusCode).toBe(200); // cancelling again changes nothing
    expect(await eventsOf(offer.nest_id, 'event_registration.created')).toEqual([
      {
        data: expect.objectContaining({
          registration_id: registrationId,
          event_id: eventId,
          customer_id: goer.customerId,
          guests: 0,
        }),
      },
    ]);
    expect(await eventsOf(offer.nest_id, 'event_registration.cancelled')).toEqual([
      { data: expect.objectContaining({ registration_id: registrationId, event_id: eventId }) },
    ]);
  });
});
