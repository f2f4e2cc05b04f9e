import type { CreateEventBody, Locale } from '@nest/contracts';
import type { Db } from '../../db/client.js';
import { eventOffers, events } from '../../db/schema/index.js';
import { checkEventOffers, checkEventTimes, instantOf, requireEventsPlan } from './event-rules.js';
import { type EventRow, findNestEvent } from './event-view.js';

export interface EventNest {
  id: string;
  ownerId: string;
  timeZone: string;
}

/** Creates an event for the nest's subscribers (Pro and Enterprise: 403 plan_required otherwise). */
export async function createEvent(
  db: Db,
  input: { nest: EventNest; userId: string; body: CreateEventBody; locale: Locale },
  now: Date = new Date(),
): Promise<EventRow> {
  const { nest, body, locale } = input;
  await requireEventsPlan(db, nest.ownerId);
  const times = {
    startsAt: await instantOf(db, body.starts_local, nest.timeZone),
    endsAt: await instantOf(db, body.ends_local, nest.timeZone),
    registrationDeadline: body.registration_deadline_local
      ? await instantOf(db, body.registration_deadline_local, nest.timeZone)
      : null,
  };
  checkEventTimes(locale, times, now, true);
  const offerIds = await checkEventOffers(db, locale, nest.id, body.offer_ids);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(events)
      .values({
        nestId: nest.id,
        title: body.title,
        description: body.description || null,
        place: body.place || null,
        capacity: body.capacity,
        guestsAllowed: body.guests_allowed,
        ...times,
        createdBy: input.userId,
      })
      .returning({ id: events.id });
    await tx.insert(eventOffers).values(offerIds.map((offerId) => ({ eventId: row!.id, offerId })));
    return row!.id;
  });
  return findNestEvent(db, nest.id, id);
}
