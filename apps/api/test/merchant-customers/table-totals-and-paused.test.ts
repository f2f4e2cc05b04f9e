import type { MerchantCustomerPage, MerchantCustomerRow } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkIns, nestSubscriptions, nestTransactions } from '../../src/db/schema/index.js';
import { refreshSubscriptionTotals } from '../../src/modules/merchant-customers/subscription-totals.js';
import type { SignedInMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { addSubscriber } from '../offers/support.js';
import { counterHelpers } from '../verification/support.js';
import { exportedRecords, insertLedgerRow } from './support.js';

/**
 * The customers table's total paid and last check-in (ADR 126, 194): every way a ledger row or a
 * check-in is written, changed or removed moves them; and the "paused" filter (ADR 150).
 */
describe('the customers table’s total paid, last check-in and paused filter', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const { counter, answer, token, ageCheckIns } = counterHelpers(() => t);

  /** A subscription's total paid and last check-in as its row in the table shows them. */
  async function stored(merchant: SignedInMerchant, subscriptionId: string) {
    const row = (await rows(merchant, {})).find((r) => r.subscription_id === subscriptionId)!;
    return {
      paid: row.total_paid_cents,
      last: row.last_check_in_at === null ? null : new Date(row.last_check_in_at),
    };
  }

  async function rows(merchant: SignedInMerchant, body: object): Promise<MerchantCustomerRow[]> {
    const seen: MerchantCustomerRow[] = [];
    let cursor: string | undefined;
    do {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/nests/me/nest-customers/find',
        payload: { ...body, limit: 1, ...(cursor ? { cursor } : {}) },
        cookies: merchant.cookies,
      });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<MerchantCustomerPage>();
      seen.push(...page.rows);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    return seen;
  }

  it('follows the ledger: a refund that succeeds later, a row moved to another subscription, a deleted row', async () => {
    const { merchant, offer } = await counter('pro');
    const a = await addSubscriber(t.app, offer.id, { email: 'paid.a@example.com', name: 'A' });
    const b = await addSubscriber(t.app, offer.id, { email: 'paid.b@example.com', name: 'B' });
    const write = (
      subscriptionId: string,
      kind: 'payment' | 'refund',
      status: 'succeeded' | 'pending',
      amountCents: number,
    ) => insertLedgerRow(t, { nestId: offer.nest_id, subscriptionId, kind, status, amountCents });

    await write(a.subscription_id, 'payment', 'succeeded', 3000);
    const refund = await write(a.subscription_id, 'refund', 'pending', -1000);
    expect((await stored(merchant, a.subscription_id)).paid).toBe(3000);
    await t.db.update(nestTransactions).set({ status: 'succeeded' }).where(eq(nestTransactions.id, refund));
    expect((await stored(merchant, a.subscription_id)).paid).toBe(2000);

    const moved = await write(a.subscription_id, 'payment', 'succeeded', 500);
    expect((await stored(merchant, a.subscription_id)).paid).toBe(2500);
    await t.db
      .update(nestTransactions)
      .set({ subscriptionId: b.subscription_id })
      .where(eq(nestTransactions.id, moved));
    expect((await stored(merchant, a.subscription_id)).paid).toBe(2000);
    expect((await stored(merchant, b.subscription_id)).paid).toBe(500);
    await t.db.delete(nestTransactions).where(eq(nestTransactions.id, moved));
    expect((await stored(merchant, b.subscription_id)).paid).toBe(0);

    await refreshSubscriptionTotals(t.db);
    const byPaid = await rows(merchant, { sort: 'total_paid', direction: 'desc' });
    expect(byPaid.map((r) => [r.customer.name, r.total_paid_cents])).toEqual([
      ['A', 2000],
      ['B', 0],
    ]);
  });

  it('follows the counter: a check-in moves it, a refusal does not, an undo goes back to the one before', async () => {
    const { merchant, offer } = await counter('pro');
    const early = await addSubscriber(t.app, offer.id, { email: 'seen.early@example.com', name: 'Early' });
    const late = await addSubscriber(t.app, offer.id, { email: 'seen.late@example.com', name: 'Late' });
    const never = await addSubscriber(t.app, offer.id, { email: 'seen.never@example.com', name: 'Never' });
    const canceled = await addSubscriber(t.app, offer.id, {
      email: 'seen.canceled@example.com',
      name: 'Canceled',
      status: 'canceled',
    });

    const first = await answer(merchant, { token: await token(early.subscription_id) });
    expect(first.result).toBe('eligible');
    const firstAt = (await stored(merchant, early.subscription_id)).last;
    expect(firstAt).not.toBeNull();
    // Older check-ins, written as offline sync does, do not move it back.
    await t.db.insert(checkIns).values({
      nestId: offer.nest_id,
      subscriptionId: early.subscription_id,
      result: 'eligible',
      counts: true,
      checkedAt: new Date(firstAt!.getTime() - 86_400_000),
    });
    expect((await stored(merchant, early.subscription_id)).last).toEqual(firstAt);
    const refused = await answer(merchant, { token: await token(canceled.subscription_id) });
    expect(refused.result).toBe('not_eligible');
    expect((await stored(merchant, canceled.subscription_id)).last).toBeNull();

    const lateFirst = await answer(merchant, { token: await token(late.subscription_id) });
    // An hour later (not a repeat), again; the trigger follows the moved time as well.
    await ageCheckIns(late.subscription_id, 3_600_000);
    const [aged] = await t.db
      .select({ at: checkIns.checkedAt })
      .from(checkIns)
      .where(eq(checkIns.id, lateFirst.id));
    expect((await stored(merchant, late.subscription_id)).last).toEqual(aged!.at);
    const lateSecond = await answer(merchant, { token: await token(late.subscription_id) });
    expect(lateSecond.result).toBe('eligible');
    const seenLast = (await stored(merchant, late.subscription_id)).last!;
    expect(seenLast.getTime()).toBeGreaterThan(aged!.at.getTime());

    await refreshSubscriptionTotals(t.db);
    const byLast = await rows(merchant, { sort: 'last_check_in', direction: 'desc' });
    // Newest check-in first; those never let in sort last (no check-in is -infinity).
    expect(byLast.slice(0, 2).map((r) => r.customer.name)).toEqual(['Late', 'Early']);
    expect(new Set(byLast.slice(2).map((r) => r.customer.name))).toEqual(new Set(['Never', 'Canceled']));
    expect(byLast.find((r) => r.subscription_id === never.subscription_id)?.last_check_in_at).toBeNull();
    expect(byLast[0]!.last_check_in_at).toBe(seenLast.toISOString());

    const undone = await t.app.inject({
      method: 'POST',
      url: `/api/v1/nests/me/verifications/${lateSecond.id}/undo`,
      cookies: merchant.cookies,
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await stored(merchant, late.subscription_id)).last).toEqual(aged!.at);

    await t.db.delete(checkIns).where(eq(checkIns.subscriptionId, early.subscription_id));
    expect((await stored(merchant, early.subscription_id)).last).toBeNull();
  });

  it('filters the rows with a pause, under way or to come, in the table and the CSV, only in this nest', async () => {
    const { merchant, offer } = await counter('pro');
    const other = await counter('pro');
    const add = (offerId: string, name: string, status = 'active') =>
      addSubscriber(t.app, offerId, { email: `${name.toLowerCase()}.pause@example.com`, name, status });
    const now = Date.now();
    const setPause = (subscriptionId: string, startsIn: number, endsIn: number) =>
      t.db
        .update(nestSubscriptions)
        .set({ pauseStartsAt: new Date(now + startsIn), pauseEndsAt: new Date(now + endsIn) })
        .where(eq(nestSubscriptions.id, subscriptionId));
    const DAY = 86_400_000;
    const away = await add(offer.id, 'Away');
    const soon = await add(offer.id, 'Soon');
    await add(offer.id, 'Here');
    const gone = await add(offer.id, 'Gone', 'canceled');
    const elsewhere = await add(other.offer.id, 'Elsewhere');
    await setPause(away.subscription_id, -DAY, 20 * DAY);
    await setPause(soon.subscription_id, 5 * DAY, 35 * DAY);
    await setPause(gone.subscription_id, -DAY, 20 * DAY); // an ended subscription shows no pause
    await setPause(elsewhere.subscription_id, -DAY, 20 * DAY);

    const paused = await rows(merchant, { paused: true, sort: 'name' });
    expect(paused.map((r) => r.customer.name)).toEqual(['Away', 'Soon']);
    expect(paused.every((r) => r.pause !== null)).toBe(true);
    expect(await rows(merchant, { paused: true, status: 'canceled' })).toEqual([]);
    expect((await rows(merchant, { paused: false })).length).toBe(4);

    const names = (await exportedRecords(t, merchant, 'paused=true&sort=name')).map((r) => r[0]);
    expect(names).toEqual(['Away', 'Soon']);
  });
});
