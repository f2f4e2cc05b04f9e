import { example, exampleIds } from './example.js';
import { payoutAccountSchema, payoutScheduleSchema } from './payouts.js';

export const payoutSchedule = example(payoutScheduleSchema, { interval: 'weekly', weekly_anchor: 'monday' });

export const payoutAccount = example(payoutAccountSchema, {
  account_id: exampleIds.payoutAccount,
  status: 'enabled',
  charges_enabled: true,
  payouts_enabled: true,
  details_submitted: true,
  schedule: payoutSchedule.value,
  synced_at: '2026-11-24T08:15:00Z',
});
