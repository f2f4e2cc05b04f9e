import type { LedgerEntry, RevenueFigures, RevenueSummary } from '@nest/contracts';
import { and, count, desc, eq, gte, inArray, lt, ne, type SQL, sql, sum } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  checkIns,
  nestCustomers,
  nestSubscriptions,
  nests,
  nestTransactions,
  offerPrices,
  offers,
  users,
} from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { lastDays, lastMonths, monthPeriod, namedMonth, type Period } from './calendar.js';
import {
  type Buckets,
  churnRate,
  churnWindow,
  committedMrrCents,
  forecastCents,
  mrrCents,
  type PricedSubscriptions,
  subscribersSeries,
} from './figures.js';

const SERIES_MONTHS = 12;
const SERIES_DAYS = 30;
const RECENT_ROWS = 5;

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const bounds = (instants: Date[]) => sql`array[${sql.join(instants.map(at), sql`, `)}]`;

/** When a subscription stopped counting: cancelled (when it was), or left unpaid (last change). */
const endedAt = sql`(case ${nestSubscriptions.status} when 'canceled' then coalesce(${nestSubscriptions.canceledAt}, ${nestSubscriptions.updatedAt}) when 'unpaid' then ${nestSubscriptions.updatedAt} end)`;

/** Bucket index per row (0: before the first bound, N: at or after the last), counted or summed. */
async function bucketed(
  rows: Promise<{ bucket: number; value: string | number | null }[]>,
): Promise<Map<number, number>> {
  return new Map((await rows).map((r) => [Number(r.bucket), Number(r.value ?? 0)]));
}

interface Scope {
  nestIds: string[];
}

interface SubscriptionCounts {
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
async function subscriptionCounts(
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
function revenueBuckets(db: Tx, scope: Scope, edges: Date[]) {
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
async function checkInCounts(db: Tx, scope: Scope, monthEdges: Date[], dayEdges: Date[]) {
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
async function priceGroups(db: Tx, scope: Scope, instants: Date[], current: Date) {
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

const ledgerColumns = {
  id: nestTransactions.id,
  kind: nestTransactions.kind,
  status: nestTransactions.status,
  amountCents: nestTransactions.amountCents,
  currency: nestTransactions.currency,
  occurredAt: nestTransactions.occurredAt,
  customerName: nestCustomers.name,
  customerEmail: nestCustomers.email,
};

type LedgerRow = Awaited<ReturnType<typeof ledger>>[number];

const toEntry = (row: LedgerRow): LedgerEntry => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  amount_cents: row.amountCents,
  currency: row.currency,
  occurred_at: row.occurredAt.toISOString(),
  customer_name: row.customerName,
  customer_email: row.customerEmail,
});

function ledger(db: Tx, scope: Scope, where?: SQL, limit = RECENT_ROWS, oldestFirst = false) {
  const order = oldestFirst
    ? [nestTransactions.occurredAt, nestTransactions.id]
    : [desc(nestTransactions.occurredAt), desc(nestTransactions.id)];
  return db
    .select(ledgerColumns)
    .from(nestTransactions)
    .leftJoin(nestCustomers, eq(nestCustomers.id, nestTransactions.customerId))
    .where(and(inArray(nestTransactions.nestId, scope.nestIds), where))
    .orderBy(...order)
    .limit(limit);
}

async function pendingPayout(db: Tx, scope: Scope): Promise<number> {
  const [row] = await db
    .select({ total: sum(nestTransactions.amountCents) })
    .from(nestTransactions)
    .where(
      and(
        inArray(nestTransactions.nestId, scope.nestIds),
        eq(nestTransactions.kind, 'payout'),
        inArray(nestTransactions.status, ['pending', 'in_transit']),
      ),
    );
  return 0 - Number(row?.total ?? 0);
}

/**
 * The forecast's parts: payments this month, each less its refunds as the revenue limit counts them
 * (ADR 135), the part from subscriptions begun this month, and renewals due before it ends.
 */
async function forecastParts(db: Tx, scope: Scope, month: Period, now: Date) {
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
    .select({
      all: sql<string>`sum(${kept})`,
      fresh: sql<string>`coalesce(sum(${kept}) filter (where ${nestSubscriptions.createdAt} >= ${at(month.start)}), 0)`,
    })
    .from(nestTransactions)
    .leftJoin(nestSubscriptions, eq(nestSubscriptions.id, nestTransactions.subscriptionId))
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
        inArray(nestSubscriptions.status, ['active', 'trialing']),
        eq(nestSubscriptions.cancelAtPeriodEnd, false),
        gte(nestSubscriptions.currentPeriodEnd, now),
        lt(nestSubscriptions.currentPeriodEnd, month.end),
      ),
    );
  const collectedCents = Number(collected?.all ?? 0);
  const newBusinessCents = Number(collected?.fresh ?? 0);
  const scheduledRenewalsCents = Number(scheduled?.total ?? 0);
  return {
    month_end_cents: forecastCents({
      collectedCents,
      newBusinessCents,
      scheduledRenewalsCents,
      now,
      monthStart: month.start,
      monthEnd: month.end,
    }),
    collected_cents: collectedCents,
    scheduled_renewals_cents: scheduledRenewalsCents,
    new_business_cents: newBusinessCents,
  };
}

export interface SummaryInput {
  userId: string;
  /** "2025-03"; the current month in the merchant's time zone when absent. */
  month?: string | undefined;
  now?: Date;
}

/**
 * The merchant's money view (GET /users/{id}/stripe/summary): a month's figures and the month
 * before, the forecast, and the series the dashboard's charts draw. Every query is an aggregate
 * over the nest's rows (grouped by width_bucket over the periods' bounds), so its cost does not
 * grow with the number of periods shown.
 */
export async function revenueSummary(db: Tx, input: SummaryInput): Promise<RevenueSummary> {
  const now = input.now ?? new Date();
  const [user] = await db
    .select({
      timeZone: users.timeZone,
      nestIds: sql<
        string[]
      >`coalesce(array_agg(${nests.id}::text) filter (where ${nests.id} is not null), '{}')`,
    })
    .from(users)
    .leftJoin(nests, eq(nests.ownerId, users.id))
    .where(eq(users.id, input.userId))
    .groupBy(users.id);
  if (!user) throw notFound();
  const timeZone = user.timeZone;
  const scope: Scope = { nestIds: user.nestIds };

  const period = input.month ? namedMonth(input.month, timeZone) : monthPeriod(now, timeZone);
  const isCurrent = period.start.getTime() <= now.getTime() && now.getTime() < period.end.getTime();
  // A future month is taken as of now (nothing in it yet); a past one as of its end.
  const asOf = isCurrent || period.start.getTime() > now.getTime() ? now : period.end;
  const months = lastMonths(period.start, timeZone, SERIES_MONTHS);
  const previous = months[SERIES_MONTHS - 2]!;
  const lastDay = new Date(Math.min(asOf.getTime(), period.end.getTime() - 1));
  const days = lastDays(lastDay, timeZone, SERIES_DAYS);
  // Month bounds; the last one is "now" for the current month, so what follows it is not counted.
  const monthEdges = [...months.map((m) => m.start), isCurrent ? asOf : period.end];
  const dayEdges = [...days.map((d) => d.start), days[SERIES_DAYS - 1]!.end];

  const empty = scope.nestIds.length === 0;
  const none = new Map<number, number>() as Buckets;
  const payouts = (statuses: ('pending' | 'in_transit' | 'paid')[], oldestFirst: boolean) =>
    ledger(
      db,
      scope,
      and(eq(nestTransactions.kind, 'payout'), inArray(nestTransactions.status, statuses)),
      1,
      oldestFirst,
    );
  const [subscriptions, revenue, checkIns_, groups, recent, nextPayout, lastPayout, pending, forecast] = empty
    ? [
        { started: none, ended: none, churnNow: null, churnPrevious: null, pastDue: 0 },
        none,
        { months: none, days: none },
        { now: [], at: () => [] },
        [],
        [],
        [],
        0,
        null,
      ]
    : await Promise.all([
        subscriptionCounts(db, scope, monthEdges, asOf, previous.end),
        revenueBuckets(db, scope, monthEdges),
        checkInCounts(db, scope, monthEdges.slice(-3), dayEdges),
        priceGroups(db, scope, isCurrent ? [previous.end] : [previous.end, asOf], now),
        ledger(db, scope),
        payouts(['pending', 'in_transit'], true),
        payouts(['paid'], false),
        pendingPayout(db, scope),
        isCurrent ? forecastParts(db, scope, period, now) : null,
      ]);
  const subscribers = subscribersSeries(SERIES_MONTHS, subscriptions.started, subscriptions.ended);
  const groupsNow = isCurrent ? groups.now : groups.at(1);
  const groupsPrev = groups.at(0);
  const checkInsByMonth = checkIns_.months;
  const checkInsByDay = checkIns_.days;
  const churnNow = subscriptions.churnNow;
  const churnPrev = subscriptions.churnPrevious;
  const pastDue = subscriptions.pastDue;

  const figures = (
    i: number,
    groups: PricedSubscriptions[],
    churn: number | null,
    live: boolean,
  ): RevenueFigures => ({
    revenue_cents: revenue.get(i + 1) ?? 0,
    mrr_cents: mrrCents(groups),
    committed_mrr_cents: live ? committedMrrCents(groups) : null,
    active_subscribers: subscribers[i]!.active,
    new_subscribers: subscribers[i]!.new,
    cancellations: subscribers[i]!.cancelled,
    churn_rate: churn,
    // The check-in bounds are the last two months: buckets 1 (previous) and 2 (this one).
    check_ins: checkInsByMonth.get(i - (SERIES_MONTHS - 3)) ?? 0,
    pending_payout_cents: live ? pending : null,
  });

  return {
    currency: 'EUR',
    time_zone: timeZone,
    period: {
      month: period.key,
      start: period.start.toISOString(),
      end: period.end.toISOString(),
      as_of: asOf.toISOString(),
      current: isCurrent,
    },
    previous_period: {
      month: previous.key,
      start: previous.start.toISOString(),
      end: previous.end.toISOString(),
    },
    current: figures(SERIES_MONTHS - 1, groupsNow, churnNow, isCurrent),
    previous: figures(SERIES_MONTHS - 2, groupsPrev, churnPrev, false),
    forecast: isCurrent
      ? (forecast ?? {
          month_end_cents: 0,
          collected_cents: 0,
          scheduled_renewals_cents: 0,
          new_business_cents: 0,
        })
      : null,
    past_due_subscribers: isCurrent ? pastDue : 0,
    series: {
      revenue_by_month: months.map((m, i) => ({ month: m.key, revenue_cents: revenue.get(i + 1) ?? 0 })),
      subscribers_by_month: months.map((m, i) => ({ month: m.key, ...subscribers[i]! })),
      check_ins_by_day: days.map((d, i) => ({ day: d.key, check_ins: checkInsByDay.get(i + 1) ?? 0 })),
    },
    recent_transactions: recent.map(toEntry),
    payouts: {
      next: nextPayout[0] ? toEntry(nextPayout[0]) : null,
      last: lastPayout[0] ? toEntry(lastPayout[0]) : null,
    },
  };
}
