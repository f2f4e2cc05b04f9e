import type { NestCustomer } from '@nest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerEmail, me, signInCustomer } from '../customers/support.js';
import { readMail, type SignedInMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp, testDriver } from '../helpers.js';
import { counterHelpers } from './support.js';

describe('verification at the counter (POST /nests/me/verifications)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const { counter, subscriber, answer, token, ageCheckIns } = counterHelpers(() => t);

  it('earns a check-in reward every N check-ins, emails it once, and redeems it once', async () => {
    const { merchant, offer } = await counter('pro', {
      reward_rule: { kind: 'check_ins', every: 2, reward_name: 'Free croissant' },
    });
    const sub = await subscriber(offer.id, 'active', customerEmail('reward'));
    const first = await answer(merchant, { token: await token(sub.id) });
    expect(first.reward).toMatchObject({ progress: 1, target: 2, earned_now: false, waiting: [] });
    // A repeat does not count.
    expect((await answer(merchant, { token: await token(sub.id) })).reward).toMatchObject({ progress: 1 });
    await ageCheckIns(sub.id, 6 * 60 * 1000);
    const second = await answer(merchant, { token: await token(sub.id) });
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
    expect((await answer(merchant, { token: await token(sub.id) })).reward).toMatchObject({
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
    const got = await answer(merchant, { token: await token(sub.id) });
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
});
