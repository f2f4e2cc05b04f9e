import type { EventAtDoor } from '@nest/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { eventRegistrations, events } from '../../db/schema/index.js';
import { accessSubscriptions, eventAccess } from './access.js';

export interface DoorInput {
  nestId: string;
  timeZone: string;
  /** The customer the scanned pass names. */
  customerId: string;
  /** The merchant user at the door. */
  userId: string;
}

/**
 * Today's events at the door (ADR 167): the nest's scheduled events whose day, in the nest's time
 * zone, is today (an event over several days counts on each of them). For each: whether the
 * customer is registered, and whether they are admitted (registered, and a subscription to an
 * access-giving offer live now), else the reason. An admission records attendance once; a later
 * scan keeps the first time. Runs in the counter's transaction.
 */
export async function eventsAtDoor(tx: Tx, input: DoorInput, now: Date): Promise<EventAtDoor[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const today = sql`(${at} at time zone ${input.timeZone})::date`;
  const todays = await tx
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
    })
    .from(events)
    .where(
      and(
        eq(events.nestId, input.nestId),
        eq(events.status, 'scheduled'),
        sql`(${events.startsAt} at time zone ${input.timeZone})::date <= ${today}`,
        sql`(${events.endsAt} at time zone ${input.timeZone})::date >= ${today}`,
      ),
    )
    .orderBy(events.startsAt)
    .limit(5);
  if (todays.length === 0) return [];
  const subs = await accessSubscriptions(
    tx,
    input.customerId,
    todays.map((e) => e.id),
  );
  const answers: EventAtDoor[] = [];
  for (const event of todays) {
    const [registration] = await tx
      .select({
        id: eventRegistrations.id,
        guests: eventRegistrations.guests,
        attendedAt: eventRegistrations.attendedAt,
      })
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventId, event.id),
          eq(eventRegistrations.customerId, input.customerId),
          eq(eventRegistrations.status, 'registered'),
        ),
      )
      .for('update');
    const access = eventAccess(subs.get(event.id), now);
    let attendedAt = registration?.attendedAt ?? null;
    const admitted = registration !== undefined && access.eligible;
    if (admitted && attendedAt === null) {
      const [marked] = await tx
        .update(eventRegistrations)
        .set({ attendedAt: now, attendedBy: input.userId, updatedAt: now })
        .where(and(eq(eventRegistrations.id, registration.id), isNull(eventRegistrations.attendedAt)))
        .returning({ attendedAt: eventRegistrations.attendedAt });
      attendedAt = marked?.attendedAt ?? now;
    }
    answers.push({
      id: event.id,
      title: event.title,
      starts_at: event.startsAt.toISOString(),
      ends_at: event.endsAt.toISOString(),
      registered: registration !== undefined,
      guests: registration?.guests ?? 0,
      admitted,
      reason: registration === undefined ? 'not_registered' : access.reason,
      attended_at: attendedAt?.toISOString() ?? null,
    });
  }
  return answers;
}

export type EventDoor = typeof eventsAtDoor;
