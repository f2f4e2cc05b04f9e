import type { Revenue } from '@nest/contracts';
import { and, countDistinct, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { nestSubscriptions, nests } from '../../db/schema/index.js';
import { findMerchantPlan } from '../plans/find-merchant-plan.js';
import { monthRevenue } from './month-revenue.js';
import { revenueLimitOf, revenueStanding } from './revenue-limit.js';

/** The dashboard banner's figures: this month's revenue against the plan's limit. */
export async function currentRevenue(db: Tx, userId: string, now: Date = new Date()): Promise<Revenue> {
  const [revenue, plan, subscribers] = await Promise.all([
    monthRevenue(db, userId, now),
    findMerchantPlan(db, userId),
    activeSubscribers(db, userId),
  ]);
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
    active_subscribers: subscribers,
  };
}

/** Customers with a trialing or active subscription in the merchant's nest (the nest_id, status index). */
async function activeSubscribers(db: Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: countDistinct(nestSubscriptions.customerId) })
    .from(nestSubscriptions)
    .innerJoin(nests, eq(nests.id, nestSubscriptions.nestId))
    .where(and(eq(nests.ownerId, userId), inArray(nestSubscriptions.status, ['trialing', 'active'])));
  return Number(row?.count ?? 0);
}
