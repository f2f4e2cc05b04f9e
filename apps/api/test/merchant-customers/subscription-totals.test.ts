import type { MerchantCustomerPage } from '@nest/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionTotalChanges, subscriptionTotals } from '../../src/db/schema/index.js';
import {
  lastCheckInBy,
  paidBy,
  refreshSubscriptionTotals,
} from '../../src/modules/merchant-customers/subscription-totals.js';
import type { SignedInMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp, testDriver } from '../helpers.js';
import { addSubscriber } from '../offers/support.js';
import { counterHelpers } from '../verification/support.js';
import { insertLedgerRow } from './support.js';

/**
 * The sort keys of "total paid" and "last check-in" (ADR 199): written by a job from the notes the
 * ledger's and the counter's triggers leave, never by the write paths themselves.
 */
describe('the customers table’s sorts by total paid and last check-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const { counter, answer, token } = counterHelpers(() => t);

  async function sorted(merchant: SignedInMerchant, sort: 'total_paid' | 'last_check_in') {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/nest-customers/find',
      payload: { sort, direction: 'desc', limit: 50 },
      cookies: merchant.cookies,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<MerchantCustomerPage>().rows;
  }

  const notes = async (subscriptionIds: string[]) =>
    (
      await t.db
        .select({ id: subscriptionTotalChanges.id })
        .from(subscriptionTotalChanges)
        .where(inArray(subscriptionTotalChanges.subscriptionId, subscriptionIds))
    ).length;

  it('reorders once the job has run, while each row shows its live figure; the job takes each note once', async () => {
    const { merchant, offer } = await counter('pro');
    const a = await addSubscriber(t.app, offer.id, { email: 'order.a@example.com', name: 'A' });
    const b = await addSubscriber(t.app, offer.id, { email: 'order.b@example.com', name: 'B' });
    const ids = [a.subscription_id, b.subscription_id];
    // A new subscription has its row at once: it sorts with nothing paid and no check-in.
    expect(
      await t.db.select().from(subscriptionTotals).where(inArray(subscriptionTotals.subscriptionId, ids)),
    ).toHaveLength(2);
    const pay = (
      subscriptionId: string,
      amountCents: number,
      status: 'succeeded' | 'pending' = 'succeeded',
    ) => insertLedgerRow(t, { nestId: offer.nest_id, subscriptionId, kind: 'payment', status, amountCents });

    await pay(a.subscription_id, 1000);
    await pay(b.subscription_id, 2000);
    expect(await notes(ids)).toBe(2);
    await refreshSubscriptionTotals(t.db);
    expect(await notes(ids)).toBe(0);
    expect((await sorted(merchant, 'total_paid')).map((r) => r.customer.name)).toEqual(['B', 'A']);

    await pay(a.subscription_id, 5000);
    await pay(a.subscription_id, 9000, 'pending'); // not paid yet: no note
    expect(await notes(ids)).toBe(1);
    const before = await sorted(merchant, 'total_paid');
    expect(before.map((r) => [r.customer.name, r.total_paid_cents])).toEqual([
      ['B', 2000],
      ['A', 6000],
    ]);
    await refreshSubscriptionTotals(t.db);
    expect((await sorted(merchant, 'total_paid')).map((r) => r.customer.name)).toEqual(['A', 'B']);

    // A check-in that lets in leaves a note; a refusal does not.
    const seen = await answer(merchant, { token: await token(b.subscription_id) });
    expect(seen.result).toBe('eligible');
    expect(await notes(ids)).toBe(1);
    await refreshSubscriptionTotals(t.db);
    expect((await sorted(merchant, 'last_check_in')).map((r) => r.customer.name)).toEqual(['B', 'A']);
    const [stored] = await t.db
      .select({ at: subscriptionTotals.lastCheckInAt })
      .from(subscriptionTotals)
      .where(eq(subscriptionTotals.subscriptionId, b.subscription_id));
    expect(stored!.at.toISOString()).toBe((await sorted(merchant, 'last_check_in'))[0]!.last_check_in_at);
  });

  it.runIf(testDriver === 'postgres')(
    'under 60 simultaneous payments and check-ins with refreshes running alongside, ends equal to the live figures (PostgreSQL)',
    async () => {
      const { merchant, offer } = await counter('pro');
      const subscribers = await Promise.all(
        ['R1', 'R2', 'R3'].map((name) =>
          addSubscriber(t.app, offer.id, { email: `race.${name.toLowerCase()}@example.com`, name }),
        ),
      );
      const ids = subscribers.map((s) => s.subscription_id);
      const writes = Array.from({ length: 60 }, (_, i) => {
        const subscriptionId = ids[i % ids.length]!;
        return i % 4 === 0
          ? token(subscriptionId).then((passToken) => answer(merchant, { token: passToken }))
          : insertLedgerRow(t, {
              nestId: offer.nest_id,
              subscriptionId,
              kind: 'payment',
              status: 'succeeded',
              amountCents: 100 + i,
            });
      });
      const refreshes = Array.from({ length: 5 }, () => refreshSubscriptionTotals(t.db));
      await Promise.all([...writes, ...refreshes]);
      await refreshSubscriptionTotals(t.db);

      expect(await notes(ids)).toBe(0);
      const id = sql`${subscriptionTotals.subscriptionId}`;
      const differing = await t.db
        .select({ id: subscriptionTotals.subscriptionId })
        .from(subscriptionTotals)
        .where(
          and(
            inArray(subscriptionTotals.subscriptionId, ids),
            sql`(${subscriptionTotals.paidCents}, ${subscriptionTotals.lastCheckInAt}) is distinct from
              (${paidBy(id)}::bigint, coalesce(${lastCheckInBy(id)}, '-infinity'::timestamptz))`,
          ),
        );
      expect(differing).toEqual([]);
      const totals = (await sorted(merchant, 'total_paid')).map((r) => r.total_paid_cents);
      expect(totals.every((cents) => cents > 0)).toBe(true);
      expect(totals).toEqual([...totals].sort((x, y) => y - x));
    },
  );
});
