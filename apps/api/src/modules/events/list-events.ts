import type { EventAttendee, EventList } from '@nest/contracts';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventRegistrations, events, nestCustomers } from '../../db/schema/index.js';
import { type EventRow, selectEvents, toEventView } from './event-view.js';

/** How far back the dashboard's attendance rate looks. */
export const ATTENDANCE_WINDOW_DAYS = 90;
const LIST_LIMIT = 200;

/**
 * The nest's events: upcoming (not ended yet, soonest first, cancelled ones included so the merchant
 * sees them) or past (ended, latest first), with the dashboard's summary.
 */
export async function listEvents(
  db: Db,
  nest: { id: string; timeZone: string },
  when: 'upcoming' | 'past',
  now: Date = new Date(),
): Promise<EventList> {
  const nestId = nest.id;
  const rows =
    when === 'upcoming'
      ? await selectEvents(db, and(eq(events.nestId, nestId), gt(events.endsAt, now)), 'asc')
      : await selectEvents(db, and(eq(events.nestId, nestId), lte(events.endsAt, now)), 'desc');
  const at = sql`${now.toISOString()}::timestamptz`;
  const upcoming = sql`${events.startsAt} > ${at} and ${events.status} = 'scheduled'`;
  const past = sql`${events.endsAt} <= ${at} and ${events.status} = 'scheduled'`;
  const [summary] = await db
    .select({
      upcoming: sql<number>`count(distinct ${events.id}) filter (where ${upcoming})::int`,
      upcomingRegistrations: sql<number>`count(${eventRegistrations.id}) filter (where ${upcoming})::int`,
      pastRegistered: sql<number>`count(${eventRegistrations.id}) filter (where ${past})::int`,
      pastAttended: sql<number>`count(${eventRegistrations.attendedAt}) filter (where ${past})::int`,
    })
    .from(events)
    .leftJoin(
      eventRegistrations,
      and(eq(eventRegistrations.eventId, events.id), eq(eventRegistrations.status, 'registered')),
    )
    .where(
      and(
        eq(events.nestId, nestId),
        gt(events.endsAt, new Date(now.getTime() - ATTENDANCE_WINDOW_DAYS * 86_400_000)),
      ),
    );
  return {
    time_zone: nest.timeZone,
    items: rows.slice(0, LIST_LIMIT).map(toEventView),
    summary: {
      upcoming: summary!.upcoming,
      upcoming_registrations: summary!.upcomingRegistrations,
      attendance_rate:
        summary!.pastRegistered > 0
          ? Math.round((summary!.pastAttended / summary!.pastRegistered) * 1000) / 1000
          : null,
    },
  };
}

/** Who registered for an event (cancelled registrations last) and who came. */
export async function eventAttendees(db: Db, event: EventRow): Promise<EventAttendee[]> {
  const rows = await db
    .select({
      id: eventRegistrations.id,
      name: nestCustomers.name,
      email: nestCustomers.email,
      guests: eventRegistrations.guests,
      status: eventRegistrations.status,
      registeredAt: eventRegistrations.registeredAt,
      canceledAt: eventRegistrations.canceledAt,
      attendedAt: eventRegistrations.attendedAt,
    })
    .from(eventRegistrations)
    .innerJoin(nestCustomers, eq(nestCustomers.id, eventRegistrations.customerId))
    .where(eq(eventRegistrations.eventId, event.id))
    .orderBy(sql`${eventRegistrations.status} = 'canceled'`, asc(eventRegistrations.registeredAt));
  return rows.map((r) => ({
    id: r.id,
    customer: { name: r.name, email: r.email },
    guests: r.guests,
    status: r.status,
    registered_at: r.registeredAt.toISOString(),
    canceled_at: r.canceledAt?.toISOString() ?? null,
    attended_at: r.attendedAt?.toISOString() ?? null,
  }));
}
