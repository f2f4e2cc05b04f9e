import { CHECK_IN_UNDO_SECONDS, type CheckIn, type VerificationReason } from '@nest/contracts';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { checkIns, nestCustomers, nestSubscriptions, offers } from '../../db/schema/index.js';
import { priceOffer, subscriptionPrice } from '../subscriptions/subscription-offer.js';

export interface CheckInRow {
  id: string;
  checkedAt: Date;
  result: 'eligible' | 'grace' | 'not_eligible';
  reason: string | null;
  repeat: boolean;
  counts: boolean;
  undoneAt: Date | null;
  syncedAt: Date | null;
  acceptedOffline: string | null;
  customerName: string | null;
  offerName: string | null;
}

/** A check-in as the counter lists it; only one that used something can be undone, for 2 minutes. */
export function checkInView(r: CheckInRow): CheckIn {
  return {
    id: r.id,
    checked_at: r.checkedAt.toISOString(),
    result: r.result,
    reason: (r.reason ?? null) as VerificationReason | null,
    repeat: r.repeat,
    customer_name: r.customerName ?? null,
    offer_name: r.offerName ?? null,
    undo_until:
      r.counts && !r.undoneAt
        ? new Date(r.checkedAt.getTime() + CHECK_IN_UNDO_SECONDS * 1000).toISOString()
        : null,
    undone_at: r.undoneAt?.toISOString() ?? null,
    offline: r.syncedAt !== null,
    accepted_offline: (r.acceptedOffline ?? null) as VerificationReason | null,
  };
}

export const checkInColumns = {
  id: checkIns.id,
  checkedAt: checkIns.checkedAt,
  result: checkIns.result,
  reason: checkIns.reason,
  repeat: checkIns.repeat,
  counts: checkIns.counts,
  undoneAt: checkIns.undoneAt,
  syncedAt: checkIns.syncedAt,
  acceptedOffline: checkIns.acceptedOffline,
  customerName: nestCustomers.name,
  offerName: offers.name,
};

/**
 * The nest's latest check-ins, newest first, for the counter screen; with `acceptedOffline`, only
 * those let in offline that the server would have refused (ADR 185).
 */
export async function recentCheckIns(
  db: Tx,
  nestId: string,
  limit: number,
  acceptedOffline = false,
): Promise<CheckIn[]> {
  const rows = await db
    .select(checkInColumns)
    .from(checkIns)
    .leftJoin(nestCustomers, eq(nestCustomers.id, checkIns.customerId))
    .leftJoin(nestSubscriptions, eq(nestSubscriptions.id, checkIns.subscriptionId))
    .leftJoin(...subscriptionPrice)
    .leftJoin(...priceOffer)
    .where(
      acceptedOffline
        ? and(eq(checkIns.nestId, nestId), isNotNull(checkIns.acceptedOffline))
        : eq(checkIns.nestId, nestId),
    )
    .orderBy(desc(checkIns.checkedAt), desc(checkIns.id))
    .limit(limit);
  return rows.map(checkInView);
}
