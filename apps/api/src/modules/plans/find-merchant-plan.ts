import type { PlanId } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { planSubscriptions } from '../../db/schema/index.js';

/** Plan statuses whose features stay on: a late payment keeps them while the provider retries. */
const featureStatuses = new Set(['trialing', 'active', 'past_due']);

/** The plan whose features a plan subscription row gives now; null when it gives none. */
export const livePlanOf = (row: { plan: PlanId; status: string } | null | undefined): PlanId | null =>
  row && featureStatuses.has(row.status) ? row.plan : null;

/** The plan whose features the merchant has now; null without a live plan subscription. */
export async function findMerchantPlan(db: Tx, userId: string): Promise<PlanId | null> {
  const [row] = await db
    .select({ plan: planSubscriptions.plan, status: planSubscriptions.status })
    .from(planSubscriptions)
    .where(eq(planSubscriptions.userId, userId))
    .limit(1);
  return livePlanOf(row);
}
