import { hasFeature, type PlanId } from '@nest/contracts';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { findMerchantPlan } from '../plans/find-merchant-plan.js';

/** Whether a live plan gives API access (keys and outgoing webhooks). */
export const planGivesApi = (plan: PlanId | null) => plan !== null && hasFeature(plan, 'api_access');

/** 403 plan_required (Enterprise) unless the merchant's plan gives API access now. */
export async function requireApiAccess(db: Tx, userId: string): Promise<void> {
  if (planGivesApi(await findMerchantPlan(db, userId))) return;
  throw new AppError('plan_required', { params: { plan: 'Enterprise' } });
}
