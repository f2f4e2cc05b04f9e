import type { CheckInList } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nestSubscriptions } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { counterHelpers } from './support.js';

describe('verification at the counter (POST /nests/me/verifications)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const { counter, subscriber, answer, token, code, ageCheckIns } = counterHelpers(() => t);

  it('lets an active subscriber in, by token or by typed code, and records the check-in', async () => {
    const { merchant, offer } = await counter();
    const sub = await subscriber(offer.id);
    const first = await answer(merchant, { token: await token(sub.id) });
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
    const typed = (await code(sub.id)).toLowerCase();
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
    const first = await answer(merchant, { token: await token(sub.id) });
    expect(first.usage).toMatchObject({ used: 1, left: 1 });
    const again = await answer(merchant, { token: await token(sub.id) });
    expect(again).toMatchObject({ result: 'eligible', repeat: true, usage: { used: 1, left: 1 } });
  });

  it('a double scan of an offer without allowance is a repeat; a refusal is never one', async () => {
    const { merchant, offer } = await counter('starter');
    const sub = await subscriber(offer.id);
    const first = await answer(merchant, { token: await token(sub.id) });
    expect(first).toMatchObject({ result: 'eligible', repeat: false, usage: null, reward: null });
    const again = await answer(merchant, { code: await code(sub.id) });
    expect(again).toMatchObject({ result: 'eligible', repeat: true, subscription: { id: sub.id } });
    const canceled = await subscriber(offer.id, 'canceled');
    for (let i = 0; i < 2; i++) {
      expect(await answer(merchant, { subscription_id: canceled.id })).toMatchObject({
        result: 'not_eligible',
        reason: 'canceled',
        repeat: false,
      });
    }
  });

  it('a typed code names a subscription cancelled a moment ago (red), not one cancelled minutes ago', async () => {
    const { merchant, offer } = await counter('starter');
    const [now, before] = [await subscriber(offer.id), await subscriber(offer.id)];
    const typed = [await code(now.id), await code(before.id)];
    await t.db.update(nestSubscriptions).set({ status: 'canceled' }).where(eq(nestSubscriptions.id, now.id));
    await t.db
      .update(nestSubscriptions)
      .set({ status: 'canceled', updatedAt: new Date(Date.now() - 3 * 60 * 1000) })
      .where(eq(nestSubscriptions.id, before.id));
    expect(await answer(merchant, { code: typed[0] })).toMatchObject({
      result: 'not_eligible',
      reason: 'canceled',
      subscription: { id: now.id },
    });
    expect(await answer(merchant, { code: typed[1] })).toMatchObject({
      reason: 'unknown_code',
      subscription: null,
    });
  });

  it('concurrent scans of one pass make one check-in and repeats', async () => {
    const { merchant, offer } = await counter('starter', { usage_allowance: { uses: 5, per: 'day' } });
    const sub = await subscriber(offer.id);
    const pass = await token(sub.id);
    const answers = await Promise.all(Array.from({ length: 4 }, () => answer(merchant, { token: pass })));
    expect(answers.filter((a) => !a.repeat)).toHaveLength(1);
    expect(answers.every((a) => a.result === 'eligible')).toBe(true);
  });
});
