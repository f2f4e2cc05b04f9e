import type { Revenue } from '@nest/contracts';
import type { Tx } from '../../db/client.js';
import { findMerchantPlan } from '../offers/find-merchant-plan.js';
import { monthRevenue } from './month-revenue.js';
import { revenueLimitOf, revenueStanding } from './revenue-limit.js';

/** The dashboard banner's figures: this month's revenue against the plan's limit. */
export async function currentRevenue(db: Tx, userId: string, now: Date = new Date()): Promise<Revenue> {
  const [revenue, plan] = await Promise.all([monthRevenue(db, userId, now), findMerchantPlan(db, userId)]);
  const limit = revenueLimitOf(plan);
  const standing = revenueStanding(revenue.cents, limit);
  return {
    month: revenue.month,
    month_cents: revenue.cents,
    limit_cents: limit,
    // A display figure, rounded to 0.01 %; every decision above compares integers.
    ratio: limit === null ? null : Math.floor((revenue.cents * 10_000) / limit) / 10_000,
    warning: standing.warning,
    limit_reached: standing.limitReached,
    currency: 'EUR',
  };
}
