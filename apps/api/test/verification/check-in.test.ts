import type { CheckInList } from '@nest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('concurrent scans of one pass make one check-in and repeats', async () => {
    const { merchant, offer } = await counter('starter', { usage_allowance: { uses: 5, per: 'day' } });
    const sub = await subscriber(offer.id);
    const pass = await token(sub.id);
    const answers = await Promise.all(Array.from({ length: 4 }, () => answer(merchant, { token: pass })));
    expect(answers.filter((a) => !a.repeat)).toHaveLength(1);
    expect(answers.every((a) => a.result === 'eligible')).toBe(true);
  });
});
