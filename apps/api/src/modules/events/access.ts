import type { EventDoorReason } from '@nest/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { eventOffers, nestSubscriptions, offerPrices } from '../../db/schema/index.js';
import { ineligibilityReason } from '../verification/eligibility.js';

export interface AccessSubscription {
  id: string;
  eventId: string;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** A pause (ADR 150) closes events too, as it closes the counter. */
  pauseStartsAt: Date | null;
  pauseEndsAt: Date | null;
}

/** The customer's subscriptions to offers that give access to these events, by event. */
export async function accessSubscriptions(db: Tx, customerId: string, eventIds: string[]) {
  const byEvent = new Map<string, AccessSubscription[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .select({
      id: nestSubscriptions.id,
      eventId: eventOffers.eventId,
      status: nestSubscriptions.status,
      currentPeriodEnd: nestSubscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: nestSubscriptions.cancelAtPeriodEnd,
      pauseStartsAt: nestSubscriptions.pauseStartsAt,
      pauseEndsAt: nestSubscriptions.pauseEndsAt,
    })
    .from(eventOffers)
    .innerJoin(offerPrices, eq(offerPrices.offerId, eventOffers.offerId))
    .innerJoin(nestSubscriptions, eq(nestSubscriptions.offerPriceId, offerPrices.id))
    .where(and(inArray(eventOffers.eventId, eventIds), eq(nestSubscriptions.customerId, customerId)));
  for (const row of rows) {
    const list = byEvent.get(row.eventId) ?? [];
    list.push(row);
    byEvent.set(row.eventId, list);
  }
  return byEvent;
}

const reasonOrder = ['paused', 'past_due', 'unpaid', 'ended', 'incomplete', 'canceled'] as const;

/**
 * Whether one of these subscriptions is live now (as at the counter: active or trialing and paid
 * through, ADR 130's grace does not open events), and otherwise the most telling reason.
 */
export function eventAccess(
  subscriptions: AccessSubscription[] | undefined,
  now: Date,
): { eligible: true; reason: null } | { eligible: false; reason: EventDoorReason } {
  if (!subscriptions || subscriptions.length === 0) return { eligible: false, reason: 'no_access' };
  const reasons: (string | null)[] = subscriptions.map((s) => ineligibilityReason(s, now));
  if (reasons.includes(null)) return { eligible: true, reason: null };
  const best = reasonOrder.find((r) => reasons.includes(r)) ?? 'canceled';
  return { eligible: false, reason: best };
}
