import { seatHoldingStatuses } from '@nest/contracts';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { nestCheckouts, nestSubscriptions, offerPrices } from '../../db/schema/index.js';
import { subscriptionPrice } from '../subscriptions/subscription-offer.js';

/**
 * How long a started checkout keeps a place of a limited offer. The provider's session expires at
 * the same time (Stripe's shortest session lifetime is 30 minutes), so a place is never sold twice:
 * whoever has not paid by then cannot pay any more, and the place frees up.
 */
export const SEAT_HOLD_MINUTES = 30;

/**
 * Places of an offer taken now: subscriptions holding one (paid, trialing, past due), and checkouts
 * started in the hold window whose subscription does not hold a place yet. Run it inside the transaction
 * that holds `lockOfferSeats`, so two buyers of the last place cannot both pass it.
 */
export async function seatsTakenNow(tx: Tx, offerId: string, now: Date): Promise<number> {
  const holdSince = new Date(now.getTime() - SEAT_HOLD_MINUTES * 60_000);
  const [subscribed] = await tx
    .select({ n: sql<string>`count(*)` })
    .from(nestSubscriptions)
    .innerJoin(...subscriptionPrice)
    .where(
      and(eq(offerPrices.offerId, offerId), inArray(nestSubscriptions.status, [...seatHoldingStatuses])),
    );
  const [holding] = await tx
    .select({ n: sql<string>`count(*)` })
    .from(nestCheckouts)
    .innerJoin(offerPrices, eq(offerPrices.id, nestCheckouts.offerPriceId))
    .where(
      and(
        eq(offerPrices.offerId, offerId),
        isNull(nestCheckouts.completedAt),
        gt(nestCheckouts.createdAt, holdSince),
      ),
    );
  return Number(subscribed?.n ?? 0) + Number(holding?.n ?? 0);
}

/** Serialises the checkouts of one offer until the transaction ends (PostgreSQL advisory lock). */
export async function lockOfferSeats(tx: Tx, offerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`offer-seats:${offerId}`}))`);
}

/** The provider session id of a checkout whose session is still being made (unique, never a real id). */
export const pendingSessionId = (checkoutId: string) => `pending:${checkoutId}`;
