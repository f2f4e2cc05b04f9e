import type { PayoutSchedule } from '@nest/contracts';
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from '../../payments/port.js';
import { savePayoutAccount } from './ensure-payout-account.js';
import { type PayoutAccountRow, toProviderSchedule } from './payout-view.js';

/** Applies the payout schedule at the provider first; our row records what the provider then says. */
export async function updatePayoutSchedule(
  db: Db,
  provider: PaymentProvider,
  row: PayoutAccountRow,
  schedule: PayoutSchedule,
): Promise<PayoutAccountRow> {
  const providerSchedule = toProviderSchedule(schedule);
  const key = [
    'payout-schedule',
    row.providerAccountId,
    providerSchedule.interval,
    providerSchedule.weeklyAnchor ?? providerSchedule.monthlyAnchor ?? '',
    // Going back to an earlier schedule later is a new change, not a replay of the old one.
    row.updatedAt.getTime(),
  ].join(':');
  const account = await provider.updatePayoutSchedule(row.providerAccountId, providerSchedule, {
    idempotencyKey: key,
  });
  return savePayoutAccount(db, row, account);
}
