import type { CustomerEvent } from '@nest/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  eventOffers,
  eventRegistrations,
  events,
  nestSubscriptions,
  offerPrices,
} from '../../db/schema/index.js';
import { accessSubscriptions, eventAccess } from './access.js';
import { type EventRow, placesLeft, selectEvents } from './event-view.js';

/** Statuses of a subscription whose holder still sees the nest's events (a failed payment may be fixed). */
const VISIBLE = sql`('trialing', 'active', 'past_due', 'unpaid')`;

export function registrationOpen(row: EventRow, now: Date): boolean {
  if (row.status !== 'scheduled' || row.startsAt.getTime() <= now.getTime()) return false;
  if (row.registrationDeadline && row.registrationDeadline.getTime() < now.getTime()) return false;
  const left = placesLeft(row);
  return left === null || left > 0;
}

/**
 * The upcoming events a customer's subscriptions give access to, in every nest they subscribe to,
 * soonest first, with places left and their own registration. An event they registered for stays
 * listed even when the subscription lapsed (shown as not eligible).
 */
export async function customerEvents(
  db: Db,
  customerId: string,
  now: Date = new Date(),
): Promise<CustomerEvent[]> {
  const visible = sql`(exists (select 1 from ${eventOffers}
      join ${offerPrices} on ${offerPrices.offerId} = ${eventOffers.offerId}
      join ${nestSubscriptions} on ${nestSubscriptions.offerPriceId} = ${offerPrices.id}
      where ${eventOffers.eventId} = ${events.id} and ${nestSubscriptions.customerId} = ${customerId}
        and ${nestSubscriptions.status} in ${VISIBLE})
    or exists (select 1 from ${eventRegistrations} where ${eventRegistrations.eventId} = ${events.id}
      and ${eventRegistrations.customerId} = ${customerId} and ${eventRegistrations.status} = 'registered'))`;
  const rows = await selectEvents(db, and(eq(events.status, 'scheduled'), gt(events.endsAt, now), visible));
  const ids = rows.map((r) => r.id);
  const subs = await accessSubscriptions(db, customerId, ids);
  const mine = ids.length
    ? await db
        .select({
          id: eventRegistrations.id,
          eventId: eventRegistrations.eventId,
          guests: eventRegistrations.guests,
          registeredAt: eventRegistrations.registeredAt,
        })
        .from(eventRegistrations)
        .where(
          and(eq(eventRegistrations.customerId, customerId), eq(eventRegistrations.status, 'registered')),
        )
    : [];
  return rows.map((row) => {
    const registration = mine.find((r) => r.eventId === row.id);
    const access = eventAccess(subs.get(row.id), now);
    return {
      id: row.id,
      nest: { id: row.nestId, name: row.nestName },
      title: row.title,
      description: row.description,
      starts_at: row.startsAt.toISOString(),
      ends_at: row.endsAt.toISOString(),
      time_zone: row.timeZone,
      place: row.place,
      capacity: row.capacity,
      places_left: placesLeft(row),
      guests_allowed: row.guestsAllowed,
      registration_deadline: row.registrationDeadline?.toISOString() ?? null,
      registration_open: registrationOpen(row, now),
      subscription_ids: [...new Set((subs.get(row.id) ?? []).map((s) => s.id))],
      eligible: access.eligible,
      registration: registration
        ? {
            id: registration.id,
            guests: registration.guests,
            registered_at: registration.registeredAt.toISOString(),
          }
        : null,
    };
  });
}
