import type { PayoutSchedule } from '@nest/contracts';

type Weekday = Extract<PayoutSchedule, { interval: 'weekly' }>['weekly_anchor'];

/** The schedule form keeps every choice, so switching interval back and forth loses nothing. */
export interface ScheduleForm {
  interval: PayoutSchedule['interval'];
  weeklyAnchor: Weekday;
  monthlyAnchor: number;
}

export function scheduleFormFrom(schedule: PayoutSchedule | null): ScheduleForm {
  return {
    interval: schedule?.interval ?? 'weekly',
    weeklyAnchor: schedule?.interval === 'weekly' ? schedule.weekly_anchor : 'monday',
    monthlyAnchor: schedule?.interval === 'monthly' ? schedule.monthly_anchor : 1,
  };
}

/** What PATCH …/payout-settings takes: only the anchor the chosen interval uses. */
export function scheduleOf(form: ScheduleForm): PayoutSchedule {
  switch (form.interval) {
    case 'daily':
      return { interval: 'daily' };
    case 'weekly':
      return { interval: 'weekly', weekly_anchor: form.weeklyAnchor };
    case 'monthly':
      return { interval: 'monthly', monthly_anchor: form.monthlyAnchor };
  }
}
