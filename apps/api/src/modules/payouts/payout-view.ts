import type { PayoutAccount, PayoutSchedule, PayoutStatus } from '@nest/contracts';
import type { payoutAccounts } from '../../db/schema/index.js';
import type { PayoutSchedule as ProviderPayoutSchedule } from '../../payments/port.js';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

/**
 * enabled: the provider lets the merchant take payments and be paid; restricted: the merchant finished
 * the provider's form but the provider still holds something back; pending: started, not finished.
 */
export function payoutStatusOf(row: PayoutAccountRow | undefined): PayoutStatus {
  if (!row) return 'none';
  if (row.chargesEnabled && row.payoutsEnabled) return 'enabled';
  if (row.detailsSubmitted) return 'restricted';
  return 'pending';
}

/** The schedule in the API's shape; "manual" (the provider's own default for some accounts) is none of ours. */
export function toScheduleView(schedule: ProviderPayoutSchedule): PayoutSchedule | null {
  switch (schedule.interval) {
    case 'daily':
      return { interval: 'daily' };
    case 'weekly':
      return schedule.weeklyAnchor ? { interval: 'weekly', weekly_anchor: schedule.weeklyAnchor } : null;
    case 'monthly':
      return schedule.monthlyAnchor ? { interval: 'monthly', monthly_anchor: schedule.monthlyAnchor } : null;
    default:
      return null;
  }
}

export function toProviderSchedule(schedule: PayoutSchedule): ProviderPayoutSchedule {
  switch (schedule.interval) {
    case 'daily':
      return { interval: 'daily', weeklyAnchor: null, monthlyAnchor: null };
    case 'weekly':
      return { interval: 'weekly', weeklyAnchor: schedule.weekly_anchor, monthlyAnchor: null };
    case 'monthly':
      return { interval: 'monthly', weeklyAnchor: null, monthlyAnchor: schedule.monthly_anchor };
  }
}

export function toPayoutView(row: PayoutAccountRow | undefined): PayoutAccount {
  return {
    account_id: row?.providerAccountId ?? null,
    status: payoutStatusOf(row),
    charges_enabled: row?.chargesEnabled ?? false,
    payouts_enabled: row?.payoutsEnabled ?? false,
    details_submitted: row?.detailsSubmitted ?? false,
    schedule: row
      ? toScheduleView({
          interval: row.payoutInterval,
          weeklyAnchor: row.payoutWeeklyAnchor as ProviderPayoutSchedule['weeklyAnchor'],
          monthlyAnchor: row.payoutMonthlyAnchor,
        })
      : null,
    synced_at: row?.updatedAt.toISOString() ?? null,
  };
}
