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
  const { counter, subscriber, answer, token } = counterHelpers(() => t);

  it.each([
    ['past_due', 'past_due'],
    ['unpaid', 'unpaid'],
    ['incomplete', 'incomplete'],
    ['canceled', 'canceled'],
  ])('a %s subscription is not eligible, and says why', async (status, reason) => {
    const { merchant, offer } = await counter();
    const sub = await subscriber(offer.id, status);
    const result = await answer(merchant, { token: await token(sub.id) });
    expect(result).toMatchObject({ result: 'not_eligible', reason, subscription: { id: sub.id, status } });
  });

  it('cancelled at period end stays eligible until the end, then it has ended', async () => {
    const { merchant, offer } = await counter();
    const sub = await subscriber(offer.id);
    await t.db
      .update(nestSubscriptions)
      .set({ cancelAtPeriodEnd: true })
      .where(eq(nestSubscriptions.id, sub.id));
    expect(await answer(merchant, { token: await token(sub.id) })).toMatchObject({
      result: 'eligible',
      subscription: { cancel_at_period_end: true },
    });
    await t.db
      .update(nestSubscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(nestSubscriptions.id, sub.id));
    expect(await answer(merchant, { token: await token(sub.id) })).toMatchObject({
      result: 'not_eligible',
      reason: 'ended',
    });
  });
});
