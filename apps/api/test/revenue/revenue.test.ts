import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nestTransactions, revenueAlerts } from '../../src/db/schema/index.js';
import { monthRevenue } from '../../src/modules/revenue/month-revenue.js';
import { nestState } from '../checkout/support.js';
import { readMail, uniqueEmail } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import {
  createLinkFor,
  readPublicLink,
  type SellingMerchant,
  sellingMerchant,
  subscribeThroughLink,
} from '../links/support.js';
import { advanceClock } from '../payments/support.js';

describe('monthly revenue against the plan’s limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function seedPayment(
    merchant: SellingMerchant,
    amountCents: number,
    occurredAt: Date,
    paymentId: string | null = null,
  ) {
    await t.db.insert(nestTransactions).values({
      nestId: merchant.offer.nest_id,
      kind: 'payment',
      status: 'succeeded',
      amountCents,
      feeCents: 0,
      netCents: amountCents,
      currency: 'eur',
      provider: 'sandbox',
      providerObjectId: paymentId,
      providerPaymentId: paymentId,
      occurredAt,
    });
  }

  let refunds = 0;
  async function seedRefund(
    merchant: SellingMerchant,
    paymentId: string,
    amountCents: number,
    occurredAt: Date,
    status: 'succeeded' | 'pending' | 'failed' = 'succeeded',
  ) {
    await t.db.insert(nestTransactions).values({
      nestId: merchant.offer.nest_id,
      kind: 'refund',
      status,
      amountCents: -amountCents,
      feeCents: 0,
      netCents: -amountCents,
      currency: 'eur',
      provider: 'sandbox',
      providerObjectId: `re_month_${++refunds}_${Date.now()}`,
      providerPaymentId: paymentId,
      occurredAt,
    });
  }

  const revenueOf = (merchant: SellingMerchant) =>
    t.app.inject({ method: 'GET', url: '/api/v1/revenue/current', cookies: merchant.cookies });

  it('is the calendar month in the merchant’s time zone, not in UTC', async () => {
    const merchant = await sellingMerchant(t.app, { timeZone: 'America/New_York', payouts: false });
    // New York is UTC−5 in February: its February runs from 1 Feb 05:00 UTC to 1 Mar 05:00 UTC.
    await seedPayment(merchant, 100, new Date('2025-02-01T04:59:59Z')); // 31 January in New York
    await seedPayment(merchant, 200, new Date('2025-02-01T05:00:00Z')); // 1 February, midnight
    await seedPayment(merchant, 400, new Date('2025-02-15T12:00:00Z'));
    await seedPayment(merchant, 800, new Date('2025-03-01T04:59:59Z')); // still 28 February there
    await seedPayment(merchant, 1600, new Date('2025-03-01T05:00:00Z')); // March there
    const lateFebruaryInNewYork = new Date('2025-03-01T03:00:00Z');
    expect(await monthRevenue(t.db, merchant.user.id, lateFebruaryInNewYork)).toEqual({
      month: '2025-02',
      cents: 1400,
    });
    expect(await monthRevenue(t.db, merchant.user.id, new Date('2025-03-10T00:00:00Z'))).toEqual({
      month: '2025-03',
      cents: 1600,
    });
  });

  it('counts each payment less its refunds, in the payment’s month, never below zero (ADR 135)', async () => {
    const merchant = await sellingMerchant(t.app, { timeZone: 'Europe/Paris', payouts: false });
    const id = (name: string) => `py_${name}_${merchant.user.id}`;
    await seedPayment(merchant, 5000, new Date('2025-01-20T10:00:00Z'), id('january'));
    await seedPayment(merchant, 3000, new Date('2025-02-03T10:00:00Z'), id('partial'));
    await seedPayment(merchant, 2000, new Date('2025-02-04T10:00:00Z'), id('full'));
    await seedPayment(merchant, 1000, new Date('2025-02-05T10:00:00Z'), id('pending'));
    const february = new Date('2025-02-20T12:00:00Z');
    expect((await monthRevenue(t.db, merchant.user.id, february)).cents).toBe(11_000 - 5000);

    // A partial and a full refund this month give their room back in February.
    await seedRefund(merchant, id('partial'), 1200, new Date('2025-02-10T10:00:00Z'));
    await seedRefund(merchant, id('full'), 2000, new Date('2025-02-11T10:00:00Z'));
    // A refund still pending, or failed, has given nothing back yet.
    await seedRefund(merchant, id('pending'), 1000, new Date('2025-02-12T10:00:00Z'), 'pending');
    await seedRefund(merchant, id('pending'), 1000, new Date('2025-02-12T11:00:00Z'), 'failed');
    expect((await monthRevenue(t.db, merchant.user.id, february)).cents).toBe(3000 - 1200 + 1000);

    // January's payment refunded in February lowers January, not February: refunding old sales
    // cannot make room for new ones.
    await seedRefund(merchant, id('january'), 5000, new Date('2025-02-15T10:00:00Z'));
    expect((await monthRevenue(t.db, merchant.user.id, february)).cents).toBe(2800);
    expect((await monthRevenue(t.db, merchant.user.id, new Date('2025-01-31T12:00:00Z'))).cents).toBe(0);

    // A refund that arrived after the month ended still counts against its payment's month, and a
    // payment never counts below zero (a ledger out of step cannot lend room to the others).
    await seedRefund(merchant, id('partial'), 5000, new Date('2025-03-02T10:00:00Z'));
    expect((await monthRevenue(t.db, merchant.user.id, february)).cents).toBe(1000);

    // Another merchant's refund naming the same payment id changes nothing here.
    const other = await sellingMerchant(t.app, { timeZone: 'Europe/Paris', payouts: false });
    await seedRefund(other, id('pending'), 1000, new Date('2025-02-12T10:00:00Z'));
    expect((await monthRevenue(t.db, merchant.user.id, february)).cents).toBe(1000);
  });

  it('gives the dashboard the month’s figures, with the warning from 80 % and the pause at 100 %', async () => {
    const merchant = await sellingMerchant(t.app, { plan: 'starter', payouts: false });
    const now = new Date();
    expect((await revenueOf(merchant)).json()).toMatchObject({
      month_cents: 0,
      limit_cents: 2_500_00,
      ratio: 0,
      warning: false,
      limit_reached: false,
      currency: 'EUR',
    });
    await seedPayment(merchant, 1_999_99, now);
    expect((await revenueOf(merchant)).json()).toMatchObject({ warning: false, limit_reached: false });
    await seedPayment(merchant, 1, now);
    const warned = (await revenueOf(merchant)).json();
    expect(warned).toMatchObject({ month_cents: 2_000_00, ratio: 0.8, warning: true, limit_reached: false });
    expect(warned.month).toMatch(/^\d{4}-\d{2}$/);
    await seedPayment(merchant, 500_00, now);
    expect((await revenueOf(merchant)).json()).toMatchObject({
      ratio: 1,
      warning: true,
      limit_reached: true,
    });

    const enterprise = await sellingMerchant(t.app, { plan: 'enterprise', payouts: false });
    await seedPayment(enterprise, 50_000_00, now);
    expect((await revenueOf(enterprise)).json()).toMatchObject({
      month_cents: 50_000_00,
      limit_cents: null,
      ratio: null,
      warning: false,
      limit_reached: false,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/revenue/current' })).statusCode).toBe(401);
  });

  it('warns the merchant by email once a month at 80 %, then once at the limit', async () => {
    const merchant = await sellingMerchant(t.app, {
      plan: 'starter',
      offer: { amount_cents: 1_000_00, name: 'Coaching mensuel' },
    });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    await seedPayment(merchant, 1_000_00, new Date());
    const warnings = async () =>
      (await readMail(t.app, merchant.user.email))
        .map((mail) => mail.subject)
        .filter((s) => /limit|paused/.test(s));
    await subscribeThroughLink(t.app, link.nest_link_id, { email: uniqueEmail('a') }); // 2,000 €: 80 %
    expect(await warnings()).toEqual(['You are close to your Nest Starter plan’s monthly limit']);

    await seedPayment(merchant, 100_00, new Date());
    await subscribeThroughLink(t.app, link.nest_link_id, { email: uniqueEmail('b') }); // 3,100 €: the limit
    const alertsByMonth = async () => {
      const alerts = await t.db
        .select()
        .from(revenueAlerts)
        .where(eq(revenueAlerts.userId, merchant.user.id));
      const months = new Map<string, number[]>();
      for (const { month, percent } of alerts)
        months.set(month, [...(months.get(month) ?? []), percent].sort());
      return months;
    };
    const before = [...(await alertsByMonth())];
    expect(before).toHaveLength(1);
    const [month, levels] = before[0]!;
    expect(levels).toEqual([100, 80]);

    // Two renewals (2,000 €, 80 %). The sandbox's clock moves the merchant's past back, so they land a
    // day or two before the first payments: in the same month they tell nothing new; run on a month's
    // first days, they land in the month before, which is then told once that it reached 80 %.
    await advanceClock(t.app, merchant, 32);
    expect((await nestState(t.app, merchant.offer.nest_id)).payments).toHaveLength(6);
    const after = await alertsByMonth();
    expect(after.get(month)).toEqual([100, 80]);
    const otherMonths = [...after.keys()].filter((m) => m !== month);
    expect(otherMonths.length).toBeLessThanOrEqual(1);
    for (const other of otherMonths) expect(after.get(other)).toEqual([80]);
    expect(await warnings()).toEqual([
      'You are close to your Nest Starter plan’s monthly limit',
      expect.stringMatching(/^New subscriptions are paused for /),
      ...otherMonths.map(() => 'You are close to your Nest Starter plan’s monthly limit'),
    ]);
  });

  it('never stops renewals: an existing subscriber is charged at renewal when the limit is reached', async () => {
    const merchant = await sellingMerchant(t.app, { plan: 'starter', offer: { amount_cents: 2900 } });
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const email = uniqueEmail('loyal');
    await subscribeThroughLink(t.app, link.nest_link_id, { email });
    await seedPayment(merchant, 3_000_00, new Date());
    expect((await readPublicLink(t.app, link.nest_link_id)).availability).toBe('revenue_limit_reached');

    await advanceClock(t.app, merchant, 32);
    const state = await nestState(t.app, merchant.offer.nest_id);
    expect(state.subscriptions[0]).toMatchObject({ status: 'active' });
    expect(state.invoices.map((i) => [i.billingReason, i.status]).sort()).toEqual([
      ['subscription_create', 'paid'],
      ['subscription_cycle', 'paid'],
    ]);
    expect(state.payments.filter((p) => p.invoiceId !== null)).toHaveLength(2);
    expect(await readMail(t.app, email)).toHaveLength(2);
  });
});
