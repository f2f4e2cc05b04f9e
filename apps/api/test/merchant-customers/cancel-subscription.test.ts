import type { MerchantCustomerDetail } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionEvents } from '../../src/db/schema/index.js';
import { accountEvents, deliverAgain } from '../checkout/support.js';
import { me, signInCustomer } from '../customers/support.js';
import type { SignedInMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { advanceClock, CARDS } from '../payments/support.js';
import { checkoutSubscriber, customerDetail } from './support.js';

/** The merchant cancels a customer's subscription from the customer detail, and the history records it (ADR 127). */
describe('merchant cancellation and the customer history (sandbox provider)', { timeout: 180_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const subscriber = (card: string = CARDS.ok) => checkoutSubscriber(t, { emailTag: 'cancel', card });
  const detail = (merchant: SignedInMerchant, customerId: string) => customerDetail(t, merchant, customerId);

  const cancel = (
    merchant: SignedInMerchant,
    ids: { customerId: string; subscriptionId: string },
    when: 'now' | 'period_end' | 'undo',
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/nests/me/nest-customers/${ids.customerId}/subscriptions/${ids.subscriptionId}/cancellation`,
      cookies: merchant.cookies,
      headers,
      payload: { when },
    });

  async function replayAll(ownerId: string) {
    for (const event of await accountEvents(t.app, ownerId)) {
      expect((await deliverAgain(t.app, event)).statusCode).toBe(200);
      expect((await deliverAgain(t.app, event, `evt_replay_${event.id}`)).statusCode).toBe(200);
    }
    await t.app.jobs.drain();
  }

  it('cancels at period end: it keeps running, the customer sees it end, the history names the merchant; undo takes it back', async () => {
    const s = await subscriber();
    const response = await cancel(s.merchant, s, 'period_end');
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json() as MerchantCustomerDetail;
    expect(after.subscriptions[0]).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(after.history.map((e) => [e.kind, e.actor])).toEqual([
      ['cancel_scheduled', 'merchant'],
      ['created', 'customer'],
    ]);
    expect(after.history[0]!.actor_merchant_id).toBe(s.merchant.user.id);

    // The customer's area says it ends; the customer was emailed.
    const cookies = await signInCustomer(t.app, s.email);
    const mine = await me(t.app, cookies);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(JSON.stringify(mine.json())).toContain('"cancel_at_period_end":true');

    // Repeating it changes nothing; undo is recorded too.
    expect((await cancel(s.merchant, s, 'period_end')).statusCode).toBe(200);
    const undone = (await cancel(s.merchant, s, 'undo')).json() as MerchantCustomerDetail;
    expect(undone.subscriptions[0]!.cancel_at_period_end).toBe(false);
    expect(undone.history.map((e) => e.kind)).toEqual(['cancel_unscheduled', 'cancel_scheduled', 'created']);

    // Scheduled again, the period ends: cancelled by the provider, once whatever the replays.
    await cancel(s.merchant, s, 'period_end');
    await advanceClock(t.app, s.merchant, 32);
    await t.app.jobs.drain();
    await replayAll(s.merchant.user.id);
    const ended = await detail(s.merchant, s.customerId);
    expect(ended.subscriptions[0]!.status).toBe('canceled');
    expect(ended.history.map((e) => [e.kind, e.actor])).toEqual([
      ['cancelled', 'provider'],
      ['cancel_scheduled', 'merchant'],
      ['cancel_unscheduled', 'merchant'],
      ['cancel_scheduled', 'merchant'],
      ['created', 'customer'],
    ]);
  });

  it('cancels now: ended at once, recorded once; cancelling again is 409 in the caller’s language', async () => {
    const s = await subscriber();
    const response = await cancel(s.merchant, s, 'now');
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json() as MerchantCustomerDetail;
    expect(after.subscriptions[0]!.status).toBe('canceled');
    expect(after.history.map((e) => [e.kind, e.actor])).toEqual([
      ['cancelled', 'merchant'],
      ['created', 'customer'],
    ]);

    await t.app.jobs.drain();
    await replayAll(s.merchant.user.id);
    const rows = await t.db
      .select()
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.subscriptionId, s.subscriptionId));
    expect(rows.map((r) => r.kind).sort()).toEqual(['cancelled', 'created']);

    const again = await cancel(s.merchant, s, 'now', { 'accept-language': 'fr-FR' });
    expect(again.statusCode).toBe(409);
    expect(again.headers['content-type']).toContain('application/problem+json');
    expect(again.json()).toMatchObject({ code: 'subscription_ended', title: 'Abonnement déjà terminé' });
    const english = await cancel(s.merchant, s, 'period_end', { 'accept-language': 'en-US' });
    expect(english.statusCode).toBe(409);
    expect(english.json().title).toBe('Subscription already ended');
  });

  it('records renewals and failed payments once, whatever the replays', async () => {
    const s = await subscriber(CARDS.failsAtRenewal);
    await advanceClock(t.app, s.merchant, 32);
    await t.app.jobs.drain();
    await replayAll(s.merchant.user.id);
    const kinds = (await detail(s.merchant, s.customerId)).history.map((e) => e.kind);
    expect(kinds).toEqual(['payment_failed', 'created']);

    const ok = await subscriber();
    await advanceClock(t.app, ok.merchant, 32);
    await t.app.jobs.drain();
    await replayAll(ok.merchant.user.id);
    const renewed = (await detail(ok.merchant, ok.customerId)).history;
    expect(renewed.map((e) => [e.kind, e.actor])).toEqual([
      ['renewed', 'provider'],
      ['created', 'customer'],
    ]);
  });

  it('records the pass sent again, with the merchant', async () => {
    const s = await subscriber();
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/nests/me/nest-customers/${s.customerId}/sign-in-link`,
      cookies: s.merchant.cookies,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const history = (await detail(s.merchant, s.customerId)).history;
    expect(history[0]).toMatchObject({
      kind: 'pass_resent',
      actor: 'merchant',
      actor_merchant_id: s.merchant.user.id,
      subscription_id: null,
    });
  });

  it('is 404 for another nest’s subscription or customer, 400 for a bad body, 401 to a visitor', async () => {
    const mine = await subscriber();
    const theirs = await subscriber();
    // Another merchant's customer and subscription, through my nest.
    expect((await cancel(mine.merchant, theirs, 'now')).statusCode).toBe(404);
    // My customer with their subscription.
    expect(
      (
        await cancel(
          mine.merchant,
          { customerId: mine.customerId, subscriptionId: theirs.subscriptionId },
          'now',
        )
      ).statusCode,
    ).toBe(404);
    // Their nest by id.
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/v1/nests/${theirs.merchant.offer.nest_id}/nest-customers/${theirs.customerId}/subscriptions/${theirs.subscriptionId}/cancellation`,
      cookies: mine.merchant.cookies,
      payload: { when: 'now' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await detail(theirs.merchant, theirs.customerId)).subscriptions[0]!.status).toBe('active');
    expect((await cancel(mine.merchant, { ...mine, subscriptionId: 'nope' }, 'now')).statusCode).toBe(404);
    // Found by the fuzz test: a customer id that is no id at all answered 500.
    expect((await cancel(mine.merchant, { ...mine, customerId: '..%2F..' }, 'now')).statusCode).toBe(404);

    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/v1/nests/me/nest-customers/${mine.customerId}/subscriptions/${mine.subscriptionId}/cancellation`,
      cookies: mine.merchant.cookies,
      payload: { when: 'tomorrow' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    const visitor = await t.app.inject({
      method: 'POST',
      url: `/api/v1/nests/me/nest-customers/${mine.customerId}/subscriptions/${mine.subscriptionId}/cancellation`,
      payload: { when: 'now' },
    });
    expect(visitor.statusCode).toBe(401);
  });
});
