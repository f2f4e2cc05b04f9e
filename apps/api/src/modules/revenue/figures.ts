/**
 * The dashboard's figures as pure functions over small inputs (the queries in summary.ts aggregate
 * the rows; these say what the figures mean). Money is integer cents throughout; a figure that is
 * a share is a ratio rounded to 0.0001.
 */

export type BillingInterval = 'week' | 'month' | 'year';
export type SubscriptionStatus = 'incomplete' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid';

/** A group of subscriptions on one price shape (the query groups them; `count` of them). */
export interface PricedSubscriptions {
  amountCents: number;
  interval: BillingInterval;
  intervalCount: number;
  status: SubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  /** In a paused window now (ADR 150): it bills nothing until the pause ends. */
  paused: boolean;
  count: number;
}

/** Months in one billing period: a year is 12, a week 12/52, each times the interval count. */
function monthsPerPeriod(interval: BillingInterval, intervalCount: number): number {
  const months = interval === 'year' ? 12 : interval === 'month' ? 1 : 12 / 52;
  return months * intervalCount;
}

/** Subscriptions that bring money in every month: active or past due. Trials pay nothing yet. */
export const paysNow = (status: SubscriptionStatus) => status === 'active' || status === 'past_due';

/**
 * Monthly recurring revenue: each paying (active or past-due) subscription's price normalised to a
 * month — yearly ÷ 12 ÷ count, weekly × 52 ÷ 12 ÷ count, monthly ÷ count — summed, rounded once to
 * the cent at the end. Trials, cancelled and unpaid subscriptions are not in it, nor paused ones
 * (ADR 150: a paused subscription bills nothing until it resumes; it counts again from then).
 */
export function mrrCents(groups: readonly PricedSubscriptions[]): number {
  let total = 0;
  for (const g of groups) {
    if (!paysNow(g.status) || g.paused) continue;
    total += (g.amountCents * g.count) / monthsPerPeriod(g.interval, g.intervalCount);
  }
  return Math.round(total);
}

/** MRR less the subscriptions already set to cancel at the end of their period. */
export function committedMrrCents(groups: readonly PricedSubscriptions[]): number {
  return mrrCents(groups.filter((g) => !g.cancelAtPeriodEnd));
}

/** A subscription's life, as far as the counts over time need it. */
export interface SubscriptionLife {
  status: SubscriptionStatus;
  /** When it was created (a trial starts then). */
  startedAt: Date;
  /** When it stopped counting (cancelled, or left unpaid), null while it lives. */
  endedAt: Date | null;
}

/**
 * A subscriber at this instant: created by then, not ended by then, and not a checkout that never
 * completed (`incomplete`). Trials count: the customer has signed up.
 */
export function liveAt(life: SubscriptionLife, at: Date): boolean {
  if (life.status === 'incomplete') return false;
  if (life.startedAt.getTime() > at.getTime()) return false;
  return life.endedAt === null || life.endedAt.getTime() > at.getTime();
}

/** The window churn is measured over: the 30 days that end at `at`. */
export const CHURN_WINDOW_DAYS = 30;

export function churnWindow(at: Date): { start: Date; end: Date } {
  return { start: new Date(at.getTime() - CHURN_WINDOW_DAYS * 86_400_000), end: at };
}

/**
 * Churn rate: subscriptions that ended in the window ÷ subscriptions live at its start, null when
 * none were live (a rate of nothing is not 0 %).
 */
export function churnRate(cancelled: number, liveAtStart: number): number | null {
  if (liveAtStart <= 0) return null;
  return Math.round((cancelled / liveAtStart) * 10_000) / 10_000;
}

/** The churn figure from the subscriptions themselves (what the SQL of summary.ts counts). */
export function churnOf(lives: readonly SubscriptionLife[], at: Date): number | null {
  const { start, end } = churnWindow(at);
  const liveAtStart = lives.filter((life) => liveAt(life, start)).length;
  const cancelled = lives.filter(
    (life) =>
      life.status !== 'incomplete' &&
      life.endedAt !== null &&
      life.endedAt.getTime() >= start.getTime() &&
      life.endedAt.getTime() < end.getTime(),
  ).length;
  return churnRate(cancelled, liveAtStart);
}

/** A ledger row as the figures read it (nest_transactions). */
export interface LedgerRow {
  kind: string;
  status: string;
  amountCents: number;
  occurredAt: Date;
}

/** Revenue collected in [start, end): succeeded payments (positive) and refunds (negative), summed. */
export function collectedCents(rows: readonly LedgerRow[], start: Date, end: Date): number {
  let total = 0;
  for (const row of rows) {
    if (row.status !== 'succeeded' || (row.kind !== 'payment' && row.kind !== 'refund')) continue;
    const at = row.occurredAt.getTime();
    if (at >= start.getTime() && at < end.getTime()) total += row.amountCents;
  }
  return total;
}

/** Money on its way to the bank: payouts (negative rows) that are pending or in transit, as a positive sum. */
export function pendingPayoutCents(rows: readonly LedgerRow[]): number {
  let total = 0;
  for (const row of rows) {
    if (row.kind === 'payout' && (row.status === 'pending' || row.status === 'in_transit')) {
      total -= row.amountCents;
    }
  }
  return total;
}

/** A figure against the same figure last period. */
export interface Change {
  delta: number;
  /** delta ÷ previous, null when previous is 0 (no percentage of nothing). */
  ratio: number | null;
}

export function change(current: number, previous: number): Change {
  const delta = current - previous;
  return { delta, ratio: previous === 0 ? null : Math.round((delta / Math.abs(previous)) * 10_000) / 10_000 };
}

export interface ForecastInput {
  /** Customer payments so far this month (what the plan's limit counts). */
  collectedCents: number;
  /** Of those, first payments of subscriptions created this month: the part that is new business. */
  newBusinessCents: number;
  /** Renewals due between now and the month's end, at their price (paying, not cancelling). */
  scheduledRenewalsCents: number;
  now: Date;
  monthStart: Date;
  monthEnd: Date;
}

/**
 * The month's revenue at its end, if it goes on as it went: what is collected, plus the renewals
 * already scheduled before the month ends, plus new business extended in a straight line from the
 * days elapsed to the days left. Rounded to the cent.
 */
export function forecastCents(input: ForecastInput): number {
  const elapsed = Math.max(0, input.now.getTime() - input.monthStart.getTime());
  const left = Math.max(0, input.monthEnd.getTime() - input.now.getTime());
  const extension = elapsed === 0 ? 0 : (input.newBusinessCents * left) / elapsed;
  return input.collectedCents + input.scheduledRenewalsCents + Math.round(extension);
}

/** Counts per period of a width_bucket over N+1 bounds: index 0 is before the first period, N+1 after the last. */
export type Buckets = ReadonlyMap<number, number>;

export interface SubscribersPoint {
  /** Live at the period's last instant. */
  active: number;
  /** Started in the period. */
  new: number;
  /** Ended in the period. */
  cancelled: number;
}

/**
 * Subscribers over time from two bucketed counts (subscriptions by the period they started in, and
 * by the one they ended in): live at a period's end = all started before its end − all ended before it.
 */
export function subscribersSeries(periods: number, started: Buckets, ended: Buckets): SubscribersPoint[] {
  let live = (started.get(0) ?? 0) - (ended.get(0) ?? 0);
  return Array.from({ length: periods }, (_, i) => {
    const added = started.get(i + 1) ?? 0;
    const gone = ended.get(i + 1) ?? 0;
    live += added - gone;
    return { active: live, new: added, cancelled: gone };
  });
}
