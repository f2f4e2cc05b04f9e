import type { Merchant, PlanId } from '@nest/contracts';

/**
 * The plan the merchant pays for, if any. A checkout that was started but never paid ("incomplete")
 * or a plan that ended ("canceled") is no plan: the merchant chooses again.
 */
export function runningPlanOf(merchant: Merchant | null | undefined): PlanId | null {
  const subscription = merchant?.subscription;
  if (!subscription) return null;
  return subscription.status === 'incomplete' || subscription.status === 'canceled'
    ? null
    : subscription.plan;
}
