import type { CheckIn, VerificationReason } from '@nest/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { checkIns, nestCustomers, nestSubscriptions, offers } from '../../db/schema/index.js';
import { priceOffer, subscriptionPrice } from '../subscriptions/subscription-offer.js';

/** The nest's latest check-ins, newest first, for the counter screen. */
export async function recentCheckIns(db: Tx, nestId: string, limit: number): Promise<CheckIn[]> {
  const rows = await db
    .select({
      id: checkIns.id,
      checkedAt: checkIns.checkedAt,
      result: checkIns.result,
      reason: checkIns.reason,
      repeat: checkIns.repeat,
      customerName: nestCustomers.name,
      offerName: offers.name,
    })
    .from(checkIns)
    .leftJoin(nestCustomers, eq(nestCustomers.id, checkIns.customerId))
    .leftJoin(nestSubscriptions, eq(nestSubscriptions.id, checkIns.subscriptionId))
    .leftJoin(...subscriptionPrice)
    .leftJoin(...priceOffer)
    .where(eq(checkIns.nestId, nestId))
    .orderBy(desc(checkIns.checkedAt), desc(checkIns.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    checked_at: r.checkedAt.toISOString(),
    result: r.result,
    reason: (r.reason ?? null) as VerificationReason | null,
    repeat: r.repeat,
    customer_name: r.customerName ?? null,
    offer_name: r.offerName ?? null,
  }));
}
