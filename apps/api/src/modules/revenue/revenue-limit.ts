import { type PlanId, plans, REVENUE_WARNING_PERCENT } from '@nest/contracts';

/**
 * The plan's monthly revenue limit in cents, null for none (Enterprise). A merchant with no live
 * plan is held to the smallest plan's limit: selling without a plan must not be a way around it.
 */
export function revenueLimitOf(plan: PlanId | null): number | null {
  return plans[plan ?? 'starter'].revenueLimitCents;
}

export interface RevenueStanding {
  warning: boolean;
  limitReached: boolean;
}

/** Integer comparisons only: 80 % of the limit is reached when revenue × 100 ≥ limit × 80. */
export function revenueStanding(monthCents: number, limitCents: number | null): RevenueStanding {
  if (limitCents === null) return { warning: false, limitReached: false };
  return {
    warning: monthCents * 100 >= limitCents * REVENUE_WARNING_PERCENT,
    limitReached: monthCents >= limitCents,
  };
}
