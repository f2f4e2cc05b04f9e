import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { payoutAccounts } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import type { ProviderName } from '../../payments/port.js';
import type { PayoutAccountRow } from './payout-view.js';

/** The merchant's payout account with the provider in use, if one was ever started. */
export async function findPayoutAccountOfMerchant(
  db: Tx,
  userId: string,
  provider: ProviderName,
): Promise<PayoutAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.userId, userId), eq(payoutAccounts.provider, provider)))
    .orderBy(desc(payoutAccounts.createdAt))
    .limit(1);
  return row;
}

/**
 * A payout account by its provider id, only when it is the signed-in merchant's: the id comes from a
 * URL the provider sent the browser back to, so anybody could have typed another merchant's.
 */
export async function findOwnPayoutAccount(
  db: Tx,
  userId: string,
  provider: ProviderName,
  accountId: string,
): Promise<PayoutAccountRow> {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.provider, provider),
        eq(payoutAccounts.providerAccountId, accountId),
        eq(payoutAccounts.userId, userId),
      ),
    )
    .limit(1);
  if (!row) throw notFound();
  return row;
}
