import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventRegistrations, events, nestCustomers } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { type EventEmailContext, enqueueEventEmail } from './event-emails.js';
import { type EventRow, findNestEvent } from './event-view.js';

/**
 * Cancels an event and emails every registered subscriber (with a calendar cancellation), in one
 * transaction: the emails exist if and only if the cancellation commits. Cancelling twice is 409.
 * Registrations stay as they were, so the event's page still shows who had registered.
 */
export async function cancelEvent(
  ctx: EventEmailContext & { db: Db },
  nestId: string,
  eventId: string,
  now: Date = new Date(),
): Promise<EventRow> {
  const event = await findNestEvent(ctx.db, nestId, eventId);
  if (event.status === 'canceled') throw new AppError('event_canceled');
  if (event.startsAt.getTime() <= now.getTime()) throw new AppError('event_started');
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(events)
      .set({ status: 'canceled', canceledAt: now, updatedAt: now })
      .where(and(eq(events.id, event.id), eq(events.status, 'scheduled')))
      .returning({ id: events.id });
    if (!updated) throw new AppError('event_canceled');
    const registered = await tx
      .select({
        guests: eventRegistrations.guests,
        email: nestCustomers.email,
        name: nestCustomers.name,
        locale: nestCustomers.locale,
      })
      .from(eventRegistrations)
      .innerJoin(nestCustomers, eq(nestCustomers.id, eventRegistrations.customerId))
      .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.status, 'registered')));
    for (const r of registered) {
      await enqueueEventEmail(ctx, tx, 'event-canceled', event, r, r.guests);
    }
  });
  return findNestEvent(ctx.db, nestId, eventId);
}
