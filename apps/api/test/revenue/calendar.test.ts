import { describe, expect, it } from 'vitest';
import { lastDays, lastMonths, monthPeriod, namedMonth } from '../../src/modules/revenue/calendar.js';

const iso = (p: { key: string; start: Date; end: Date }) => ({
  key: p.key,
  start: p.start.toISOString(),
  end: p.end.toISOString(),
});
const hours = (p: { start: Date; end: Date }) => (p.end.getTime() - p.start.getTime()) / 3_600_000;

describe('months and days in the merchant’s time zone (hand-computed)', () => {
  it('Europe/Paris: March 2025 starts in winter time and ends in summer time (31 days less an hour)', () => {
    const march = monthPeriod(new Date('2025-03-15T12:00:00Z'), 'Europe/Paris');
    expect(iso(march)).toEqual({
      key: '2025-03',
      start: '2025-02-28T23:00:00.000Z',
      end: '2025-03-31T22:00:00.000Z',
    });
    expect(hours(march)).toBe(31 * 24 - 1);
    // 00:30 on 1 April in Paris is still 31 March in UTC.
    expect(monthPeriod(new Date('2025-03-31T22:30:00Z'), 'Europe/Paris').key).toBe('2025-04');
    expect(monthPeriod(new Date('2025-03-31T22:30:00Z'), 'Europe/Paris', -1).key).toBe('2025-03');
  });

  it('Europe/Paris: the spring-forward day has 23 hours, the fall-back day 25', () => {
    const spring = lastDays(new Date('2025-03-30T12:00:00Z'), 'Europe/Paris', 1)[0]!;
    expect(iso(spring)).toEqual({
      key: '2025-03-30',
      start: '2025-03-29T23:00:00.000Z',
      end: '2025-03-30T22:00:00.000Z',
    });
    const fall = lastDays(new Date('2025-10-26T12:00:00Z'), 'Europe/Paris', 1)[0]!;
    expect(iso(fall)).toEqual({
      key: '2025-10-26',
      start: '2025-10-25T22:00:00.000Z',
      end: '2025-10-26T23:00:00.000Z',
    });
    expect([hours(spring), hours(fall)]).toEqual([23, 25]);
  });

  it('America/New_York: February 2025 has 28 days; March loses an hour on the 9th', () => {
    expect(iso(namedMonth('2025-02', 'America/New_York'))).toEqual({
      key: '2025-02',
      start: '2025-02-01T05:00:00.000Z',
      end: '2025-03-01T05:00:00.000Z',
    });
    // Late evening of 28 February in New York is already March in UTC.
    expect(monthPeriod(new Date('2025-03-01T03:00:00Z'), 'America/New_York').key).toBe('2025-02');
    const march = namedMonth('2025-03', 'America/New_York');
    expect(march.end.toISOString()).toBe('2025-04-01T04:00:00.000Z');
    expect(hours(march)).toBe(31 * 24 - 1);
    // April has 30 days, all in summer time.
    expect(hours(namedMonth('2025-04', 'America/New_York'))).toBe(30 * 24);
  });

  it('Pacific/Auckland: a month that starts ahead of UTC’s calendar, across the April change', () => {
    const april = namedMonth('2025-04', 'Pacific/Auckland');
    expect(iso(april)).toEqual({
      key: '2025-04',
      start: '2025-03-31T11:00:00.000Z', // NZDT, UTC+13
      end: '2025-04-30T12:00:00.000Z', // NZST, UTC+12
    });
    expect(hours(april)).toBe(30 * 24 + 1);
    expect(monthPeriod(new Date('2025-03-31T11:00:00Z'), 'Pacific/Auckland').key).toBe('2025-04');
    expect(monthPeriod(new Date('2025-03-31T10:59:59Z'), 'Pacific/Auckland').key).toBe('2025-03');
    // The September change: the last Sunday, 28 September 2025, has 23 hours.
    const day = lastDays(new Date('2025-09-28T00:00:00Z'), 'Pacific/Auckland', 1)[0]!;
    expect(day.key).toBe('2025-09-28');
    expect(hours(day)).toBe(23);
  });

  it('a leap year: February 2024 has 29 days, in Paris as in Auckland', () => {
    expect(iso(namedMonth('2024-02', 'Europe/Paris'))).toEqual({
      key: '2024-02',
      start: '2024-01-31T23:00:00.000Z',
      end: '2024-02-29T23:00:00.000Z',
    });
    expect(hours(namedMonth('2024-02', 'Pacific/Auckland'))).toBe(29 * 24);
    expect(hours(namedMonth('2025-02', 'Pacific/Auckland'))).toBe(28 * 24);
    expect(lastDays(new Date('2024-03-01T12:00:00Z'), 'Europe/Paris', 3).map((d) => d.key)).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
  });

  it('months of 31 and 30 days, and twelve months across a new year', () => {
    expect(hours(namedMonth('2025-01', 'Europe/Paris'))).toBe(31 * 24);
    expect(hours(namedMonth('2025-06', 'Europe/Paris'))).toBe(30 * 24);
    const twelve = lastMonths(new Date('2025-01-15T12:00:00Z'), 'Europe/Paris', 12);
    expect(twelve.map((m) => m.key)).toEqual([
      '2024-02',
      '2024-03',
      '2024-04',
      '2024-05',
      '2024-06',
      '2024-07',
      '2024-08',
      '2024-09',
      '2024-10',
      '2024-11',
      '2024-12',
      '2025-01',
    ]);
    // Consecutive: each month starts where the one before ended.
    for (let i = 1; i < twelve.length; i++) expect(twelve[i]!.start).toEqual(twelve[i - 1]!.end);
  });

  it('thirty days end with today, each starting where the one before ended', () => {
    const days = lastDays(new Date('2025-03-31T10:00:00Z'), 'America/New_York', 30);
    expect(days).toHaveLength(30);
    expect(days[0]!.key).toBe('2025-03-02');
    expect(days[29]!.key).toBe('2025-03-31');
    for (let i = 1; i < days.length; i++) expect(days[i]!.start).toEqual(days[i - 1]!.end);
    expect(
      days.find((d) => d.key === '2025-03-09')!.end.getTime() -
        days.find((d) => d.key === '2025-03-09')!.start.getTime(),
    ).toBe(23 * 3_600_000);
  });
});
