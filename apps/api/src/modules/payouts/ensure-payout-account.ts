import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { payoutAccounts, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import type { PaymentProvider, ProviderAccount } from '../../payments/port.js';
import { findPayoutAccountOfMerchant } from './find-payout-account.js';
import type { PayoutAccountRow } from './payout-view.js';

/** The columns of the merchant's row that copy what the provider says about the account. */
export function accountColumns(account: ProviderAccount) {
  return {
    businessName: account.businessName,
    detailsSubmitted: account.detailsSubmitted,
    chargesEnabled: account.chargesEnabled,
    payoutsEnabled: account.payoutsEnabled,
    payoutInterval: account.payoutSchedule.interval,
    payoutWeeklyAnchor: account.payoutSchedule.weeklyAnchor,
    payoutMonthlyAnchor: account.payoutSchedule.monthlyAnchor,
    updatedAt: new Date(),
  };
}

/** Writes what the provider just said about the account onto the merchant's row. */
export async function savePayoutAccount(
  db: Db,
  row: PayoutAccountRow,
  account: ProviderAccount,
): Promise<PayoutAccountRow> {
  const [saved] = await db
    .update(payoutAccounts)
    .set(accountColumns(account))
    .where(eq(payoutAccounts.id, row.id))
    .returning();
  if (!saved) throw notFound();
  return saved;
}

/** What the provider's account is made from: the merchant's nest (a structural type: payouts does not import nests). */
export interface PayoutAccountNest {
  id: string;
  ownerId: string;
  name: string;
  country: string;
}

/**
 * The merchant's connected account, created at the provider the first time it is needed (payout
 * onboarding, or the first offer, whose product lives on it). The merchant's row is locked while the
 * account is made, so two requests at once make one account; the idempotency key makes a retry after
 * a lost answer find the account made the first time.
 */
export async function ensurePayoutAccount(
  db: Db,
  provider: PaymentProvider,
  nest: PayoutAccountNest,
): Promise<PayoutAccountRow> {
  const existing = await findPayoutAccountOfMerchant(db, nest.ownerId, provider.name);
  if (existing) return existing;
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, nest.ownerId))
      .for('update');
    if (!owner) throw notFound();
    const made = await findPayoutAccountOfMerchant(tx, nest.ownerId, provider.name);
    if (made) return made;
    // The sandbox works inside this transaction; a remote provider ignores it.
    const account = await provider.createConnectedAccount(
      {
        ownerId: nest.ownerId,
        email: owner.email,
        country: nest.country,
        businessName: nest.name,
        metadata: { user_id: nest.ownerId, nest_id: nest.id },
      },
      { idempotencyKey: `user:${nest.ownerId}:payout-account`, tx },
    );
    const [row] = await tx
      .insert(payoutAccounts)
      .values({
        userId: nest.ownerId,
        provider: provider.name,
        providerAccountId: account.id,
        businessName: account.businessName,
        detailsSubmitted: account.detailsSubmitted,
        chargesEnabled: account.chargesEnabled,
        payoutsEnabled: account.payoutsEnabled,
        payoutInterval: account.payoutSchedule.interval,
        payoutWeeklyAnchor: account.payoutSchedule.weeklyAnchor,
        payoutMonthlyAnchor: account.payoutSchedule.monthlyAnchor,
      })
      .returning();
    if (!row) throw new Error('Payout account row not inserted');
    return row;
  });
}
