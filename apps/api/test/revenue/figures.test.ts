import { describe, expect, it } from 'vitest';
import { namedMonth } from '../../src/modules/revenue/calendar.js';
import {
  change,
  churnOf,
  churnRate,
  collectedCents,
  committedMrrCents,
  forecastCents,
  liveAt,
  mrrCents,
  type PricedSubscriptions,
  pendingPayoutCents,
  type SubscriptionLife,
  subscribersSeries,
} from '../../src/modules/revenue/figures.js';

const group = (over: Partial<PricedSubscriptions>): PricedSubscriptions => ({
  amountCents: 1000,
  interval: 'month',
  intervalCount: 1,
  status: 'active',
  cancelAtPeriodEnd: false,
  paused: false,
  count: 1,
  ...over,
});

describe('a paused subscription is not in MRR (ADR 150)', () => {
  it('leaves paused groups out of MRR and committed MRR', () => {
    const book = [group({ amountCents: 1000, count: 2 }), group({ amountCents: 5000, paused: true })];
    expect(mrrCents(book)).toBe(2000);
    expect(committedMrrCents(book)).toBe(2000);
  });
});

describe('MRR and committed MRR (hand-computed)', () => {
  const book = [
    group({ amountCents: 1000, count: 3 }), // 3 × 10 €           = 3 000
    group({ amountCents: 12_000, interval: 'year' }), // 120 € / 12 = 1 000
    group({ amountCents: 12_000, interval: 'year', intervalCount: 2 }), // every 2 years = 500
    group({ amountCents: 500, interval: 'week' }), // 5 € × 52 / 12 = 2 166.67
    group({ amountCents: 500, interval: 'week', intervalCount: 2, cancelAtPeriodEnd: true }), // 1 083.33
    group({ amountCents: 3000, intervalCount: 3 }), // quarterly 30 € = 1 000
    group({ amountCents: 700, status: 'past_due' }), // past due still counts = 700
    group({ amountCents: 9999, status: 'trialing' }), // trials: not yet
    group({ amountCents: 5000, status: 'canceled' }),
    group({ amountCents: 5000, status: 'unpaid' }),
    group({ amountCents: 5000, status: 'incomplete' }),
  ];

  it('normalises each paying subscription to a month and sums, rounding once', () => {
    expect(mrrCents(book)).toBe(9450);
    expect(mrrCents([group({ amountCents: 500, interval: 'week' })])).toBe(2167);
    // Rounded once at the end: two weekly 5 € subscriptions are 4 333, not 2 × 2 167.
    expect(mrrCents([group({ amountCents: 500, interval: 'week', count: 2 })])).toBe(4333);
    expect(mrrCents([])).toBe(0);
  });

  it('committed MRR leaves out what is set to cancel at the period’s end', () => {
    // 9 450 − 1 083.33 (the fortnightly one set to cancel) = 8 366.67.
    expect(committedMrrCents(book)).toBe(8367);
    const cancelling = book.map((g) => (g.status === 'past_due' ? { ...g, cancelAtPeriodEnd: true } : g));
    expect(committedMrrCents(cancelling)).toBe(8367 - 700);
  });

  it('a trial is out of MRR until it becomes active', () => {
    const trial = group({ amountCents: 2500, status: 'trialing' });
    expect(mrrCents([trial])).toBe(0);
    expect(mrrCents([{ ...trial, status: 'active' }])).toBe(2500);
  });
});

describe('churn (hand-computed)', () => {
  const at = new Date('2025-03-31T00:00:00Z'); // window: 1 March 00:00 UTC → 31 March 00:00 UTC
  const life = (
    status: SubscriptionLife['status'],
    started: string,
    ended: string | null,
  ): SubscriptionLife => ({
    status,
    startedAt: new Date(started),
    endedAt: ended === null ? null : new Date(ended),
  });
  const lives = [
    life('active', '2025-01-01T00:00:00Z', null), // live at the start, still live
    life('canceled', '2025-02-01T00:00:00Z', '2025-03-10T00:00:00Z'), // live at start, cancelled in window
    life('canceled', '2025-02-15T00:00:00Z', '2025-02-20T00:00:00Z'), // gone before the window
    life('canceled', '2025-03-05T00:00:00Z', '2025-03-20T00:00:00Z'), // joined and left inside it
    life('incomplete', '2025-02-01T00:00:00Z', null), // never completed checkout
    life('trialing', '2025-02-20T00:00:00Z', null), // a trial is a subscriber
    life('canceled', '2024-12-01T00:00:00Z', '2025-03-30T23:59:59Z'), // last second of the window
    life('canceled', '2024-12-01T00:00:00Z', '2025-03-31T00:00:00Z'), // the window's end: not in it
  ];

  it('is cancellations in the last 30 days ÷ subscribers live at the window’s start', () => {
    // Live on 1 March: #1, #2, #6, #7, #8 = 5. Cancelled in the window: #2, #4, #7 = 3.
    expect(lives.filter((l) => liveAt(l, new Date('2025-03-01T00:00:00Z')))).toHaveLength(5);
    expect(churnOf(lives, at)).toBe(0.6);
  });

  it('has no rate without subscribers at the start', () => {
    expect(churnRate(0, 0)).toBeNull();
    expect(churnRate(1, 3)).toBe(0.3333);
  });

  it('counts a subscription live from its start until its end, exclusive', () => {
    const l = life('canceled', '2025-03-01T00:00:00Z', '2025-03-02T00:00:00Z');
    expect(liveAt(l, new Date('2025-02-28T23:59:59Z'))).toBe(false);
    expect(liveAt(l, new Date('2025-03-01T00:00:00Z'))).toBe(true);
    expect(liveAt(l, new Date('2025-03-02T00:00:00Z'))).toBe(false);
  });
});

describe('money collected, payouts, changes and the forecast (hand-computed)', () => {
  const march = namedMonth('2025-03', 'Europe/Paris'); // 28 Feb 23:00 UTC → 31 Mar 22:00 UTC

  it('revenue collected is payments less refunds in the period, succeeded only', () => {
    const rows = [
      {
        kind: 'payment',
        status: 'succeeded',
        amountCents: 1000,
        occurredAt: new Date('2025-02-28T23:00:00Z'),
      },
      {
        kind: 'refund',
        status: 'succeeded',
        amountCents: -300,
        occurredAt: new Date('2025-03-10T00:00:00Z'),
      },
      { kind: 'refund', status: 'pending', amountCents: -200, occurredAt: new Date('2025-03-10T00:00:00Z') },
      { kind: 'payout', status: 'paid', amountCents: -500, occurredAt: new Date('2025-03-11T00:00:00Z') },
      {
        kind: 'payment',
        status: 'succeeded',
        amountCents: 4000,
        occurredAt: new Date('2025-03-31T22:00:00Z'),
      }, // April
      { kind: 'payment', status: 'succeeded', amountCents: 50, occurredAt: new Date('2025-02-28T22:59:59Z') }, // February
    ];
    expect(collectedCents(rows, march.start, march.end)).toBe(700);
  });

  it('pending payout is what is pending or in transit, as a positive amount', () => {
    const payout = (status: string, amountCents: number) => ({
      kind: 'payout',
      status,
      amountCents,
      occurredAt: new Date('2025-03-01T00:00:00Z'),
    });
    expect(
      pendingPayoutCents([
        payout('pending', -1200),
        payout('in_transit', -800),
        payout('paid', -5000),
        payout('failed', -300),
        payout('canceled', -100),
      ]),
    ).toBe(2000);
  });

  it('a change against last month, with no percentage of nothing', () => {
    expect(change(120, 100)).toEqual({ delta: 20, ratio: 0.2 });
    expect(change(80, 100)).toEqual({ delta: -20, ratio: -0.2 });
    expect(change(5, 0)).toEqual({ delta: 5, ratio: null });
  });

  it('forecasts the month’s end: collected + scheduled renewals + new business in a straight line', () => {
    // March in Paris lasts 743 hours (the spring change). Ten days in: 240 h gone, 503 h left.
    const now = new Date(march.start.getTime() + 10 * 86_400_000);
    const forecast = forecastCents({
      collectedCents: 10_000,
      newBusinessCents: 2_400,
      scheduledRenewalsCents: 3_000,
      now,
      monthStart: march.start,
      monthEnd: march.end,
    });
    // 10 000 + 3 000 + 2 400 × 503 / 240 (= 5 030).
    expect(forecast).toBe(18_030);
    // At the month's first instant nothing is extended; at its end nothing is left to extend.
    expect(
      forecastCents({
        collectedCents: 0,
        newBusinessCents: 0,
        scheduledRenewalsCents: 900,
        now: march.start,
        monthStart: march.start,
        monthEnd: march.end,
      }),
    ).toBe(900);
    expect(
      forecastCents({
        collectedCents: 5000,
        newBusinessCents: 5000,
        scheduledRenewalsCents: 0,
        now: march.end,
        monthStart: march.start,
        monthEnd: march.end,
      }),
    ).toBe(5000);
  });
});

describe('subscribers over time from bucketed counts', () => {
  it('carries those live before the first month, then adds starts and removes ends month by month', () => {
    // Bucket 0: before the first month; 1..3: the months; 4: after the last (not shown).
    const started = new Map([
      [0, 10],
      [1, 3],
      [3, 2],
      [4, 7],
    ]);
    const ended = new Map([
      [0, 4],
      [2, 1],
      [3, 5],
    ]);
    expect(subscribersSeries(3, started, ended)).toEqual([
      { active: 9, new: 3, cancelled: 0 },
      { active: 8, new: 0, cancelled: 1 },
      { active: 5, new: 2, cancelled: 5 },
    ]);
  });
});
