import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { PaymentProvider } from '../../payments/port.js';
import { savePayoutAccount } from './ensure-payout-account.js';
import type { PayoutAccountRow } from './payout-view.js';

/**
 * Reads the account again from the provider: arriving on the return page proves nothing (the merchant
 * may have left the provider's form half-way), only the provider knows what is enabled.
 */
export async function syncPayoutAccount(
  db: Db,
  provider: PaymentProvider,
  row: PayoutAccountRow,
): Promise<PayoutAccountRow> {
  const account = await provider.retrieveAccount(row.providerAccountId);
  if (!account) throw new AppError('provider_unavailable');
  return savePayoutAccount(db, row, account);
}
