import type { Db, Tx } from '../../db/client.js';
import type { HistoryActor } from './history.js';
import { type NestSyncContext, syncNestSubscription } from './sync-nest-subscription.js';

/**
 * After a customer's action at the provider, our copy is brought up to date the way the webhooks do
 * it: by re-reading the subscription and its invoices from the provider (never by writing a status
 * ourselves). The webhook that follows finds nothing left to change. `then` runs in the same
 * transaction, for what must exist only if the sync commits (an email).
 */
export async function syncAfterAction(
  ctx: NestSyncContext & { db: Db },
  accountId: string,
  providerSubscriptionId: string,
  then?: (tx: Tx) => Promise<void>,
  actor: HistoryActor = { kind: 'customer' },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await syncNestSubscription(ctx, tx, accountId, providerSubscriptionId, { actor });
    if (then) await then(tx);
  });
}
