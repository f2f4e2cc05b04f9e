import type { NestEvent } from '@nest/contracts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { eventOffers, eventRegistrations, events, nests, offers } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';

/** A wall-clock time in a zone, as the merchant typed it: 2026-05-14T18:30. */
export const localOf = (column: SQL | typeof events.startsAt, timeZone: SQL | typeof nests.timeZone) =>
  sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD"T"HH24:MI')`;

const live = sql`${eventRegistrations.status} = 'registered'`;

/** Registered subscribers, places taken (guests count) and attendance of each event, in one pass. */
export const eventCounts = {
  registrations: sql<number>`(select count(*)::int from ${eventRegistrations} where ${eventRegistrations.eventId} = ${events.id} and ${live})`,
  seatsTaken: sql<number>`(select coalesce(sum(1 + ${eventRegistrations.guests}), 0)::int from ${eventRegistrations} where ${eventRegistrations.eventId} = ${events.id} and ${live})`,
  attended: sql<number>`(select count(*)::int from ${eventRegistrations} where ${eventRegistrations.eventId} = ${events.id} and ${live} and ${eventRegistrations.attendedAt} is not null)`,
};

export type EventRow = Awaited<ReturnType<typeof selectEvents>>[number];

/** The nest's events matching `where`, with their counts and local times, ordered by start. */
export async function selectEvents(db: Tx, where: SQL | undefined, order: 'asc' | 'desc' = 'asc') {
  const rows = await db
    .select({
      id: events.id,
      nestId: events.nestId,
      title: events.title,
      description: events.description,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      place: events.place,
      capacity: events.capacity,
      guestsAllowed: events.guestsAllowed,
      registrationDeadline: events.registrationDeadline,
      status: events.status,
      canceledAt: events.canceledAt,
      timeZone: nests.timeZone,
      nestName: nests.name,
      startsLocal: localOf(events.startsAt, nests.timeZone),
      endsLocal: localOf(events.endsAt, nests.timeZone),
      deadlineLocal: sql<
        string | null
      >`case when ${events.registrationDeadline} is null then null else ${localOf(sql`${events.registrationDeadline}`, nests.timeZone)} end`,
      ...eventCounts,
    })
    .from(events)
    .innerJoin(nests, eq(nests.id, events.nestId))
    .where(where)
    .orderBy(order === 'asc' ? asc(events.startsAt) : sql`${events.startsAt} desc`, asc(events.id));
  const offersOf = await offersOfEvents(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, offers: offersOf.get(r.id) ?? [] }));
}

/** Each event's access-giving offers, by name. */
export async function offersOfEvents(db: Tx, eventIds: string[]) {
  const byEvent = new Map<string, { id: string; name: string }[]>();
  if (eventIds.length === 0) return byEvent;
  const rows = await db
    .select({ eventId: eventOffers.eventId, id: offers.id, name: offers.name })
    .from(eventOffers)
    .innerJoin(offers, eq(offers.id, eventOffers.offerId))
    .where(inArray(eventOffers.eventId, eventIds))
    .orderBy(asc(offers.name));
  for (const row of rows) {
    const list = byEvent.get(row.eventId) ?? [];
    list.push({ id: row.id, name: row.name });
    byEvent.set(row.eventId, list);
  }
  return byEvent;
}

export const placesLeft = (row: { capacity: number | null; seatsTaken: number }) =>
  row.capacity === null ? null : Math.max(0, row.capacity - row.seatsTaken);

export function toEventView(row: EventRow): NestEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    starts_local: row.startsLocal,
    ends_local: row.endsLocal,
    time_zone: row.timeZone,
    place: row.place,
    capacity: row.capacity,
    guests_allowed: row.guestsAllowed,
    registration_deadline: row.registrationDeadline?.toISOString() ?? null,
    registration_deadline_local: row.deadlineLocal,
    status: row.status,
    canceled_at: row.canceledAt?.toISOString() ?? null,
    offers: row.offers,
    registrations: row.registrations,
    seats_taken: row.seatsTaken,
    places_left: placesLeft(row),
    attended: row.attended,
  };
}

/** One event of the nest, or 404 (another nest's id is not found). */
export async function findNestEvent(db: Tx, nestId: string, eventId: string): Promise<EventRow> {
  const [row] = await selectEvents(db, and(eq(events.id, eventId), eq(events.nestId, nestId)));
  if (!row) throw notFound();
  return row;
}
