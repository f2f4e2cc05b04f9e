// @vitest-environment jsdom
import type { RevenueFigures, RevenueSummary } from '@nest/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it } from 'vitest';
import revenueEn from '@/locales/en-US/revenue.json';
import revenueFr from '@/locales/fr-FR/revenue.json';
import { setupTestI18n } from '@/test/i18n';
import { MoneyFigures } from './money-figures';

const figures = (more: Partial<RevenueFigures>): RevenueFigures => ({
  revenue_cents: 0,
  mrr_cents: 30_000,
  committed_mrr_cents: null,
  active_subscribers: 10,
  new_subscribers: 0,
  cancellations: 0,
  churn_rate: null,
  check_ins: 0,
  pending_payout_cents: null,
  ...more,
});

/** Seen on 2 December at 10:00 in Paris: December has run 1 day and 11 hours. */
function summary(previousToDate: RevenueSummary['previous_to_date']): RevenueSummary {
  return {
    currency: 'EUR',
    time_zone: 'Europe/Paris',
    period: {
      month: '2026-12',
      start: '2026-11-30T23:00:00Z',
      end: '2026-12-31T23:00:00Z',
      as_of: '2026-12-02T09:00:00Z',
      current: previousToDate !== null,
    },
    previous_period: { month: '2026-11', start: '2026-10-31T23:00:00Z', end: '2026-11-30T23:00:00Z' },
    current: figures({
      revenue_cents: 2_000,
      mrr_cents: 33_000,
      active_subscribers: 11,
      new_subscribers: 1,
      check_ins: 4,
    }),
    previous: figures({ revenue_cents: 28_150, new_subscribers: 10, check_ins: 15 }),
    previous_to_date: previousToDate,
    forecast: null,
    past_due_subscribers: 0,
    series: { revenue_by_month: [], subscribers_by_month: [], check_ins_by_day: [] },
    recent_transactions: [],
    payouts: { next: null, last: null },
  };
}

const change = (key: string) => {
  const figure = document.querySelector(`[data-figure="${key}"]`)!;
  return figure.querySelectorAll('dd')[1]!.textContent;
};

beforeAll(async () => {
  const i18n = await setupTestI18n('en-US');
  i18n.addResourceBundle('en-US', 'revenue', revenueEn);
  i18n.addResourceBundle('fr-FR', 'revenue', revenueFr);
});
afterEach(cleanup);

it('compares a month under way with the same part of last month, not all of it', () => {
  render(
    <MoneyFigures
      summary={summary({
        as_of: '2026-11-02T09:00:00Z',
        revenue_cents: 1_500,
        new_subscribers: 1,
        cancellations: 0,
        check_ins: 5,
      })}
    />,
  );
  expect(screen.getByTestId('figure-revenue_cents').textContent).toBe('€20.00');
  // 20 € so far against 15 € by 2 November, not against November's 281.50 €.
  expect(change('revenue_cents')).toBe('+€5.00 (+33.3%) vs this time last month');
  expect(change('new_subscribers')).toBe('0 (0%) vs this time last month');
  expect(change('check_ins')).toBe('−1 (−20%) vs this time last month');
  // What is a figure of an instant is compared with last month's end.
  expect(change('mrr_cents')).toBe('+€30.00 (+10%) vs last month');
  expect(change('active_subscribers')).toBe('+1 (+10%) vs last month');
});

it('compares a past month with the whole month before', () => {
  render(<MoneyFigures summary={summary(null)} />);
  expect(change('revenue_cents')).toBe('−€261.50 (−92.9%) vs last month');
  expect(change('new_subscribers')).toBe('−9 (−90%) vs last month');
});
