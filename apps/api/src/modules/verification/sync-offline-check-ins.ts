import {
  CHECK_IN_REPEAT_SECONDS,
  type CheckIn,
  type UsageAllowance,
  type VerificationReason,
} from '@nest/contracts';
import type { OfflineCheckIn, OfflineSyncResult } from '@nest/contracts/offline';
import { and, eq, gte, lte } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { checkIns, nestCustomers, nestSubscriptions } from '../../db/schema/index.js';
import { priceOffer, subscriptionPrice } from '../subscriptions/subscription-offer.js';
import { counterVerdict } from './eligibility.js';
import { lockedSubscription } from './pass-subscription.js';
import { checkInColumns, checkInView } from './recent-check-ins.js';
import { usedInWindow } from './usage.js';
import { type CounterNest, progressRewards, type VerifyContext } from './verify-at-counter.js';

/** A device clock ahead of the server's is believed this far; beyond, the check-in is dated now. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

async function existing(tx: Tx, nestId: string, clientId: string): Promise<CheckIn | null> {
  const [row] = await tx
    .select(checkInColumns)
    .from(checkIns)
    .leftJoin(nestCustomers, eq(nestCustomers.id, checkIns.customerId))
    .leftJoin(nestSubscriptions, eq(nestSubscriptions.id, checkIns.subscriptionId))
    .leftJoin(...subscriptionPrice)
    .leftJoin(...priceOffer)
    .where(and(eq(checkIns.nestId, nestId), eq(checkIns.clientId, clientId)));
  return row ? checkInView(row) : null;
}

/**
 * Records one check-in a counter gave offline, once (its `client_id`), as the server judges it now
 * (ADR 185). A refusal stays a refusal. A customer let in is recorded as let in; if the server would
 * have refused (the allowance used meanwhile, on another device perhaps; the subscription cancelled
 * or unpaid), it is flagged "accepted offline" with that reason and uses nothing; otherwise it counts
 * like an online check-in (a repeat within 5 minutes uses nothing) and earns its rewards now.
 */
async function syncOne(
  ctx: VerifyContext,
  nest: CounterNest,
  userId: string,
  item: OfflineCheckIn,
  now: Date,
): Promise<{ checkIn: CheckIn; created: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const known = await existing(tx, nest.id, item.client_id);
    if (known) return { checkIn: known, created: false };
    const stated = new Date(item.checked_at);
    const checkedAt = stated.getTime() > now.getTime() + CLOCK_SKEW_MS ? now : stated;

    const [sub] = item.subscription_id ? await lockedSubscription(tx, nest.id, item.subscription_id) : [];

    const letIn = item.result !== 'not_eligible';
    let counts = false;
    let repeat = false;
    let acceptedOffline: VerificationReason | null = null;
    if (letIn && !sub) {
      // Let in on a subscription the nest does not have (any more): flagged, never counted.
      acceptedOffline = 'invalid_pass';
    } else if (letIn && sub) {
      const verdict = counterVerdict(sub, checkedAt);
      const allowance = (sub.allowance ?? null) as UsageAllowance | null;
      const used = allowance
        ? await usedInWindow(tx, sub.id, allowance, sub.timeZone, sub.currentPeriodStart, checkedAt)
        : 0;
      if (verdict.result === 'not_eligible') acceptedOffline = verdict.reason;
      else if (allowance && used >= allowance.uses) acceptedOffline = 'usage_exhausted';
      else {
        const [recent] = await tx
          .select({ id: checkIns.id })
          .from(checkIns)
          .where(
            and(
              eq(checkIns.subscriptionId, sub.id),
              eq(checkIns.counts, true),
              gte(checkIns.checkedAt, new Date(checkedAt.getTime() - CHECK_IN_REPEAT_SECONDS * 1000)),
              lte(checkIns.checkedAt, checkedAt),
            ),
          )
          .limit(1);
        repeat = recent !== undefined;
        counts = !repeat;
      }
    }

    const [row] = await tx
      .insert(checkIns)
      .values({
        nestId: nest.id,
        customerId: sub?.customerId ?? null,
        subscriptionId: sub?.id ?? null,
        result: item.result,
        reason: letIn ? (item.reason ?? null) : (item.reason ?? 'invalid_pass'),
        repeat,
        counts,
        verifiedBy: userId,
        checkedAt,
        clientId: item.client_id,
        syncedAt: now,
        acceptedOffline,
      })
      .onConflictDoNothing()
      .returning({ id: checkIns.id });
    // Sent by two requests at once: the other one recorded it.
    if (!row) return { checkIn: (await existing(tx, nest.id, item.client_id))!, created: false };
    if (sub && counts) await progressRewards(tx, ctx, nest, sub, counts, row.id);
    return { checkIn: (await existing(tx, nest.id, item.client_id))!, created: true };
  });
}

/** Queued offline check-ins, in the order the counter gave them, each recorded once (ADR 185). */
export async function syncOfflineCheckIns(
  ctx: VerifyContext,
  nest: CounterNest,
  userId: string,
  items: OfflineCheckIn[],
  now: Date = new Date(),
): Promise<OfflineSyncResult> {
  const results: OfflineSyncResult['check_ins'] = [];
  for (const item of items) {
    const { checkIn, created } = await syncOne(ctx, nest, userId, item, now);
    results.push({ client_id: item.client_id, check_in: checkIn, created });
  }
  return { check_ins: results };
}
