import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Period } from './calendar.js';
import {
  type BillingInterval,
  type Buckets,
  CHURN_WINDOW_DAYS,
  churnRate,
  type PricedSubscriptions,
  type SubscriptionStatus,
} from './figures.js';
import {
  at,
  endedAt,
  type Flows,
  forecastOf,
  type Scope,
  type SubscriptionCounts,
  scheduledRenewalsCents,
} from './live-figures.js';

/**
 * The money summary's figures from the rollups (ADR 202): per nest, sums by quarter-hour and by UTC
 * day that the job folds from the triggers' notes, plus the notes not folded yet, in one statement, so
 * the answer is exact whenever the job last ran. A period bound on a quarter-hour is a cut between
 * buckets; an instant that is not (now, now − 30 days) splits its quarter-hour, whose part is read live
 * from the base tables through an index. live-figures.ts holds the definitions; the tests hold the two
 * together.
 */

const QUARTER_MS = 15 * 60_000;
const DAY_MS = 86_400_000;
const floorTo = (d: Date, ms: number) => new Date(Math.floor(d.getTime() / ms) * ms);
const ceilTo = (d: Date, ms: number) => new Date(Math.ceil(d.getTime() / ms) * ms);
export const quarterOf = (d: Date) => floorTo(d, QUARTER_MS);

/** Every modern zone's months and days begin on a quarter-hour; a historic one's may not. */
export const onQuarterHour = (d: Date) => d.getTime() % QUARTER_MS === 0;

const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
const instants = (ds: Date[]) => sql`${`{${ds.map((d) => d.toISOString()).join(',')}}`}::timestamptz[]`;
const sorted = (ds: Date[]) =>
  [...new Set(ds.map((d) => d.getTime()))].sort((a, b) => a - b).map((t) => new Date(t));

/**
 * A rollup's rows covering [from, to) (from the beginning when from is null), bounds and cuts on
 * quarter-hours: a UTC day's row where no cut falls inside the day, its quarter-hours where one does,
 * and the notes not folded yet. Each row keeps its bucket, so width_bucket over the cuts is exact.
 */
function foldedRows(
  kind: 'money' | 'paying',
  scope: Scope,
  columns: SQL,
  from: Date | null,
  to: Date,
  cuts: Date[],
): SQL {
  const rollups = sql.identifier(kind === 'money' ? 'money_rollups' : 'paying_rollups');
  const notes = sql.identifier(kind === 'money' ? 'money_rollup_notes' : 'paying_rollup_notes');
  const split = sorted(
    [...(from ? [from] : []), to, ...cuts]
      .filter((d) => d.getTime() % DAY_MS !== 0)
      .map((d) => floorTo(d, DAY_MS)),
  );
  const nests = uuids(scope.nestIds);
  const within = sql`${from ? sql`bucket >= ${at(from)} and ` : sql``}bucket < ${at(to)}`;
  return sql`(
    select bucket, ${columns} from ${rollups}
    where nest_id = any(${nests}) and span = 'day' and ${within} and bucket <> all(${instants(split)})
    union all
    select bucket, ${columns} from unnest(${instants(split)}) split(split_day)
    join ${rollups} on nest_id = any(${nests}) and span = 'quarter'
      and bucket >= split.split_day and bucket < split.split_day + interval '1 day'
    where ${within}
    union all
    select bucket, ${columns} from ${notes} where nest_id = any(${nests}) and ${within}
  )`;
}

/** Sums per interval between sorted cuts: between(a, b) adds those from cut a (or the start) to cut b. */
function intervals<K extends string>(cuts: Date[], rows: Record<string, string | number>[]) {
  const index = new Map(cuts.map((c, i) => [c.getTime(), i + 1]));
  const byBucket = new Map(rows.map((r) => [Number(r.b), r]));
  return (key: K, from: Date | null, to: Date): number => {
    const first = from ? index.get(from.getTime()) : 0;
    const last = index.get(to.getTime());
    if (first === undefined || last === undefined) throw new Error('a bound that is not a cut');
    let total = 0;
    for (let b = first; b < last; b++) total += Number(byBucket.get(b)?.[key] ?? 0);
    return total;
  };
}

/**
 * A read of the rollups with no parallel workers: the planner takes each cut day's quarter-hours for
 * thousands of rows (it cannot know a day holds 96) and starts workers for 5 ms of work, which cost
 * ten times that on a busy machine (EXPLAIN ANALYZE in ADR 202).
 */
const serially = <T>(db: Tx, query: SQL) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return rowsOf<T>(tx.execute(query));
  });

const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as unknown as { rows: T[] }).rows;

interface Window {
  /** What the count is of: creations, ends, or max(creation, end) (no longer live from then). */
  of: 'created' | 'ended' | 'gone';
  from: Date;
  to: Date;
  /** Whether `to` itself counts ("at or before"). */
  closed?: boolean;
}

/** Subscriptions (not incomplete) counted over a few windows of minutes, live, by two indexes. */
async function subscriptionsIn(db: Tx, scope: Scope, windows: Window[]): Promise<number[]> {
  if (windows.length === 0) return [];
  const created = sql`nest_subscriptions.created_at`;
  const gone = sql`greatest(${created}, ${endedAt})`;
  const expr = (w: Window) => (w.of === 'created' ? created : w.of === 'ended' ? endedAt : gone);
  const inside = (e: SQL, w: Window) =>
    sql`(${e} >= ${at(w.from)} and ${e} ${w.closed ? sql`<=` : sql`<`} ${at(w.to)})`;
  // A row whose max(creation, end) is in a window was created or ended in it: both indexes find it.
  const near = windows.flatMap((w) => [
    ...(w.of !== 'ended' ? [inside(created, w)] : []),
    ...(w.of !== 'created'
      ? [sql`(nest_subscriptions.status in ('canceled', 'unpaid') and ${inside(endedAt, w)})`]
      : []),
  ]);
  const counts = windows.map(
    (w, i) =>
      sql`count(*) filter (where ${w.of === 'created' ? sql`true` : sql`${endedAt} is not null`} and ${inside(expr(w), w)})::int as ${sql.identifier(`w${i}`)}`,
  );
  const [row] = await rowsOf<Record<string, number>>(
    db.execute(sql`select ${sql.join(counts, sql`, `)} from nest_subscriptions
      where nest_id = any(${uuids(scope.nestIds)}) and status <> 'incomplete' and (${sql.join(near, sql` or `)})`),
  );
  return windows.map((_, i) => Number(row?.[`w${i}`] ?? 0));
}

/** The live part of the current quarter-hour: revenue and check-ins in [from, to). */
async function ledgerAndCounterIn(db: Tx, scope: Scope, from: Date, to: Date) {
  const nests = uuids(scope.nestIds);
  const [row] = await rowsOf<{ revenue: string; check_ins: number }>(
    db.execute(sql`select
      (select coalesce(sum(amount_cents), 0) from nest_transactions where nest_id = any(${nests})
        and kind in ('payment', 'refund') and status = 'succeeded'
        and occurred_at >= ${at(from)} and occurred_at < ${at(to)}) as revenue,
      (select count(*)::int from check_ins where nest_id = any(${nests}) and counts
        and created_at >= ${at(from)} and created_at < ${at(to)}) as check_ins`),
  );
  return { revenue: Number(row?.revenue ?? 0), checkIns: Number(row?.check_ins ?? 0) };
}

interface PriceRow {
  amount_cents: number;
  interval: BillingInterval;
  interval_count: number;
}

/** Subscriptions now by price, status and cancel-at-period-end, the paused ones read live. */
async function subscriptionsNow(db: Tx, scope: Scope, now: Date): Promise<PricedSubscriptions[]> {
  const nests = uuids(scope.nestIds);
  const rows = await rowsOf<
    PriceRow & { status: SubscriptionStatus; cancel_at_period_end: boolean; n: number; paused: number }
  >(
    db.execute(sql`select p.amount_cents, p.interval, p.interval_count, g.status, g.cancel_at_period_end,
        g.n::int as n, coalesce(z.paused, 0)::int as paused
      from (
        select offer_price_id, status, cancel_at_period_end, sum(subscriptions) as n from (
          select offer_price_id, status, cancel_at_period_end, subscriptions from subscription_counts
          where nest_id = any(${nests})
          union all
          select offer_price_id, status, cancel_at_period_end, subscriptions from subscription_count_notes
          where nest_id = any(${nests})
        ) c group by 1, 2, 3 having sum(subscriptions) <> 0
      ) g
      join offer_prices p on p.id = g.offer_price_id
      left join (
        select offer_price_id, status, cancel_at_period_end, count(*) as paused from nest_subscriptions
        where nest_id = any(${nests}) and pause_ends_at > ${at(now)} and pause_starts_at <= ${at(now)}
          and status <> 'incomplete'
        group by 1, 2, 3
      ) z on z.offer_price_id = g.offer_price_id and z.status = g.status
        and z.cancel_at_period_end = g.cancel_at_period_end`),
  );
  return rows.flatMap((r) =>
    [
      { paused: false, count: r.n - r.paused },
      { paused: true, count: r.paused },
    ]
      .filter((part) => part.count !== 0)
      .map((part) => ({
        amountCents: r.amount_cents,
        interval: r.interval,
        intervalCount: r.interval_count,
        status: r.status,
        cancelAtPeriodEnd: r.cancel_at_period_end,
        ...part,
      })),
  );
}

/**
 * Paying subscriptions per price at instants on quarter-hours: the deltas keyed by the quarter-hour at
 * or after each change, summed up to each instant.
 */
async function payingAt(db: Tx, scope: Scope, when: Date[]): Promise<PricedSubscriptions[][]> {
  const cuts = sorted(when.map((d) => new Date(d.getTime() + QUARTER_MS)));
  const rows = await serially<PriceRow & { b: number; paying: number }>(
    db,
    sql`select width_bucket(f.bucket, ${instants(cuts)}) as b, p.amount_cents, p.interval,
        p.interval_count, sum(f.paying)::int as paying
      from ${foldedRows('paying', scope, sql`offer_price_id, paying`, null, cuts.at(-1)!, cuts)} f
      join offer_prices p on p.id = f.offer_price_id
      group by 1, 2, 3, 4, p.id`,
  );
  return when.map((d) => {
    const last = cuts.findIndex((c) => c.getTime() === d.getTime() + QUARTER_MS);
    const byPrice = new Map<string, PricedSubscriptions>();
    for (const r of rows.filter((row) => Number(row.b) <= last)) {
      const key = `${r.amount_cents}/${r.interval}/${r.interval_count}`;
      const group = byPrice.get(key) ?? {
        amountCents: r.amount_cents,
        interval: r.interval,
        intervalCount: r.interval_count,
        status: 'active',
        cancelAtPeriodEnd: false,
        paused: false,
        count: 0,
      };
      group.count += Number(r.paying);
      byPrice.set(key, group);
    }
    return [...byPrice.values()].filter((g) => g.count !== 0);
  });
}

/** The month's payments, each less its refunds never below zero (ADR 135), as a correction to their sum. */
async function refundsOfTheMonthsPayments(db: Tx, scope: Scope, month: Period): Promise<number> {
  const nests = uuids(scope.nestIds);
  const [row] = await rowsOf<{ cents: string }>(
    db.execute(sql`select coalesce(sum(greatest(p.amount_cents + r.refunded, 0) - p.amount_cents), 0) as cents
      from (
        select provider, provider_payment_id, nest_id, sum(amount_cents) as refunded from nest_transactions
        where nest_id = any(${nests}) and kind = 'refund' and status = 'succeeded'
          and occurred_at >= ${at(month.start)}
        group by 1, 2, 3
      ) r
      join nest_transactions p on p.provider = r.provider and p.provider_payment_id = r.provider_payment_id
        and p.nest_id = r.nest_id
      where p.kind = 'payment' and p.status = 'succeeded' and p.occurred_at >= ${at(month.start)}
        and p.occurred_at < ${at(month.end)}`),
  );
  return Number(row?.cents ?? 0);
}

export interface RolledUpInput {
  /** The 12 months' starts and the last bound: now for the current month, else the month's end. */
  monthEdges: Date[];
  dayEdges: Date[];
  asOf: Date;
  previousEnd: Date;
  period: Period;
  isCurrent: boolean;
  now: Date;
  /**
   * The end of the part of the previous month a month under way is compared with (ADR 225), on a
   * quarter-hour; null for a past month.
   */
  previousToDate: Date | null;
}

/** Whether the rollups can answer: every bound on a quarter-hour (now aside), and not a month to come. */
export function rollupsAnswer(input: RolledUpInput): boolean {
  const bounds = [...input.monthEdges.slice(0, -1), ...input.dayEdges, input.period.start, input.period.end];
  if (!input.isCurrent) bounds.push(input.asOf);
  return (
    input.asOf.getTime() <= input.period.end.getTime() &&
    input.period.start <= input.now &&
    bounds.every(onQuarterHour)
  );
}

/** The figure groups summary.ts assembles, from the rollups (with the same part of last month, ADR 225). */
export async function rolledUpFigures(db: Tx, scope: Scope, input: RolledUpInput) {
  const { monthEdges, dayEdges, asOf, previousEnd, period, isCurrent, now, previousToDate } = input;
  // The current month's last bound is now: its quarter-hour is a cut and the minutes since are read live.
  const lastCut = isCurrent ? quarterOf(now) : monthEdges.at(-1)!;
  const months = [...monthEdges.slice(0, -1), lastCut];
  const tail = isCurrent ? { from: lastCut, to: now } : null;
  const churn = [asOf, previousEnd].map((end) => {
    const start = new Date(end.getTime() - CHURN_WINDOW_DAYS * DAY_MS);
    return { start, end, before: quarterOf(start), after: ceilTo(start, QUARTER_MS), last: quarterOf(end) };
  });
  const checkInMonths = months.slice(-3);
  const cuts = sorted([
    ...months,
    ...dayEdges,
    ...churn.flatMap((w) => [w.before, w.after, w.last]),
    ...(isCurrent ? [period.start, period.end] : []),
    ...(previousToDate ? [previousToDate] : []),
  ]);
  const columns = sql`revenue_cents, paid_cents, fresh_cents, started, ended, gone, check_ins`;
  const sums = (async () => {
    const rows = await serially<Record<string, string | number>>(
      db,
      sql`select width_bucket(bucket, ${instants(cuts)}) as b, sum(revenue_cents) as revenue,
          sum(paid_cents) as paid, sum(fresh_cents) as fresh, sum(started) as started, sum(ended) as ended,
          sum(gone) as gone, sum(check_ins) as check_ins
        from ${foldedRows('money', scope, columns, null, cuts.at(-1)!, cuts)} f group by 1`,
    );
    return intervals<'revenue' | 'paid' | 'fresh' | 'started' | 'ended' | 'gone' | 'check_ins'>(cuts, rows);
  })();
  const windows: Window[] = [
    ...(tail
      ? [
          { of: 'created' as const, ...tail },
          { of: 'ended' as const, ...tail },
        ]
      : []),
    ...churn.flatMap((w) => [
      { of: 'created' as const, from: w.before, to: w.start, closed: true },
      { of: 'gone' as const, from: w.before, to: w.start, closed: true },
      { of: 'ended' as const, from: w.start, to: w.after },
      { of: 'ended' as const, from: w.last, to: w.end },
    ]),
  ];
  const [between, near, ledgerTail, groupsNow, groupsAt, correction, scheduled, counts] = await Promise.all([
    sums,
    subscriptionsIn(db, scope, windows),
    tail ? ledgerAndCounterIn(db, scope, tail.from, tail.to) : { revenue: 0, checkIns: 0 },
    isCurrent ? subscriptionsNow(db, scope, now) : [],
    payingAt(db, scope, isCurrent ? [previousEnd] : [previousEnd, asOf]),
    isCurrent ? refundsOfTheMonthsPayments(db, scope, period) : 0,
    isCurrent ? scheduledRenewalsCents(db, scope, period, now) : 0,
    pastDue(db, scope),
  ]);

  const revenue = new Map<number, number>();
  const started = new Map<number, number>([[0, between('started', null, months[0]!)]]);
  const ended = new Map<number, number>([[0, between('ended', null, months[0]!)]]);
  for (let i = 1; i < months.length; i++) {
    revenue.set(i, between('revenue', months[i - 1]!, months[i]!));
    started.set(i, between('started', months[i - 1]!, months[i]!));
    ended.set(i, between('ended', months[i - 1]!, months[i]!));
  }
  const last = months.length - 1;
  let next = 0;
  if (tail) {
    revenue.set(last, revenue.get(last)! + ledgerTail.revenue);
    started.set(last, started.get(last)! + near[next++]!);
    ended.set(last, ended.get(last)! + near[next++]!);
  }
  const rates = churn.map((w) => {
    const plus = near[next++]!;
    const minus = near[next++]!;
    const head = near[next++]!;
    const end = near[next++]!;
    const live = between('started', null, w.before) - between('gone', null, w.before) + plus - minus;
    const gone = head + between('ended', w.after, w.last) + end;
    return churnRate(gone, live);
  });
  const subscriptions: SubscriptionCounts = {
    started,
    ended,
    churnNow: rates[0]!,
    churnPrevious: rates[1]!,
    pastDue: counts,
  };

  const checkInMonthsCounted = new Map<number, number>([
    [1, between('check_ins', checkInMonths[0]!, checkInMonths[1]!)],
    [2, between('check_ins', checkInMonths[1]!, checkInMonths[2]!) + ledgerTail.checkIns],
  ]);
  const checkInDays = new Map<number, number>(
    dayEdges.slice(1).map((end, i) => [i + 1, between('check_ins', dayEdges[i]!, end)]),
  );

  const forecast = isCurrent
    ? forecastOf(
        {
          collectedCents: between('paid', period.start, period.end) + correction,
          newBusinessCents: between('fresh', period.start, period.end),
          scheduledRenewalsCents: scheduled,
        },
        period,
        now,
      )
    : null;

  // The previous month's start is the one before the period's: both are cuts, as is previousToDate.
  const previousStart = monthEdges.at(-3)!;
  const flowsToDate: Flows | null = previousToDate
    ? {
        revenue_cents: between('revenue', previousStart, previousToDate),
        new_subscribers: between('started', previousStart, previousToDate),
        cancellations: between('ended', previousStart, previousToDate),
        check_ins: between('check_ins', previousStart, previousToDate),
      }
    : null;

  return {
    subscriptions,
    revenue: revenue as Buckets,
    checkIns: { months: checkInMonthsCounted as Buckets, days: checkInDays as Buckets },
    groups: { now: groupsNow, at: (i: number) => groupsAt[i] ?? [] },
    forecast,
    flowsToDate,
  };
}

/** Past-due subscriptions now (the kept counts and their notes). */
async function pastDue(db: Tx, scope: Scope): Promise<number> {
  const nests = uuids(scope.nestIds);
  const [row] = await rowsOf<{ n: number }>(
    db.execute(sql`select coalesce(sum(subscriptions), 0)::int as n from (
      select subscriptions from subscription_counts where nest_id = any(${nests}) and status = 'past_due'
      union all
      select subscriptions from subscription_count_notes where nest_id = any(${nests}) and status = 'past_due'
    ) c`),
  );
  return Number(row?.n ?? 0);
}
