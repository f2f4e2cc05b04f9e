import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkIns,
  nestCustomers,
  nestSubscriptions,
  nestTransactions,
  offerPrices,
} from '../../src/db/schema/index.js';
import { monthPeriod, namedMonth } from '../../src/modules/revenue/calendar.js';
import { monthEndSql, monthStartSql } from '../../src/modules/revenue/month-revenue.js';
import { revenueSummary } from '../../src/modules/revenue/summary.js';
import { createTestApp, type TestApp } from '../helpers.js';
import {
  createLinkFor,
  type SellingMerchant,
  sellingMerchant,
  subscribeThroughLink,
} from '../links/support.js';

describe('the merchant’s money summary', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const summaryOf = (merchant: SellingMerchant, query = '', headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${merchant.user.id}/stripe/summary${query}`,
      cookies: merchant.cookies,
      headers,
    });

  /**
   * One nest in Paris, seen on 20 March 2025 at 13:00 local time. March there runs from
   * 28 Feb 23:00 UTC to 31 Mar 22:00 UTC (summer time from the 30th); February from 31 Jan 23:00 UTC.
   */
  async function parisBook() {
    const merchant = await sellingMerchant(t.app, { timeZone: 'Europe/Paris', payouts: false });
    const nestId = merchant.offer.nest_id;
    let version = 100;
    const price = async (amountCents: number, interval: 'week' | 'month' | 'year', intervalCount = 1) => {
      const [row] = await t.db
        .insert(offerPrices)
        .values({
          offerId: merchant.offer.id,
          version: ++version,
          amountCents,
          currency: 'EUR',
          interval,
          intervalCount,
          providerPriceId: `price_test_${version}`,
        })
        .returning({ id: offerPrices.id });
      return row!.id;
    };
    const monthly = await price(1000, 'month');
    const yearly = await price(12_000, 'year');
    const weekly700 = await price(700, 'week');
    const weekly500 = await price(500, 'week');
    const subscriptions: Record<string, string> = {};
    const sub = async (
      name: string,
      offerPriceId: string,
      status: 'incomplete' | 'trialing' | 'active' | 'past_due' | 'canceled',
      createdAt: string,
      more: { canceledAt?: string; cancelAtPeriodEnd?: boolean; currentPeriodEnd?: string } = {},
    ) => {
      const [customer] = await t.db
        .insert(nestCustomers)
        .values({ email: `${name}-${crypto.randomUUID().slice(0, 8)}@example.com`, name })
        .returning({ id: nestCustomers.id });
      const [row] = await t.db
        .insert(nestSubscriptions)
        .values({
          nestId,
          customerId: customer!.id,
          offerPriceId,
          status,
          provider: 'sandbox',
          createdAt: new Date(createdAt),
          canceledAt: more.canceledAt ? new Date(more.canceledAt) : null,
          cancelAtPeriodEnd: more.cancelAtPeriodEnd ?? false,
          currentPeriodEnd: more.currentPeriodEnd ? new Date(more.currentPeriodEnd) : null,
        })
        .returning({ id: nestSubscriptions.id });
      subscriptions[name] = row!.id;
      return { subscriptionId: row!.id, customerId: customer!.id };
    };
    const s1 = await sub('s1', monthly, 'active', '2025-01-10T10:00:00Z', {
      currentPeriodEnd: '2025-03-25T00:00:00Z',
    });
    const s2 = await sub('s2', yearly, 'active', '2025-02-10T10:00:00Z', {
      cancelAtPeriodEnd: true,
      currentPeriodEnd: '2025-03-22T00:00:00Z',
    });
    const s3 = await sub('s3', weekly700, 'past_due', '2025-03-05T10:00:00Z');
    await sub('s4', monthly, 'trialing', '2025-03-15T10:00:00Z', {
      currentPeriodEnd: '2025-03-29T00:00:00Z',
    });
    await sub('s5', monthly, 'canceled', '2025-01-05T10:00:00Z', { canceledAt: '2025-03-01T10:00:00Z' });
    await sub('s6', monthly, 'canceled', '2025-02-01T12:00:00Z', { canceledAt: '2025-02-28T22:30:00Z' });
    await sub('s7', monthly, 'incomplete', '2025-03-10T10:00:00Z');
    await sub('s8', monthly, 'canceled', '2024-12-01T10:00:00Z', { canceledAt: '2025-02-10T10:00:00Z' });
    await sub('s9', weekly500, 'active', '2025-01-20T10:00:00Z', {
      currentPeriodEnd: '2025-03-21T00:00:00Z',
    });

    const money = async (
      kind: 'payment' | 'refund' | 'payout',
      status: 'succeeded' | 'pending' | 'in_transit' | 'paid',
      amountCents: number,
      occurredAt: string,
      who?: { subscriptionId: string; customerId: string },
      paymentId?: string,
    ) => {
      await t.db.insert(nestTransactions).values({
        nestId,
        subscriptionId: who?.subscriptionId ?? null,
        customerId: who?.customerId ?? null,
        kind,
        status,
        amountCents,
        feeCents: 0,
        netCents: amountCents,
        currency: 'eur',
        provider: 'sandbox',
        ...(paymentId
          ? {
              providerPaymentId: paymentId,
              providerObjectId: kind === 'payment' ? paymentId : `re_${paymentId}`,
            }
          : {}),
        occurredAt: new Date(occurredAt),
      });
    };
    await money('payment', 'succeeded', 1000, '2025-03-01T00:00:00Z', s1);
    const s3Payment = `py_s3_${nestId}`;
    await money('payment', 'succeeded', 700, '2025-03-05T10:00:00Z', s3, s3Payment);
    await money('refund', 'succeeded', -300, '2025-03-06T10:00:00Z', s3, s3Payment);
    await money('payment', 'succeeded', 1000, '2025-02-28T22:59:59Z', s1); // 23:59:59 on 28 Feb in Paris
    await money('payment', 'succeeded', 12_000, '2025-02-10T10:00:00Z', s2);
    await money('payout', 'pending', -5000, '2025-03-15T10:00:00Z');
    await money('payout', 'in_transit', -2000, '2025-03-10T10:00:00Z');
    await money('payout', 'paid', -9000, '2025-03-02T10:00:00Z');

    const checkIn = async (checkedAt: string, counts = true) =>
      t.db.insert(checkIns).values({
        nestId,
        subscriptionId: s1.subscriptionId,
        customerId: s1.customerId,
        result: 'eligible',
        repeat: !counts,
        counts,
        checkedAt: new Date(checkedAt),
      });
    await checkIn('2025-03-20T08:00:00Z');
    await checkIn('2025-03-20T09:00:00Z', false); // a repeat does not count
    await checkIn('2025-03-19T23:30:00Z'); // 00:30 on 20 March in Paris
    await checkIn('2025-02-27T10:00:00Z');
    await checkIn('2025-01-15T10:00:00Z');
    return { merchant, subscriptions };
  }

  it('computes the month’s figures and the month before by hand-computable rules', async () => {
    const { merchant } = await parisBook();
    const now = new Date('2025-03-20T12:00:00Z');
    const summary = await revenueSummary(t.db, { userId: merchant.user.id, now });

    expect(summary.period).toEqual({
      month: '2025-03',
      start: '2025-02-28T23:00:00.000Z',
      end: '2025-03-31T22:00:00.000Z',
      as_of: now.toISOString(),
      current: true,
    });
    expect(summary.current).toEqual({
      revenue_cents: 1000 + 700 - 300,
      // 10 € + 120 €/12 + 7 € × 52/12 (past due) + 5 € × 52/12 = 72 €; the trial is out.
      mrr_cents: 7200,
      // Less the yearly one set to cancel.
      committed_mrr_cents: 6200,
      active_subscribers: 5, // s1 s2 s3 s4 s9
      new_subscribers: 2, // s3 s4 (s7 never completed)
      cancellations: 1, // s5
      // Window 18 Feb 12:00 → 20 Mar 12:00 UTC: live at its start s1 s2 s5 s6 s9; ended in it s5 s6.
      churn_rate: 0.4,
      check_ins: 2,
      pending_payout_cents: 7000,
    });
    expect(summary.previous).toEqual({
      revenue_cents: 13_000,
      // Live at February's end: s1, s2, s5, s9 = 10 + 10 + 10 + 21.67.
      mrr_cents: 5167,
      committed_mrr_cents: null,
      active_subscribers: 4,
      new_subscribers: 2, // s2 s6
      cancellations: 2, // s6 (23:30 on 28 Feb in Paris) s8
      // Window 29 Jan 23:00 → 28 Feb 23:00 UTC: live at its start s1 s5 s8 s9; ended in it s6 s8.
      churn_rate: 0.5,
      check_ins: 1,
      pending_payout_cents: null,
    });
    // March has run 469 hours (19 days 13 hours): February's first 469 hours, to 20 Feb 13:00 in Paris,
    // are what March so far is compared with (ADR 225). s2's payment; s6 and s2 started (s6 on
    // 1 Feb); s8 ended (s6 ended on the 28th, later); the February check-in was on the 27th.
    expect(summary.previous_to_date).toEqual({
      as_of: '2025-02-20T12:00:00.000Z',
      revenue_cents: 12_000,
      new_subscribers: 2,
      cancellations: 1,
      check_ins: 0,
    });
    // Collected 14 € of payments less their refunds, as the limit counts them (ADR 135); renewals
    // before 31 March: s1 10 €, s4's trial 10 €, s9 twice 5 € (21 and 28 March); s3's 7 € less its
    // 3 € refund of new business over 469 hours, extended over the 274 left: 2.34 €.
    expect(summary.forecast).toEqual({
      month_end_cents: 1400 + 3000 + 234,
      collected_cents: 1400,
      scheduled_renewals_cents: 3000,
      new_business_cents: 400,
    });
    expect(summary.past_due_subscribers).toBe(1);

    expect(summary.series.revenue_by_month.slice(-3)).toEqual([
      { month: '2025-01', revenue_cents: 0 },
      { month: '2025-02', revenue_cents: 13_000 },
      { month: '2025-03', revenue_cents: 1400 },
    ]);
    expect(summary.series.revenue_by_month[0]!.month).toBe('2024-04');
    expect(summary.series.subscribers_by_month.slice(-4)).toEqual([
      { month: '2024-12', active: 1, new: 1, cancelled: 0 },
      { month: '2025-01', active: 4, new: 3, cancelled: 0 },
      { month: '2025-02', active: 4, new: 2, cancelled: 2 },
      { month: '2025-03', active: 5, new: 2, cancelled: 1 },
    ]);
    const days = summary.series.check_ins_by_day;
    expect(days).toHaveLength(30);
    expect(days[0]!.day).toBe('2025-02-19');
    expect(days.filter((d) => d.check_ins > 0)).toEqual([
      { day: '2025-02-27', check_ins: 1 },
      { day: '2025-03-20', check_ins: 2 },
    ]);
    expect(summary.recent_transactions.map((r) => [r.kind, r.status, r.amount_cents])).toEqual([
      ['payout', 'pending', -5000],
      ['payout', 'in_transit', -2000],
      ['refund', 'succeeded', -300],
      ['payment', 'succeeded', 700],
      ['payout', 'paid', -9000],
    ]);
    expect(summary.recent_transactions[2]!.customer_name).toBe('s3');
    expect(summary.payouts.next).toMatchObject({ status: 'in_transit', amount_cents: -2000 });
    expect(summary.payouts.last).toMatchObject({ status: 'paid', amount_cents: -9000 });
  });

  it('answers a past month as of its end, with no forecast', async () => {
    const { merchant } = await parisBook();
    const summary = await revenueSummary(t.db, {
      userId: merchant.user.id,
      month: '2025-02',
      now: new Date('2025-03-20T12:00:00Z'),
    });
    expect(summary.period).toMatchObject({
      month: '2025-02',
      as_of: '2025-02-28T23:00:00.000Z',
      current: false,
    });
    expect(summary.current).toMatchObject({
      revenue_cents: 13_000,
      mrr_cents: 5167,
      committed_mrr_cents: null,
      active_subscribers: 4,
      check_ins: 1,
      pending_payout_cents: null,
    });
    expect(summary.previous_period.month).toBe('2025-01');
    expect(summary.previous).toMatchObject({ revenue_cents: 0, active_subscribers: 4, new_subscribers: 3 });
    // A whole month is compared with the whole month before.
    expect(summary.previous_to_date).toBeNull();
    expect(summary.forecast).toBeNull();
    expect(summary.series.check_ins_by_day.at(-1)!.day).toBe('2025-02-28');
  });

  it('agrees with the database on where months begin and end, in every zone', async () => {
    for (const zone of ['Europe/Paris', 'America/New_York', 'Pacific/Auckland']) {
      for (const instant of [
        '2024-02-15T12:00:00Z',
        '2025-03-31T11:30:00Z',
        '2025-10-26T01:30:00Z',
        '2025-12-31T23:30:00Z',
      ]) {
        const now = new Date(instant);
        const result = await t.db.execute(
          sql`select ${monthStartSql(now, sql`${zone}`)} as start, ${monthEndSql(now, sql`${zone}`)} as "end"`,
        );
        const row = (result as unknown as { rows: unknown[] }).rows[0] as {
          start: string | Date;
          end: string | Date;
        };
        const { start, end } = monthPeriod(now, zone);
        expect([new Date(row.start).toISOString(), new Date(row.end).toISOString()]).toEqual([
          start.toISOString(),
          end.toISOString(),
        ]);
      }
    }
    expect(namedMonth('2024-02', 'Europe/Paris').key).toBe('2024-02');
  });

  it('moves by exactly a sandbox payment', async () => {
    const merchant = await sellingMerchant(t.app, {});
    const before = (await summaryOf(merchant)).json();
    expect(before.current).toMatchObject({ revenue_cents: 0, active_subscribers: 0, new_subscribers: 0 });
    expect(before.series.revenue_by_month).toHaveLength(12);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    await subscribeThroughLink(t.app, link.nest_link_id, { email: 'pays@example.com', name: 'Pays' });
    const after = (await summaryOf(merchant)).json();
    const [price] = await t.db
      .select({ amount: offerPrices.amountCents })
      .from(offerPrices)
      .where(eq(offerPrices.offerId, merchant.offer.id));
    expect(after.current.revenue_cents - before.current.revenue_cents).toBe(price!.amount);
    expect(after.current.active_subscribers).toBe(1);
    expect(after.current.new_subscribers).toBe(1);
    expect(after.series.revenue_by_month.at(-1).revenue_cents).toBe(price!.amount);
    expect(after.recent_transactions[0]).toMatchObject({
      kind: 'payment',
      amount_cents: price!.amount,
      customer_email: 'pays@example.com',
    });
  });

  it('is the caller’s own only, needs a session, and refuses a malformed month in the caller’s language', async () => {
    const mine = await sellingMerchant(t.app, { payouts: false });
    const theirs = await sellingMerchant(t.app, { payouts: false });
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${theirs.user.id}/stripe/summary`,
      cookies: mine.cookies,
    });
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).toContain('application/problem+json');
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${mine.user.id}/stripe/summary`,
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await summaryOf(mine, '?month=2025-13', { 'accept-language': 'fr-FR' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    expect(bad.json()).toMatchObject({ code: 'validation_failed' });
    expect(bad.json().title).toBe('Saisie invalide');
    const empty = (await summaryOf(mine, '?month=2024-06')).json();
    expect(empty.period).toMatchObject({ month: '2024-06', current: false });
    expect(empty.current.revenue_cents).toBe(0);
  });
});
