import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { findPlanOfMerchant } from './find-plan-subscription.js';
import { type PlanSyncContext, syncPlanSubscription } from './sync-plan-subscription.js';

/** What the plan use cases need from the app. */
export interface PlanContext extends PlanSyncContext {
  db: Db;
  config: Config;
}

/**
 * Syncs a subscription from the provider right after an action, as its webhook will: the answer
 * already shows the new state, and the webhook, when it comes, finds nothing left to change.
 */
export function syncAfterAction(ctx: PlanContext, providerSubscriptionId: string, source: string) {
  return ctx.db.transaction((tx) => syncPlanSubscription(ctx, tx, providerSubscriptionId, { source }));
}

/**
 * Re-reads the merchant's plan and every invoice of it from the provider. The sandbox's test clock
 * calls this after moving a merchant's time, which moves every date the provider reports.
 */
export async function refreshPlanOfMerchant(ctx: PlanContext, userId: string, source: string): Promise<void> {
  const row = await findPlanOfMerchant(ctx.db, userId);
  if (!row?.providerSubscriptionId || row.provider !== ctx.provider.name) return;
  const providerSubscriptionId = row.providerSubscriptionId;
  await ctx.db.transaction((tx) =>
    syncPlanSubscription(ctx, tx, providerSubscriptionId, { source, allInvoices: true }),
  );
}
