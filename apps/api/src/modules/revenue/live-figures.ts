import { and, count, eq, gte, inArray, lt, ne, sql, sum } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { checkIns, nestSubscriptions, nestTransactions, offerPrices, offers } from '../../db/schema/index.js';
import type { Period } from './calendar.js';
import { type Buckets, churnRate, churnWindow, forecastCents, type PricedSubscriptions } from './figures.js';

/**
 * The money summary's figures computed live from the nest's rows (ADR 124): the definition the
 * rollups (rolled-up-figures.ts, ADR 202) are tested against, and what answers a period whose bounds
 * do not fall on a quarter-hour (a historic time zone) or a month still to come.
 */

export const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
export const bounds = (instants: Date[]) => sql`array[${sql.join(instants.map(at), sql`, `)}]`;

/** When a subscription stopped counting: cancelled (when it was), or left unpaid (last change). */
export const endedAt = sql`(case ${nestSubscriptions.status} when 'canceled' then coalesce(${nestSubscriptions.canceledAt}, ${nestSubscriptions.updatedAt}) when 'unpaid' then ${nestSubscriptions.updatedAt} end)`;

/** Bucket index per row (0: before the first bound, N: at or after the last), counted or summed. */
async function bucketed(
  rows: Promise<{ bucket: number; value: string | number | null }[]>,
): Promise<Map<number, number>> {
  return new Map((await rows).map((r) => [Number(r.bucket), Number(r.value ?? 0)]));
}

export interface Scope {
  nestIds: string[];
}

export interface SubscriptionCounts {
  started: Buckets;
  ended: Buckets;
  churnNow: number | null;
  churnPrevious: number | null;
  pastDue: number;
}

/**
 * One pass over the nest's subscriptions: counts grouped by the period each started in and the one it
 * ended in (the series and the months' new and cancelled), with the churn windows' counts and the
 * past-due count as filtered sums.
 */
export async function subscriptionCounts(
  db: Tx,
  scope: Scope,
  edges: Date[],
  now: Date,
  previous: Date,
): Promise<SubscriptionCounts> {
  const startedBucket = sql<number>`width_bucket(${nestSubscriptions.createdAt}, ${bounds(edges)})`;
  const endedBucket = sql<number | null>`width_bucket(${endedAt}, ${bounds(edges)})`;
  const window = (end: Date) => {
    const start = churnWindow(end).start;
    return {
      live: sql<string>`count(*) filter (where ${nestSubscriptions.createdAt} <= ${at(start)} and (${endedAt} is null or ${endedAt} > ${at(start)}))`,
      gone: sql<string>`count(*) filter (where ${endedAt} >= ${at(start)} and ${endedAt} < ${at(end)})`,
    };
  };
  const churnNow = window(now);
  const churnPrevious = window(previous);
  const rows = await db
    .select({
      started: startedBucket,
      ended: endedBucket,
      n: count(),
      liveNow: churnNow.live,
      goneNow: churnNow.gone,
      livePrevious: churnPrevious.live,
      gonePrevious: churnPrevious.gone,
      pastDue: sql<string>`count(*) filter (where ${nestSubscriptions.status} = 'past_due')`,
    })
    .from(nestSubscriptions)
    .where(and(inArray(nestSubscriptions.nestId, scope.nestIds), ne(nestSubscriptions.status, 'incomplete')))
    .groupBy(sql`1, 2`);
  const started = new Map<number, number>();
  const ended = new Map<number, number>();
  const total = { liveNow: 0, goneNow: 0, livePrevious: 0, gonePrevious: 0, pastDue: 0 };
  for (const row of rows) {
    const n = Number(row.n);
    started.set(Number(row.started), (started.get(Number(row.started)) ?? 0) + n);
    if (row.ended !== null) ended.set(Number(row.ended), (ended.get(Number(row.ended)) ?? 0) + n);
    for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += Number(row[key]);
  }
  return {
    started,
    ended,
    churnNow: churnRate(total.goneNow, total.liveNow),
    churnPrevious: churnRate(total.gonePrevious, total.livePrevious),
    pastDue: total.pastDue,
  };
}

/** Customer payments less refunds by period. */
export function revenueBuckets(db: Tx, scope: Scope, edges: Date[]) {
  const bucket = sql<number>`width_bucket(${nestTransactions.occurredAt}, ${bounds(edges)})`;
  return bucketed(
    db
      .select({ bucket, value: sum(nestTransactions.amountCents) })
      .from(nestTransactions)
      .where(
        and(
          inArray(nestTransactions.nestId, scope.nestIds),
          inArray(nestTransactions.kind, ['payment', 'refund']),
          eq(nestTransactions.status, 'succeeded'),
          gte(nestTransactions.occurredAt, edges[0]!),
          lt(nestTransactions.occurredAt, edges[edges.length - 1]!),
        ),
      )
      .groupBy(sql`1`),
  );
}

/** Check-ins that counted, by month (the last two) and by day (the last 30), in one grouped query. */
export async function checkInCounts(db: Tx, scope: Scope, monthEdges: Date[], dayEdges: Date[]) {
  const byMonth = sql<number>`width_bucket(${checkIns.checkedAt}, ${bounds(monthEdges)})`;
  const byDay = sql<number>`width_bucket(${checkIns.checkedAt}, ${bounds(dayEdges)})`;
  const from = Math.min(monthEdges[0]!.getTime(), dayEdges[0]!.getTime());
  const to = Math.max(monthEdges.at(-1)!.getTime(), dayEdges.at(-1)!.getTime());
  const rows = await db
    .select({ month: byMonth, day: byDay, n: count() })
    .from(checkIns)
    .where(
      and(
        inArray(checkIns.nestId, scope.nestIds),
        eq(checkIns.counts, true),
        gte(checkIns.checkedAt, new Date(from)),
        lt(checkIns.checkedAt, new Date(to)),
      ),
    )
    .groupBy(sql`1, 2`);
  const months = new Map<number, number>();
  const days = new Map<number, number>();
  for (const row of rows) {
    const n = Number(row.n);
    months.set(Number(row.month), (months.get(Number(row.month)) ?? 0) + n);
    days.set(Number(row.day), (days.get(Number(row.day)) ?? 0) + n);
  }
  return { months, days };
}

/**
 * The price groups MRR is computed from, in one grouped query: now, from the subscriptions' own
 * statuses and cancel-at-period-end flags; at a past instant, from those live then, a trial being over
 * once its offer's trial days had passed (statuses and flags are not kept in history, so a past
 * instant has no "cancelling" and no "past due").
 */
export async function priceGroups(db: Tx, scope: Scope, instants: Date[], current: Date) {
  const flags = instants.flatMap((when) => [
    sql<boolean>`(${nestSubscriptions.createdAt} <= ${at(when)} and (${endedAt} is null or ${endedAt} > ${at(when)}))`,
    sql<boolean>`(${nestSubscriptions.createdAt} + ${offers.trialDays} * interval '1 day' <= ${at(when)})`,
  ]);
  const rows = await db
    .select({
      amountCents: offerPrices.amountCents,
      interval: offerPrices.interval,
      intervalCount: offerPrices.intervalCount,
      status: nestSubscriptions.status,
      cancelAtPeriodEnd: nestSubscriptions.cancelAtPeriodEnd,
      paused: sql<boolean>`coalesce(${nestSubscriptions.pauseStartsAt} <= ${at(current)} and ${nestSubscriptions.pauseEndsAt} > ${at(current)}, false)`,
      flags: sql<boolean[]>`array[${sql.join(flags, sql`, `)}]`,
      count: count(),
    })
    .from(nestSubscriptions)
    .innerJoin(offerPrices, eq(offerPrices.id, nestSubscriptions.offerPriceId))
    .innerJoin(offers, eq(offers.id, offerPrices.offerId))
    .where(and(inArray(nestSubscriptions.nestId, scope.nestIds), ne(nestSubscriptions.status, 'incomplete')))
    .groupBy(sql`1, 2, 3, 4, 5, 6, 7`);
  const now: PricedSubscriptions[] = rows.map((r) => ({
    amountCents: r.amountCents,
    interval: r.interval,
    intervalCount: r.intervalCount,
    status: r.status,
    cancelAtPeriodEnd: r.cancelAtPeriodEnd,
    paused: r.paused,
    count: Number(r.count),
  }));
  const at_ = (i: number): PricedSubscriptions[] =>
    rows
      .filter((r) => r.flags[2 * i])
      .map((r) => ({
        amountCents: r.amountCents,
        interval: r.interval,
        intervalCount: r.intervalCount,
        status: r.flags[2 * i + 1] ? 'active' : 'trialing',
        cancelAtPeriodEnd: false,
        // Pauses are not kept in history: a past instant counts the subscription as paying.
        paused: false,
        count: Number(r.count),
      }));
  return { now, at: at_ };
}

/** Renewals due between now and the month's end at their price, read live (nest_subscriptions_renewals_idx). */
export async function scheduledRenewalsCents(
  db: Tx,
  scope: Scope,
  month: Period,
  now: Date,
): Promise<number> {
  // A weekly subscription may renew more than once before the month ends.
  const periodSeconds = sql`(case ${offerPrices.interval} when 'week' then 7 * 86400 * ${offerPrices.intervalCount} end)`;
  const renewals = sql`(case when ${periodSeconds} is null then 1 else floor(extract(epoch from (${at(month.end)} - ${nestSubscriptions.currentPeriodEnd})) / ${periodSeconds})::int + 1 end)`;
  const [scheduled] = await db
    .select({ total: sql<string>`coalesce(sum(${offerPrices.amountCents} * ${renewals}), 0)` })
    .from(nestSubscriptions)
    .innerJoin(offerPrices, eq(offerPrices.id, nestSubscriptions.offerPriceId))
    .where(
      and(
        inArray(nestSubscriptions.nestId, scope.nestIds),
        // Written out, so the planner sees the partial index's own predicate.
        sql`${nestSubscriptions.status} in ('active', 'trialing') and ${nestSubscriptions.cancelAtPeriodEnd} = false`,
        gte(nestSubscriptions.currentPeriodEnd, now),
        lt(nestSubscriptions.currentPeriodEnd, month.end),
      ),
    );
  return Number(scheduled?.total ?? 0);
}

/** The forecast as the summary answers it, from its three parts. */
export function forecastOf(
  parts: { collectedCents: number; newBusinessCents: number; scheduledRenewalsCents: number },
  month: Period,
  now: Date,
) {
  return {
    month_end_cents: forecastCents({ ...parts, now, monthStart: month.start, monthEnd: month.end }),
    collected_cents: parts.collectedCents,
    scheduled_renewals_cents: parts.scheduledRenewalsCents,
    new_business_cents: parts.newBusinessCents,
  };
}

/**
 * The forecast's parts: payments this month, each less its refunds as the revenue limit counts them
 * (ADR 135); new business, what the subscriptions begun this month have paid (their succeeded payments
 * less their refunds, ADR 202); and renewals due before the month ends.
 */
export async function forecastParts(db: Tx, scope: Scope, month: Period, now: Date) {
  // Refunds made since the month began, by payment: one grouped read of the few refund rows
  // (nest_transactions_nest_kind_idx), hash-joined to the month's payments. A refund never precedes
  // its payment, so an older one cannot be about a payment of this month.
  const refunded = db
    .select({
      provider: nestTransactions.provider,
      paymentId: nestTransactions.providerPaymentId,
      nestId: nestTransactions.nestId,
      cents: sql<string>`sum(${nestTransactions.amountCents})`.as('refunded_cents'),
    })
    .from(nestTransactions)
    .where(
      and(
        inArray(nestTransactions.nestId, scope.nestIds),
        eq(nestTransactions.kind, 'refund'),
        eq(nestTransactions.status, 'succeeded'),
        gte(nestTransactions.occurredAt, month.start),
      ),
    )
    .groupBy(nestTransactions.provider, nestTransactions.providerPaymentId, nestTransactions.nestId)
    .as('refunded');
  const kept = sql`greatest(${nestTransactions.amountCents} + coalesce(${refunded.cents}, 0), 0)`;
  const [collected] = await db
    .select({ all: sql<string>`coalesce(sum(${kept}), 0)` })
    .from(nestTransactions)
    .leftJoin(
      refunded,
      and(
        eq(refunded.provider, nestTransactions.provider),
        eq(refunded.paymentId, nestTransactions.providerPaymentId),
        eq(refunded.nestId, nestTransactions.nestId),
      ),
    )
    .where(
      and(
        inArray(nestTransactions.nestId, scope.nestIds),
        eq(nestTransactions.kind, 'payment'),
        eq(nestTransactions.status, 'succeeded'),
        gte(nestTransactions.occurredAt, month.start),
        lt(nestTransactions.occurredAt, month.end),
      ),
    );
  const [fresh] = await db
    .select({ total: sql<string>`coalesce(sum(${nestTransactions.amountCents}), 0)` })
    .from(nestTransactions)
    .innerJoin(nestSubscriptions, eq(nestSubscriptions.id, nestTransactions.subscriptionId))
    .where(
      and(
        inArray(nestTransactions.nestId, scope.nestIds),
        inArray(nestTransactions.kind, ['payment', 'refund']),
        eq(nestTransactions.status, 'succeeded'),
        gte(nestSubscriptions.createdAt, month.start),
        lt(nestSubscriptions.createdAt, month.end),
      ),
    );
  return forecastOf(
    {
      collectedCents: Number(collected?.all ?? 0),
      newBusinessCents: Number(fresh?.total ?? 0),
      scheduledRenewalsCents: await scheduledRenewalsCents(db, scope, month, now),
    },
    month,
    now,
  );
}

/** What flowed in [from, to): the figures of a period that add up (ADR 225), live from the rows. */
export interface Flows {
  revenue_cents: number;
  new_subscribers: number;
  cancellations: number;
  check_ins: number;
}

/**
 * The flows of one stretch of time, by the month's own queries with [from, to) as their one period:
 * the part of the previous month a month under way is compared with, where the rollups do not answer
 * (ADR 225). The churn `subscriptionCounts` also counts is not used here.
 */
export async function flowsBetween(db: Tx, scope: Scope, from: Date, to: Date): Promise<Flows> {
  const edges = [from, to];
  const [revenue, subscriptions, counted] = await Promise.all([
    revenueBuckets(db, scope, edges),
    subscriptionCounts(db, scope, edges, to, to),
    checkInCounts(db, scope, edges, edges),
  ]);
  return {
    revenue_cents: revenue.get(1) ?? 0,
    new_subscribers: subscriptions.started.get(1) ?? 0,
    cancellations: subscriptions.ended.get(1) ?? 0,
    check_ins: counted.months.get(1) ?? 0,
  };
}
