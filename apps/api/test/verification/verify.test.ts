import type { CheckInList, CreateOfferBody, NestCustomer, Verification } from '@nest/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIns, nestSubscriptions } from '../../src/db/schema/index.js';
import { passCode, passStep, passToken } from '../../src/modules/subscriptions/pass-format.js';
import { signPass } from '../../src/modules/subscriptions/pass-sign.js';
import { customerEmail, me, signInCustomer } from '../customers/support.js';
import { readMail, type SignedInMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp, testDriver } from '../helpers.js';
import { addSubscriber, createOfferFor, merchantWithNest } from '../offers/support.js';

describe('verification at the counter (POST /nests/me/verifications)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const secret = () => t.app.config.passSecret;

  const merchantsByNest = new Map<string, SignedInMerchant>();
  async function counter(plan: 'starter' | 'pro' = 'pro', offer: Partial<CreateOfferBody> = {}) {
    const merchant = await merchantWithNest(t.app, plan);
    const created = await createOfferFor(t.app, merchant, {
      name: 'Café illimité',
      grants: 'One coffee',
      ...offer,
    });
    merchantsByNest.set(created.nest_id, merchant);
    return { merchant, offer: created };
  }

  async function subscriber(offerId: string, status = 'active', email = customerEmail()) {
    const added = (await addSubscriber(t.app, offerId, { status, email })) as unknown as {
      subscription_id: string;
    };
    return { id: added.subscription_id, email };
  }

  const verify = (merchant: SignedInMerchant | null, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/verifications',
      payload: payload as object,
      ...(merchant ? { cookies: merchant.cookies } : {}),
    });

  async function answer(merchant: SignedInMerchant, payload: unknown): Promise<Verification> {
    const response = await verify(merchant, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  const token = (subscriptionId: string) => signPass(secret(), subscriptionId).token;
  const code = (subscriptionId: string) => signPass(secret(), subscriptionId).code;

  /** Moves the subscription's counted check-ins back in time (a day, a week). */
  async function ageCheckIns(subscriptionId: string, ms: number) {
    await t.db
      .update(checkIns)
      .set({ checkedAt: sql`${checkIns.checkedAt} - ${`${Math.round(ms / 1000)} seconds`}::interval` })
      .where(eq(checkIns.subscriptionId, subscriptionId));
  }

  it('lets an active subscriber in, by token or by typed code, and records the check-in', async () => {
    const { merchant, offer } = await counter();
    const sub = await subscriber(offer.id);
    const first = await answer(merchant, { token: token(sub.id) });
    expect(first).toMatchObject({
      result: 'eligible',
      reason: null,
      repeat: false,
      offer: { name: 'Café illimité', grants: 'One coffee' },
      subscription: { id: sub.id, status: 'active', cancel_at_period_end: false },
      usage: null,
      reward: null,
    });
    expect(first.customer).not.toBeNull();

    // Typed with dashes, spaces and lower case, a few minutes later.
    await ageCheckIns(sub.id, 6 * 60 * 1000);
    const typed = code(sub.id).toLowerCase();
    const second = await answer(merchant, { code: ` ${typed.slice(0, 4)}-${typed.slice(4)} ` });
    expect(second).toMatchObject({ result: 'eligible', repeat: false, subscription: { id: sub.id } });

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nests/me/verifications?limit=5',
      cookies: merchant.cookies,
    });
    expect(list.statusCode).toBe(200);
    const { check_ins } = list.json() as CheckInList;
    expect(check_ins).toHaveLength(2);
    expect(check_ins[0]).toMatchObject({ id: second.id, result: 'eligible', offer_name: 'Café illimité' });
  });

  it('a double scan within 5 minutes is a repeat and uses nothing', async () => {
    const { merchant, offer } = await counter('pro', { usage_allowance: { uses: 2, per: 'day' } });
    const sub = await subscriber(offer.id);
    const first = await answer(merchant, { token: token(sub.id) });
    expect(first.usage).toMatchObject({ used: 1, left: 1 });
    const again = await answer(merchant, { token: token(sub.id) });
    expect(again).toMatchObject({ result: 'eligible', repeat: true, usage: { used: 1, left: 1 } });
  });

  it.each([
    ['past_due', 'past_due'],
    ['unpaid', 'unpaid'],
    ['incomplete', 'incomplete'],
    ['canceled', 'canceled'],
  ])('a %s subscription is not eligible, and says why', async (status, reason) => {
    const { merchant, offer } = await counter();
    const sub = await subscriber(offer.id, status);
    const result = await answer(merchant, { token: token(sub.id) });
    expect(result).toMatchObject({ result: 'not_eligible', reason, subscription: { id: sub.id, status } });
  });

  it('cancelled at period end stays eligible until the end, then it has ended', async () => {
    const { merchant, offer } = await counter();
    const sub = await subscriber(offer.id);
    await t.db
      .update(nestSubscriptions)
      .set({ cancelAtPeriodEnd: true })
      .where(eq(nestSubscriptions.id, sub.id));
    expect(await answer(merchant, { token: token(sub.id) })).toMatchObject({
      result: 'eligible',
      subscription: { cancel_at_period_end: true },
    });
    await t.db
      .update(nestSubscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(nestSubscriptions.id, sub.id));
    expect(await answer(merchant, { token: token(sub.id) })).toMatchObject({
      result: 'not_eligible',
      reason: 'ended',
    });
  });

  it('refuses another merchant’s pass exactly like a forged one, and expired passes', async () => {
    const { merchant } = await counter();
    const other = await counter();
    const theirs = await subscriber(other.offer.id, 'active', customerEmail('secret'));
    const foreign = await answer(merchant, { token: token(theirs.id) });
    const forgedToken = token(theirs.id).slice(0, -4) + (token(theirs.id).endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const forged = await answer(merchant, { token: forgedToken });
    const strip = (v: Verification) => ({ ...v, id: '', checked_at: '' });
    expect(strip(foreign)).toEqual(strip(forged));
    expect(foreign).toMatchObject({
      result: 'not_eligible',
      reason: 'invalid_pass',
      customer: null,
      offer: null,
    });
    expect(JSON.stringify(foreign)).not.toContain(theirs.id);
    // Its code is unknown here too.
    expect(await answer(merchant, { code: code(theirs.id) })).toMatchObject({
      reason: 'unknown_code',
      customer: null,
    });
    expect(await answer(merchant, { token: 'not a token' })).toMatchObject({ reason: 'invalid_pass' });

    // Two steps old: expired for our own pass, invalid for theirs.
    const { offer } = await counter();
    const ours = await subscriber(offer.id);
    const mine = await merchantOf(offer.nest_id);
    const old = passStep(new Date()) - 3;
    expect(await answer(mine, { token: passToken(secret(), ours.id, old) })).toMatchObject({
      reason: 'expired_pass',
    });
    expect(await answer(merchant, { token: passToken(secret(), ours.id, old) })).toMatchObject({
      reason: 'invalid_pass',
    });
    expect(await answer(mine, { code: passCode(passToken(secret(), ours.id, old)) })).toMatchObject({
      reason: 'unknown_code',
    });
  });

  async function merchantOf(nestId: string) {
    const found = merchantsByNest.get(nestId);
    if (!found) throw new Error('unknown nest');
    return found;
  }

  it('refuses when the day’s allowance is used, still records it, and allows again the next day', async () => {
    const { merchant, offer } = await counter('starter', { usage_allowance: { uses: 1, per: 'day' } });
    const sub = await subscriber(offer.id);
    expect(await answer(merchant, { token: token(sub.id) })).toMatchObject({
      result: 'eligible',
      usage: { allowance: { uses: 1, per: 'day' }, used: 1, left: 0 },
    });
    await ageCheckIns(sub.id, 6 * 60 * 1000);
    const refused = await answer(merchant, { token: token(sub.id) });
    expect(refused).toMatchObject({
      result: 'not_eligible',
      reason: 'usage_exhausted',
      usage: { used: 1, left: 0 },
    });
    const rows = await t.db.select().from(checkIns).where(eq(checkIns.subscriptionId, sub.id));
    expect(rows.map((r) => r.reason).sort()).toEqual([null, 'usage_exhausted'].sort());
    await ageCheckIns(sub.id, 25 * 3600 * 1000);
    expect(await answer(merchant, { token: token(sub.id) })).toMatchObject({
      result: 'eligible',
      usage: { left: 0 },
    });
  });

  it('counts a per-period allowance from the start of the billing period', async () => {
    const { merchant, offer } = await counter('starter', { usage_allowance: { uses: 2, per: 'period' } });
    const sub = await subscriber(offer.id);
    await t.db
      .update(nestSubscriptions)
      .set({ currentPeriodStart: new Date(Date.now() - 10 * 24 * 3600 * 1000) })
      .where(eq(nestSubscriptions.id, sub.id));
    await answer(merchant, { token: token(sub.id) });
    await ageCheckIns(sub.id, 2 * 24 * 3600 * 1000);
    expect(await answer(merchant, { token: token(sub.id) })).toMatchObject({ usage: { used: 2, left: 0 } });
    await ageCheckIns(sub.id, 6 * 60 * 1000);
    expect(await answer(merchant, { token: token(sub.id) })).toMatchObject({ reason: 'usage_exhausted' });
    // A new period starts afresh.
    await t.db
      .update(nestSubscriptions)
      .set({ currentPeriodStart: new Date(Date.now() - 1000) })
      .where(eq(nestSubscriptions.id, sub.id));
    expect(await answer(merchant, { token: token(sub.id) })).toMatchObject({
      result: 'eligible',
      usage: { used: 1, left: 1 },
    });
  });

  it('earns a check-in reward every N check-ins, emails it once, and redeems it once', async () => {
    const { merchant, offer } = await counter('pro', {
      reward_rule: { kind: 'check_ins', every: 2, reward_name: 'Free croissant' },
    });
    const sub = await subscriber(offer.id, 'active', customerEmail('reward'));
    const first = await answer(merchant, { token: token(sub.id) });
    expect(first.reward).toMatchObject({ progress: 1, target: 2, earned_now: false, waiting: [] });
    // A repeat does not count.
    expect((await answer(merchant, { token: token(sub.id) })).reward).toMatchObject({ progress: 1 });
    await ageCheckIns(sub.id, 6 * 60 * 1000);
    const second = await answer(merchant, { token: token(sub.id) });
    expect(second.reward).toMatchObject({ progress: 0, earned_now: true });
    expect(second.reward!.waiting).toHaveLength(1);
    const mail = (await readMail(t.app, sub.email)).filter((m) => /reward|récompense/i.test(m.subject));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain('Free croissant');
    expect(mail[0]!.text).toContain('2 visits');

    // The customer area shows the progress.
    const cookies = await signInCustomer(t.app, sub.email);
    const area = (await me(t.app, cookies)).json() as NestCustomer;
    expect(area.subscriptions[0]!.reward).toMatchObject({ progress: 0, target: 2 });

    const rewardId = second.reward!.waiting[0]!.id;
    const redeem = (m: SignedInMerchant) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/nests/me/rewards/${rewardId}/redeem`,
        cookies: m.cookies,
      });
    const other = await counter();
    expect((await redeem(other.merchant)).statusCode).toBe(404);
    const redeemed = await redeem(merchant);
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json()).toMatchObject({ id: rewardId, reward_name: 'Free croissant' });
    const twice = await redeem(merchant);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'reward_already_redeemed' });
    await ageCheckIns(sub.id, 6 * 60 * 1000);
    expect((await answer(merchant, { token: token(sub.id) })).reward).toMatchObject({
      progress: 1,
      waiting: [],
    });
    expect((await readMail(t.app, sub.email)).filter((m) => /reward/i.test(m.subject))).toHaveLength(1);
  });

  it.runIf(testDriver === 'postgres')('two concurrent redeems: exactly one wins', async () => {
    const { merchant, offer } = await counter('pro', {
      reward_rule: { kind: 'check_ins', every: 1, reward_name: 'Free tea' },
    });
    const sub = await subscriber(offer.id);
    const got = await answer(merchant, { token: token(sub.id) });
    const rewardId = got.reward!.waiting[0]!.id;
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/nests/me/rewards/${rewardId}/redeem`,
          cookies: merchant.cookies,
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
  });

  it('concurrent scans of one pass make one check-in and repeats', async () => {
    const { merchant, offer } = await counter('starter', { usage_allowance: { uses: 5, per: 'day' } });
    const sub = await subscriber(offer.id);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => answer(merchant, { token: token(sub.id) })),
    );
    expect(answers.filter((a) => !a.repeat)).toHaveLength(1);
    expect(answers.every((a) => a.result === 'eligible')).toBe(true);
  });

  it('a starter plan’s reward rule rests; the customer area shows usage left', async () => {
    const { merchant, offer } = await counter('starter', { usage_allowance: { uses: 3, per: 'week' } });
    const sub = await subscriber(offer.id, 'active', customerEmail('usage'));
    expect((await answer(merchant, { token: token(sub.id) })).reward).toBeNull();
    const cookies = await signInCustomer(t.app, sub.email);
    const area = (await me(t.app, cookies)).json() as NestCustomer;
    expect(area.subscriptions[0]!.usage).toEqual({ allowance: { uses: 3, per: 'week' }, used: 1, left: 2 });
  });

  it('validation problems, 401, and the code rate limit', async () => {
    expect((await verify(null, { code: 'ABCD2345' })).statusCode).toBe(401);
    const { merchant } = await counter();
    for (const bad of [
      {},
      { token: 'x', code: 'ABCD2345' },
      { code: 'ABC' },
      { code: 'ABCD*345' },
      { extra: 1 },
    ]) {
      const response = await verify(merchant, bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    let limited: Awaited<ReturnType<typeof verify>> | undefined;
    for (let i = 0; i < 31; i++) {
      const response = await verify(merchant, { code: 'ZZZZ9999' });
      if (response.statusCode === 429) {
        limited = response;
        break;
      }
      expect(response.json()).toMatchObject({ reason: 'unknown_code' });
    }
    expect(limited?.statusCode).toBe(429);
    expect(limited?.json()).toMatchObject({ code: 'rate_limited' });
    expect(limited?.headers['retry-after']).toBeDefined();
    // Scanned tokens are not held back by the code limit.
    expect((await verify(merchant, { token: 'abc' })).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/nests/me/rewards/nope/redeem',
          cookies: merchant.cookies,
        })
      ).statusCode,
    ).toBe(404);
  });
});
