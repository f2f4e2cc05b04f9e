import type { Tx } from '../../db/client.js';
import type { SubscriptionContext } from './subscription-context.js';
import { syncNestSubscription } from './sync-nest-subscription.js';

/**
 * After a customer's action at the provider, our copy is brought up to date the way the webhooks do
 * it: by re-reading the subscription and its invoices from the provider (never by writing a status
 * ourselves). The webhook that follows finds nothing left to change. `then` runs in the same
 * transaction, for what must exist only if the sync commits (an email).
 */
export async function syncAfterAction(
  ctx: SubscriptionContext,
  accountId: string,
  providerSubscriptionId: string,
  then?: (tx: Tx) => Promise<void>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await syncNestSubscription(ctx, tx, accountId, providerSubscriptionId, {});
    if (then) await then(tx);
  });
}
