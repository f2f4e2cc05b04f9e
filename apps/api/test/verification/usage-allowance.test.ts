import type { NestCustomer } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIns, nestSubscriptions } from '../../src/db/schema/index.js';
import { customerEmail, me, signInCustomer } from '../customers/support.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { counterHelpers } from './support.js';

describe('verification at the counter (POST /nests/me/verifications)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const { counter, subscriber, answer, token, ageCheckIns } = counterHelpers(() => t);

  it('refuses when the day’s allowance is used, still records it, and allows again the next day', async () => {
    const { merchant, offer } = await counter('starter', { usage_allowance: { uses: 1, per: 'day' } });
    const sub = await subscriber(offer.id);
    expect(await answer(merchant, { token: await token(sub.id) })).toMatchObject({
      result: 'eligible',
      usage: { allowance: { uses: 1, per: 'day' }, used: 1, left: 0 },
    });
    await ageCheckIns(sub.id, 6 * 60 * 1000);
    const refused = await answer(merchant, { token: await token(sub.id) });
    expect(refused).toMatchObject({
      result: 'not_eligible',
      reason: 'usage_exhausted',
      usage: { used: 1, left: 0 },
    });
    const rows = await t.db.select().from(checkIns).where(eq(checkIns.subscriptionId, sub.id));
    expect(rows.map((r) => r.reason).sort()).toEqual([null, 'usage_exhausted'].sort());
    await ageCheckIns(sub.id, 25 * 3600 * 1000);
    expect(await answer(merchant, { token: await token(sub.id) })).toMatchObject({
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
    await answer(merchant, { token: await token(sub.id) });
    await ageCheckIns(sub.id, 2 * 24 * 3600 * 1000);
    expect(await answer(merchant, { token: await token(sub.id) })).toMatchObject({
      usage: { used: 2, left: 0 },
    });
    await ageCheckIns(sub.id, 6 * 60 * 1000);
    expect(await answer(merchant, { token: await token(sub.id) })).toMatchObject({
      reason: 'usage_exhausted',
    });
    // A new period starts afresh.
    await t.db
      .update(nestSubscriptions)
      .set({ currentPeriodStart: new Date(Date.now() - 1000) })
      .where(eq(nestSubscriptions.id, sub.id));
    expect(await answer(merchant, { token: await token(sub.id) })).toMatchObject({
      result: 'eligible',
      usage: { used: 1, left: 1 },
    });
  });

  it('a starter plan’s reward rule rests; the customer area shows usage left', async () => {
    const { merchant, offer } = await counter('starter', { usage_allowance: { uses: 3, per: 'week' } });
    const sub = await subscriber(offer.id, 'active', customerEmail('usage'));
    expect((await answer(merchant, { token: await token(sub.id) })).reward).toBeNull();
    const cookies = await signInCustomer(t.app, sub.email);
    const area = (await me(t.app, cookies)).json() as NestCustomer;
    expect(area.subscriptions[0]!.usage).toEqual({ allowance: { uses: 3, per: 'week' }, used: 1, left: 2 });
  });
});
