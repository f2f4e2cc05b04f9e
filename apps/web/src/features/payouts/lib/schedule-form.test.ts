import { describe, expect, it } from 'vitest';
import { scheduleFormFrom, scheduleOf } from './schedule-form';

describe('the payout schedule form', () => {
  it('sends only the anchor of the chosen interval', () => {
    const form = { interval: 'weekly', weeklyAnchor: 'friday', monthlyAnchor: 15 } as const;
    expect(scheduleOf(form)).toEqual({ interval: 'weekly', weekly_anchor: 'friday' });
    expect(scheduleOf({ ...form, interval: 'monthly' })).toEqual({ interval: 'monthly', monthly_anchor: 15 });
    expect(scheduleOf({ ...form, interval: 'daily' })).toEqual({ interval: 'daily' });
  });

  it('starts from what the provider has, or weekly on Monday when nothing is set', () => {
    expect(scheduleFormFrom({ interval: 'monthly', monthly_anchor: 31 })).toEqual({
      interval: 'monthly',
      weeklyAnchor: 'monday',
      monthlyAnchor: 31,
    });
    expect(scheduleFormFrom(null)).toEqual({ interval: 'weekly', weeklyAnchor: 'monday', monthlyAnchor: 1 });
  });
});
