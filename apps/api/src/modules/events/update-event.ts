import type { Locale, UpdateEventBody } from '@nest/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventOffers, eventRegistrations, events } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { EventNest } from './create-event.js';
import { checkEventOffers, checkEventTimes, instantOf } from './event-rules.js';
import { type EventRow, findNestEvent } from './event-view.js';

/**
 * Edits an event, whatever the plan now (events made before a downgrade keep running). A cancelled
 * or finished event is not edited (409). The capacity never goes below the places taken, read under
 * the event's row lock that registrations take too.
 */
export async function updateEvent(
  db: Db,
  input: { nest: EventNest; eventId: string; body: UpdateEventBody; locale: Locale },
  now: Date = new Date(),
): Promise<EventRow> {
  const { nest, body, locale } = input;
  const current = await findNestEvent(db, nest.id, input.eventId);
  if (current.status === 'canceled') throw new AppError('event_canceled');
  if (current.endsAt.getTime() <= now.getTime()) throw new AppError('event_started');
  const times = {
    startsAt: body.starts_local ? await instantOf(db, body.starts_local, nest.timeZone) : current.startsAt,
    endsAt: body.ends_local ? await instantOf(db, body.ends_local, nest.timeZone) : current.endsAt,
    registrationDeadline:
      body.registration_deadline_local === undefined
        ? current.registrationDeadline
        : body.registration_deadline_local === null
          ? null
          : await instantOf(db, body.registration_deadline_local, nest.timeZone),
  };
  const startChanged = times.startsAt.getTime() !== current.startsAt.getTime();
  checkEventTimes(locale, times, now, startChanged);
  const offerIds = body.offer_ids ? await checkEventOffers(db, locale, nest.id, body.offer_ids) : null;

  await db.transaction(async (tx) => {
    await tx.select({ id: events.id }).from(events).where(eq(events.id, current.id)).for('update');
    if (body.capacity !== undefined && body.capacity !== null) {
      const [taken] = await tx
        .select({ seats: sql<number>`coalesce(sum(1 + ${eventRegistrations.guests}), 0)::int` })
        .from(eventRegistrations)
        .where(and(eq(eventRegistrations.eventId, current.id), eq(eventRegistrations.status, 'registered')));
      if (taken!.seats > body.capacity) {
        throw new AppError('capacity_below_registrations', { params: { taken: taken!.seats } });
      }
    }
    await tx
      .update(events)
      .set({
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.description !== undefined ? { description: body.description || null } : {}),
        ...(body.place !== undefined ? { place: body.place || null } : {}),
        ...(body.capacity !== undefined ? { capacity: body.capacity } : {}),
        ...(body.guests_allowed !== undefined ? { guestsAllowed: body.guests_allowed } : {}),
        ...times,
        updatedAt: now,
      })
      .where(eq(events.id, current.id));
    if (offerIds) {
      await tx.delete(eventOffers).where(eq(eventOffers.eventId, current.id));
      await tx.insert(eventOffers).values(offerIds.map((offerId) => ({ eventId: current.id, offerId })));
    }
  });
  return findNestEvent(db, nest.id, current.id);
}
