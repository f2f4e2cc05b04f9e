import type { UsageAllowance } from '@nest/contracts';
import { and, count, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { checkIns } from '../../db/schema/index.js';

/**
 * Where the current allowance window starts: today or this week (Monday) in the nest's time zone,
 * computed by the database so daylight-saving days are right, or the subscription's billing period.
 */
export function windowStartSql(
  allowance: UsageAllowance,
  timeZone: string,
  periodStart: Date | null,
  now: Date,
): SQL {
  if (allowance.per === 'period') return sql`${(periodStart ?? new Date(0)).toISOString()}::timestamptz`;
  const unit = allowance.per === 'week' ? 'week' : 'day';
  return sql`(date_trunc(${unit}, ${now.toISOString()}::timestamptz at time zone ${timeZone}) at time zone ${timeZone})`;
}

/** Check-ins that used the allowance in the current window. */
export async function usedInWindow(
  tx: Tx,
  subscriptionId: string,
  allowance: UsageAllowance,
  timeZone: string,
  periodStart: Date | null,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .select({ used: count() })
    .from(checkIns)
    .where(
      and(
        eq(checkIns.subscriptionId, subscriptionId),
        eq(checkIns.counts, true),
        gte(checkIns.checkedAt, windowStartSql(allowance, timeZone, periodStart, now)),
      ),
    );
  return Number(row?.used ?? 0);
}

/** Every check-in that counted, all time: what check-in rewards measure. */
export async function countedCheckIns(tx: Tx, subscriptionId: string): Promise<number> {
  const [row] = await tx
    .select({ total: count() })
    .from(checkIns)
    .where(and(eq(checkIns.subscriptionId, subscriptionId), eq(checkIns.counts, true)));
  return Number(row?.total ?? 0);
}

export function usageView(allowance: UsageAllowance, used: number) {
  return { allowance, used, left: Math.max(0, allowance.uses - used) };
}
