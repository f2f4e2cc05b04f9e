import type { LedgerEntry, RevenueFigures, RevenueSummary } from '@nest/contracts';
import { and, desc, eq, inArray, type SQL, sql, sum } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { nestCustomers, nests, nestTransactions, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { lastDays, lastMonths, monthPeriod, namedMonth } from './calendar.js';
import {
  type Buckets,
  committedMrrCents,
  mrrCents,
  type PricedSubscriptions,
  subscribersSeries,
} from './figures.js';
import {
  checkInCounts,
  type Flows,
  flowsBetween,
  forecastParts,
  priceGroups,
  revenueBuckets,
  type Scope,
  subscriptionCounts,
} from './live-figures.js';
import { quarterOf, type RolledUpInput, rolledUpFigures, rollupsAnswer } from './rolled-up-figures.js';

const SERIES_MONTHS = 12;
const SERIES_DAYS = 30;
const RECENT_ROWS = 5;

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

export interface SummaryInput {
  userId: string;
  /** "2025-03"; the current month in the merchant's time zone when absent. */
  month?: string | undefined;
  now?: Date;
  /** "live": every figure from the nest's rows (the definitions), as when the rollups cannot answer. */
  figures?: 'live' | 'rollups';
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
  // A month under way is compared with as much of the previous month (ADR 225): its start, plus as long
  // as this month has run, at most its end (the 31st against a shorter month: all of it), to the
  // quarter-hour (the rollups' grain).
  const previousToDate = isCurrent
    ? quarterOf(
        new Date(
          Math.min(
            previous.start.getTime() + (asOf.getTime() - period.start.getTime()),
            previous.end.getTime(),
          ),
        ),
      )
    : null;
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
  const rolledUp: RolledUpInput = {
    monthEdges,
    dayEdges,
    asOf,
    previousEnd: previous.end,
    period,
    isCurrent,
    now,
    previousToDate,
  };
  const fromRollups = input.figures !== 'live' && rollupsAnswer(rolledUp);
  const liveFigures = async () => {
    const [subscriptions, revenue, checkIns, groups, forecast, flowsToDate] = await Promise.all([
      subscriptionCounts(db, scope, monthEdges, asOf, previous.end),
      revenueBuckets(db, scope, monthEdges),
      checkInCounts(db, scope, monthEdges.slice(-3), dayEdges),
      priceGroups(db, scope, isCurrent ? [previous.end] : [previous.end, asOf], now),
      isCurrent ? forecastParts(db, scope, period, now) : null,
      previousToDate ? flowsBetween(db, scope, previous.start, previousToDate) : null,
    ]);
    return { subscriptions, revenue, checkIns, groups, forecast, flowsToDate };
  };
  const noFlows: Flows = { revenue_cents: 0, new_subscribers: 0, cancellations: 0, check_ins: 0 };
  const [figuresOf, recent, nextPayout, lastPayout, pending] = empty
    ? [
        {
          subscriptions: { started: none, ended: none, churnNow: null, churnPrevious: null, pastDue: 0 },
          revenue: none,
          checkIns: { months: none, days: none },
          groups: { now: [], at: () => [] },
          forecast: null,
          flowsToDate: previousToDate ? noFlows : null,
        },
        [],
        [],
        [],
        0,
      ]
    : await Promise.all([
        fromRollups ? rolledUpFigures(db, scope, rolledUp) : liveFigures(),
        ledger(db, scope),
        payouts(['pending', 'in_transit'], true),
        payouts(['paid'], false),
        pendingPayout(db, scope),
      ]);
  const { subscriptions, revenue, groups, forecast, flowsToDate } = figuresOf;
  const checkIns_ = figuresOf.checkIns;
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
    previous_to_date:
      previousToDate && flowsToDate ? { as_of: previousToDate.toISOString(), ...flowsToDate } : null,
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
