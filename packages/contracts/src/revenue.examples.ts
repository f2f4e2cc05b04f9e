import { example, exampleIds } from './example.js';
import { ledgerEntrySchema, revenueSchema, revenueSummarySchema } from './revenue.js';

/** November so far at Café Lumière, on the Enterprise plan (no revenue limit). */
export const revenue = example(revenueSchema, {
  month: '2026-11',
  month_cents: 74100,
  limit_cents: null,
  ratio: null,
  warning: false,
  limit_reached: false,
  currency: 'EUR',
  active_subscribers: 42,
});

const renewal = example(ledgerEntrySchema, {
  id: exampleIds.payment,
  kind: 'payment',
  status: 'succeeded',
  amount_cents: 1900,
  currency: 'EUR',
  occurred_at: '2026-11-12T17:21:30Z',
  customer_name: 'Camille Martin',
  customer_email: 'camille.martin@example.com',
});

const payout = (id: string, status: string, amount: number, at: string) => ({
  id,
  kind: 'payout',
  status,
  amount_cents: amount,
  currency: 'EUR',
  occurred_at: at,
  customer_name: null,
  customer_email: null,
});

const months = ['2025-12', ...Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`)];
/** Opened in March 2026: nothing before, then a club that grows to 42 members. */
const members = [0, 0, 0, 12, 19, 24, 27, 30, 33, 36, 40, 42];

export const revenueSummary = example(revenueSummarySchema, {
  currency: 'EUR',
  time_zone: 'Europe/Paris',
  period: {
    month: '2026-11',
    start: '2026-10-31T23:00:00Z',
    end: '2026-11-30T23:00:00Z',
    as_of: '2026-11-24T09:30:00Z',
    current: true,
  },
  previous_period: { month: '2026-10', start: '2026-09-30T22:00:00Z', end: '2026-10-31T23:00:00Z' },
  current: {
    revenue_cents: 74100,
    mrr_cents: 79800,
    committed_mrr_cents: 77900,
    active_subscribers: 42,
    new_subscribers: 3,
    cancellations: 1,
    churn_rate: 0.025,
    check_ins: 512,
    pending_payout_cents: 21480,
  },
  previous: {
    revenue_cents: 74100,
    mrr_cents: 76000,
    committed_mrr_cents: null,
    active_subscribers: 40,
    new_subscribers: 5,
    cancellations: 1,
    churn_rate: 0.028,
    check_ins: 688,
    pending_payout_cents: null,
  },
  previous_to_date: {
    as_of: '2026-10-24T08:30:00Z',
    revenue_cents: 66200,
    new_subscribers: 4,
    cancellations: 1,
    check_ins: 540,
  },
  forecast: {
    month_end_cents: 80400,
    collected_cents: 74100,
    scheduled_renewals_cents: 5700,
    new_business_cents: 600,
  },
  past_due_subscribers: 1,
  series: {
    revenue_by_month: months.map((month, i) => ({ month, revenue_cents: (members[i] ?? 0) * 1900 })),
    subscribers_by_month: months.map((month, i) => ({
      month,
      active: members[i] ?? 0,
      new: Math.max(0, (members[i] ?? 0) - (members[i - 1] ?? 0)) + (i > 3 ? 1 : 0),
      cancelled: i > 3 ? 1 : 0,
    })),
    check_ins_by_day: Array.from({ length: 30 }, (_, i) => ({
      day: new Date(Date.UTC(2026, 9, 26 + i)).toISOString().slice(0, 10),
      check_ins: [24, 27, 25, 26, 29, 31, 12][i % 7] ?? 0,
    })),
  },
  recent_transactions: [renewal.value],
  payouts: {
    next: payout('c1f5a9d3-7e2b-4c6f-8a0d-4b8e2c6f0a31', 'in_transit', -21480, '2026-11-23T06:00:00Z'),
    last: payout('d2a6b0e4-8f3c-4d7a-9b1e-5c9f3d7a1b42', 'paid', -19840, '2026-11-16T06:00:00Z'),
  },
});
