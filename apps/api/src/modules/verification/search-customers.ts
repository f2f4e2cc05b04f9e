import {
  COUNTER_SEARCH_MAX_RESULTS,
  type CounterSearchResult,
  type CounterSubscription,
  type UsageAllowance,
} from '@nest/contracts';
import { and, asc, count, eq, exists, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { nestCustomers, nestSubscriptions, nests, offers, rewards } from '../../db/schema/index.js';
import { priceOffer, subscriptionPrice } from '../subscriptions/subscription-offer.js';
import { counterVerdict, PAY_NOW_STATUSES } from './eligibility.js';
import { usedInWindow } from './usage.js';

/** `%`, `_` and `\` typed by the merchant are searched for, not wildcards (as the customers screen). */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Subscriptions that may come to the counter first, then the ones that ended. */
const statusOrder = sql`case ${nestSubscriptions.status} when 'active' then 0 when 'trialing' then 0 when 'past_due' then 1 when 'unpaid' then 2 else 3 end`;

/**
 * A customer without their phone (ADR 131): the nest's customers whose name or email contains the
 * text (case-insensitive, the same match as the customers screen, so the same index serves both),
 * at most 10, each with this nest's subscriptions and the answer the counter would give now. Nothing
 * is recorded: the merchant picks a subscription, which is then checked in by id. Only customers
 * with a subscription in this nest are found; another nest's subscriptions never show.
 */
export async function searchCounterCustomers(
  db: Db,
  nestId: string,
  text: string,
  now: Date = new Date(),
): Promise<CounterSearchResult> {
  const pattern = likePattern(text.trim());
  const found = await db
    .select({ id: nestCustomers.id, name: nestCustomers.name, email: nestCustomers.email })
    .from(nestCustomers)
    .where(
      and(
        or(ilike(nestCustomers.email, pattern), ilike(nestCustomers.name, pattern)),
        exists(
          db
            .select({ one: sql`1` })
            .from(nestSubscriptions)
            .where(
              and(
                eq(nestSubscriptions.customerId, nestCustomers.id),
                eq(nestSubscriptions.nestId, nestId),
                ne(nestSubscriptions.status, 'incomplete'),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(sql`lower(coalesce(${nestCustomers.name}, ${nestCustomers.email}))`), asc(nestCustomers.id))
    .limit(COUNTER_SEARCH_MAX_RESULTS);
  if (found.length === 0) return { customers: [] };

  const subs = await db
    .select({
      id: nestSubscriptions.id,
      customerId: nestSubscriptions.customerId,
      status: nestSubscriptions.status,
      currentPeriodStart: nestSubscriptions.currentPeriodStart,
      currentPeriodEnd: nestSubscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: nestSubscriptions.cancelAtPeriodEnd,
      pauseStartsAt: nestSubscriptions.pauseStartsAt,
      pauseEndsAt: nestSubscriptions.pauseEndsAt,
      offerName: offers.name,
      graceDays: offers.graceDays,
      allowance: offers.usageAllowance,
      timeZone: nests.timeZone,
    })
    .from(nestSubscriptions)
    .innerJoin(nests, eq(nests.id, nestSubscriptions.nestId))
    .innerJoin(...subscriptionPrice)
    .innerJoin(...priceOffer)
    .where(
      and(
        eq(nestSubscriptions.nestId, nestId),
        inArray(
          nestSubscriptions.customerId,
          found.map((c) => c.id),
        ),
        ne(nestSubscriptions.status, 'incomplete'),
      ),
    )
    .orderBy(statusOrder, asc(nestSubscriptions.createdAt));

  const waiting = subs.length
    ? await db
        .select({ subscriptionId: rewards.subscriptionId, waiting: count() })
        .from(rewards)
        .where(
          and(
            inArray(
              rewards.subscriptionId,
              subs.map((s) => s.id),
            ),
            isNull(rewards.redeemedAt),
          ),
        )
        .groupBy(rewards.subscriptionId)
    : [];
  const waitingOf = new Map(waiting.map((w) => [w.subscriptionId, Number(w.waiting)]));

  const bySubscriber = new Map<string, CounterSubscription[]>();
  for (const s of subs) {
    const verdict = counterVerdict(s, now);
    const allowance = (s.allowance ?? null) as UsageAllowance | null;
    let usageLeft: number | null = null;
    let { result, reason } = verdict;
    if (allowance) {
      const used = await usedInWindow(db, s.id, allowance, s.timeZone, s.currentPeriodStart, now);
      usageLeft = Math.max(0, allowance.uses - used);
      if (result !== 'not_eligible' && usageLeft === 0) {
        result = 'not_eligible';
        reason = 'usage_exhausted';
      }
    }
    const list = bySubscriber.get(s.customerId) ?? [];
    list.push({
      id: s.id,
      offer_name: s.offerName,
      status: s.status,
      result,
      reason,
      grace_until: result === 'grace' ? (verdict.graceUntil?.toISOString() ?? null) : null,
      paused_until: verdict.reason === 'paused' ? (s.pauseEndsAt?.toISOString() ?? null) : null,
      can_pay_now: PAY_NOW_STATUSES.includes(s.status),
      usage_left: usageLeft,
      waiting_rewards: waitingOf.get(s.id) ?? 0,
    });
    bySubscriber.set(s.customerId, list);
  }
  return {
    customers: found.map((c) => ({
      id: c.id,
      name: c.name,
      email: c.email,
      subscriptions: bySubscriber.get(c.id) ?? [],
    })),
  };
}
