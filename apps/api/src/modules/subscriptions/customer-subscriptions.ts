import { type CustomerSubscription, hasFeature, type RewardRule, type UsageAllowance } from '@nest/contracts';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  nestInvoices,
  nestLogos,
  nestSubscriptions,
  nests,
  offerPrices,
  offers,
  planSubscriptions,
} from '../../db/schema/index.js';
import { logoUrl } from '../nests/nest-view.js';
import { livePlanOf } from '../plans/find-merchant-plan.js';
import { nextChargeAt, pauseView } from './pause-view.js';
import { priceOffer, subscriptionPrice } from './subscription-offer.js';

const renewing = new Set(['trialing', 'active', 'past_due']);

/** What a subscription card needs to know to count its check-ins. */
export interface CounterSubscription {
  id: string;
  usageAllowance: UsageAllowance | null;
  rewardRule: RewardRule | null;
  currentPeriodStart: Date | null;
  timeZone: string;
}

/**
 * Usage left and check-in reward progress per subscription. They are counted from the check-ins the
 * counter records (the verification module's data): routes.ts hands verification's function in, so
 * this module, which verification depends on for passes, does not depend on it back.
 */
export type CheckInCounters = (
  db: Db,
  subscriptions: CounterSubscription[],
) => Promise<Map<string, Pick<CustomerSubscription, 'usage' | 'rewards'> & { checkIns: number | null }>>;

/**
 * Every subscription of a customer, across nests, as the customer area shows it. Subscriptions that
 * never started (an abandoned first payment) are left out. Usage left and check-in reward progress
 * come from the check-ins recorded at the counter (ADR 090).
 */
export async function listCustomerSubscriptions(
  db: Db,
  customerId: string,
  checkInCounters: CheckInCounters,
): Promise<CustomerSubscription[]> {
  const rows = await db
    .select({
      id: nestSubscriptions.id,
      status: nestSubscriptions.status,
      currentPeriodStart: nestSubscriptions.currentPeriodStart,
      currentPeriodEnd: nestSubscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: nestSubscriptions.cancelAtPeriodEnd,
      pauseStartsAt: nestSubscriptions.pauseStartsAt,
      pauseEndsAt: nestSubscriptions.pauseEndsAt,
      pauseMaxPeriods: offers.customerPauseMaxPeriods,
      nestId: nests.id,
      nestName: nests.name,
      ownerPlan: planSubscriptions.plan,
      ownerPlanStatus: planSubscriptions.status,
      timeZone: nests.timeZone,
      logoEtag: nestLogos.etag,
      offerName: offers.name,
      grants: offers.grants,
      rewardRule: offers.rewardRule,
      usageAllowance: offers.usageAllowance,
      amountCents: offerPrices.amountCents,
      currency: offerPrices.currency,
      interval: offerPrices.interval,
      intervalCount: offerPrices.intervalCount,
    })
    .from(nestSubscriptions)
    .innerJoin(nests, eq(nests.id, nestSubscriptions.nestId))
    .leftJoin(nestLogos, eq(nestLogos.nestId, nests.id))
    .leftJoin(planSubscriptions, eq(planSubscriptions.userId, nests.ownerId))
    .innerJoin(...subscriptionPrice)
    .innerJoin(...priceOffer)
    .where(and(eq(nestSubscriptions.customerId, customerId), ne(nestSubscriptions.status, 'incomplete')))
    .orderBy(desc(nestSubscriptions.createdAt), asc(nestSubscriptions.id));
  if (rows.length === 0) return [];

  const ids = rows.map((r) => r.id);
  const invoiceStats = await db
    .select({
      subscriptionId: nestInvoices.subscriptionId,
      unpaidCents: sql<number>`coalesce(sum(case when ${nestInvoices.status} = 'open' then ${nestInvoices.amountDueCents} - ${nestInvoices.amountPaidCents} else 0 end), 0)::int`,
      paidPeriods: sql<number>`count(*) filter (where ${nestInvoices.status} = 'paid' and ${nestInvoices.amountPaidCents} > 0)::int`,
      nextAttemptAt: sql<Date | null>`min(${nestInvoices.nextPaymentAttemptAt}) filter (where ${nestInvoices.status} = 'open')`,
    })
    .from(nestInvoices)
    .where(inArray(nestInvoices.subscriptionId, ids))
    .groupBy(nestInvoices.subscriptionId);
  const stats = new Map(invoiceStats.map((s) => [s.subscriptionId, s]));
  const counters = await checkInCounters(db, rows);
  return rows.map((row) => {
    const stat = stats.get(row.id);
    const nextAttempt = stat?.nextAttemptAt ? new Date(stat.nextAttemptAt) : null;
    const nextPayment =
      renewing.has(row.status) && !row.cancelAtPeriodEnd
        ? row.status === 'past_due' && nextAttempt
          ? nextAttempt
          : nextChargeAt(row, row.currentPeriodEnd)
        : null;
    // Progression is a Pro and Enterprise feature (ADR 044): on another plan a rule rests, shown nowhere.
    const plan = livePlanOf(row.ownerPlan ? { plan: row.ownerPlan, status: row.ownerPlanStatus! } : null);
    const rule = plan && hasFeature(plan, 'progression') ? row.rewardRule : null;
    const paidPeriods = Number(stat?.paidPeriods ?? 0);
    return {
      id: row.id,
      nest: { id: row.nestId, name: row.nestName, logo_url: logoUrl(row.nestId, row.logoEtag ?? null) },
      offer: { name: row.offerName, grants: row.grants },
      status: row.status,
      current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
      next_payment_at: nextPayment?.toISOString() ?? null,
      amount_cents: row.amountCents,
      currency: row.currency,
      interval: row.interval,
      interval_count: row.intervalCount,
      cancel_at_period_end: row.cancelAtPeriodEnd,
      pause: pauseView(row),
      pause_max_periods: row.pauseMaxPeriods,
      usage: counters.get(row.id)?.usage ?? null,
      reward:
        rule?.kind === 'paid_periods'
          ? { rule, progress: paidPeriods % rule.every, target: rule.every }
          : rule?.kind === 'check_ins'
            ? { rule, progress: (counters.get(row.id)?.checkIns ?? 0) % rule.every, target: rule.every }
            : null,
      unpaid_amount_cents: Number(stat?.unpaidCents ?? 0),
      rewards: counters.get(row.id)?.rewards ?? [],
    };
  });
}
