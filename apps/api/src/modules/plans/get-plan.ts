import type { PlanState } from '@nest/contracts';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { findPlanOfMerchant, listUnpaidPlanInvoices } from './find-plan-subscription.js';
import { toPlanState } from './plan-view.js';

/** The merchant's plan as the webhooks last left it: what the success page polls and the guard reads. */
export async function getPlan(db: Tx, config: Config, userId: string): Promise<PlanState> {
  const row = await findPlanOfMerchant(db, userId);
  const unpaid = row ? await listUnpaidPlanInvoices(db, row) : [];
  return toPlanState(config, row, unpaid.length > 0);
}
