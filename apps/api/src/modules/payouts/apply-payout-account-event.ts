import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { payoutAccounts } from '../../db/schema/index.js';
import type { PaymentProvider } from '../../payments/port.js';
import { accountColumns } from './ensure-payout-account.js';

/**
 * A payout account changed at the provider (onboarding finished, payouts enabled or held, a new
 * schedule): the current account is read again and written on the merchant's row, if we know it.
 */
export async function applyPayoutAccountEvent(
  provider: PaymentProvider,
  tx: Tx,
  accountId: string,
): Promise<void> {
  const account = await provider.retrieveAccount(accountId, { tx });
  if (!account) return;
  await tx
    .update(payoutAccounts)
    .set(accountColumns(account))
    .where(and(eq(payoutAccounts.provider, provider.name), eq(payoutAccounts.providerAccountId, account.id)));
}

/** Registers the handler of payout account events with the payments plugin (at startup, from routes.ts). */
export function registerPayoutAccountEvents(app: FastifyInstance): void {
  app.paymentEvents.on('payout_account', async (tx, event) => {
    // Stripe sends account.updated with the account as `account`; the object is the account too.
    await applyPayoutAccountEvent(app.payments, tx, event.accountId ?? event.objectId);
    return true;
  });
}
