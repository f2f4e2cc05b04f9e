import type { NestCustomer, PayNowEmail, SubscriptionRewards } from '@nest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerEmail, me, signInCustomer } from '../customers/support.js';
import { readMail } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { addSubscriber } from '../offers/support.js';
import { counterHelpers } from './support.js';

describe('the counter: amber grace, pay-now email, rewards shown', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const { counter, subscriber, answer, token, ageCheckIns } = counterHelpers(() => t);

  async function pastDue(offerId: string, daysAgo: number, email = customerEmail('late')) {
    const added = await addSubscriber(t.app, offerId, {
      status: 'past_due',
      email,
      name: 'Louis Bernard',
      period_started_days_ago: daysAgo,
    });
    return { id: added.subscription_id, email };
  }

  it('is amber within the offer’s grace days (let in, counted), red after, and red at once with no grace', async () => {
    const { merchant, offer } = await counter('pro', {
      grace_days: 3,
      usage_allowance: { uses: 5, per: 'day' },
    });
    expect(offer.grace_days).toBe(3);
    const within = await pastDue(offer.id, 1);
    const amber = await answer(merchant, { token: await token(within.id) });
    expect(amber).toMatchObject({
      result: 'grace',
      reason: 'past_due',
      repeat: false,
      usage: { used: 1, left: 4 },
      subscription: { status: 'past_due', can_pay_now: true },
    });
    const graceUntil = new Date(amber.subscription!.grace_until!).getTime();
    expect(Math.abs(graceUntil - (Date.now() + 2 * 24 * 3600 * 1000))).toBeLessThan(60_000);

    const beyond = await pastDue(offer.id, 4);
    expect(await answer(merchant, { token: await token(beyond.id) })).toMatchObject({
      result: 'not_eligible',
      reason: 'past_due',
      usage: { used: 0 },
      subscription: { grace_until: null, can_pay_now: true },
    });

    const strict = await counter('pro');
    expect(strict.offer.grace_days).toBe(0);
    const late = await pastDue(strict.offer.id, 0);
    expect(await answer(strict.merchant, { token: await token(late.id) })).toMatchObject({
      result: 'not_eligible',
      reason: 'past_due',
    });

    // The recent check-ins say amber too.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nests/me/verifications',
      cookies: merchant.cookies,
    });
    expect(list.json().check_ins.map((c: { result: string }) => c.result)).toEqual(['not_eligible', 'grace']);
  });

  it('the grace days are set and changed per offer, within 0–30', async () => {
    const { merchant, offer } = await counter('starter');
    const patch = (grace: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/offers/${offer.id}`,
        payload: { grace_days: grace },
        cookies: merchant.cookies,
        headers: { 'accept-language': 'fr-FR' },
      });
    const ok = await patch(7);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().grace_days).toBe(7);
    const tooMany = await patch(31);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.headers['content-type']).toContain('application/problem+json');
    expect(tooMany.json().errors).toEqual([
      { field: 'grace_days', code: 'too_big_number', message: 'Doit être au plus 30.' },
    ]);
  });

  it('emails a past-due customer the pay-now link once, then limits; refuses what has nothing to pay and other nests', async () => {
    const { merchant, offer } = await counter('pro', { grace_days: 3 });
    const late = await pastDue(offer.id, 1, customerEmail('paynow'));
    const send = (id: string, cookies = merchant.cookies, lang = 'en-US') =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/nests/me/subscriptions/${id}/pay-now-email`,
        cookies,
        headers: { 'accept-language': lang },
      });
    const sent = await send(late.id);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json<PayNowEmail>()).toMatchObject({ subscription_id: late.id, sent_to: late.email });
    const mail = await readMail(t.app, late.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toMatch(/did not go through/);
    expect(mail[0]!.text).toContain(`/client/app/overview?pay=${late.id}`);

    const again = await send(late.id, merchant.cookies, 'fr-FR');
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBeDefined();
    expect(again.json().detail).toMatch(/Trop de|réessayez/i);
    expect(await readMail(t.app, late.email)).toHaveLength(1);

    const paid = await subscriber(offer.id, 'active');
    const nothing = await send(paid.id, merchant.cookies, 'fr-FR');
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ code: 'pay_now_not_needed', title: 'Rien à payer' });

    const other = await counter('pro');
    expect((await send(late.id, other.merchant.cookies)).statusCode).toBe(404);
    expect((await send('not-a-uuid')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/nests/me/subscriptions/${late.id}/pay-now-email` }))
        .statusCode,
    ).toBe(401);
  });

  it('shows rewards earned to the customer (waiting, then redeemed) and to the merchant', async () => {
    const { merchant, offer } = await counter('pro', {
      reward_rule: { kind: 'check_ins', every: 1, reward_name: 'Free croissant' },
    });
    const sub = await subscriber(offer.id, 'active', customerEmail('rewards'));
    const first = await answer(merchant, { token: await token(sub.id) });
    expect(first.reward).toMatchObject({ earned_now: true, redeemed: [] });
    await ageCheckIns(sub.id, 6 * 60 * 1000);
    const second = await answer(merchant, { token: await token(sub.id) });
    expect(second.reward!.waiting).toHaveLength(2);
    const [oldest] = second.reward!.waiting;
    const redeem = await t.app.inject({
      method: 'POST',
      url: `/api/v1/nests/me/rewards/${oldest!.id}/redeem`,
      cookies: merchant.cookies,
    });
    expect(redeem.statusCode).toBe(200);

    const cookies = await signInCustomer(t.app, sub.email);
    const area = (await me(t.app, cookies)).json() as NestCustomer;
    const rewards = area.subscriptions[0]!.rewards;
    expect(rewards).toHaveLength(2);
    expect(rewards[0]).toMatchObject({ reward_name: 'Free croissant', redeemed_at: null });
    expect(rewards[1]).toMatchObject({ id: oldest!.id });
    expect(rewards[1]!.redeemed_at).not.toBeNull();

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/nests/me/subscriptions/${sub.id}/rewards`,
      cookies: merchant.cookies,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json<SubscriptionRewards>().rewards.map((r) => r.redeemed_at === null)).toEqual([
      true,
      false,
    ]);
    const other = await counter('pro');
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/nests/me/subscriptions/${sub.id}/rewards`,
      cookies: other.merchant.cookies,
    });
    expect(foreign.statusCode).toBe(404);

    await ageCheckIns(sub.id, 6 * 60 * 1000);
    const third = await answer(merchant, { token: await token(sub.id) });
    expect(third.reward!.redeemed.map((r) => r.id)).toEqual([oldest!.id]);
  });
});
