import type { Locale, RegisterBody } from '@nest/contracts';
import { dateTimeFormat } from '@nest/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventRegistrations, events, nestCustomers, nests } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { emitWebhookEvent } from '../webhooks/emit-event.js';
import { accessSubscriptions, eventAccess } from './access.js';
import { type EventEmailContext, enqueueEventEmail } from './event-emails.js';

export interface RegistrationRow {
  id: string;
  eventId: string;
  guests: number;
  status: 'registered' | 'canceled';
  registeredAt: Date;
  canceledAt: Date | null;
}

const registrationColumns = {
  id: eventRegistrations.id,
  eventId: eventRegistrations.eventId,
  guests: eventRegistrations.guests,
  status: eventRegistrations.status,
  registeredAt: eventRegistrations.registeredAt,
  canceledAt: eventRegistrations.canceledAt,
};

/**
 * Registers a customer for an event (with a guest when the event allows one), and queues the
 * confirmation with its calendar file. Under the event row's lock (`FOR UPDATE`): concurrent
 * registrations are counted one after the other, so the capacity is never exceeded (ADR 166).
 * Registering again while registered answers the registration already made (created: false).
 * An event the customer has no subscription for is not found; a lapsed subscription is 403.
 */
export async function registerForEvent(
  ctx: EventEmailContext & { db: Db },
  input: { customerId: string; eventId: string; body: RegisterBody; locale: Locale },
  now: Date = new Date(),
): Promise<{ registration: RegistrationRow; created: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const [event] = await tx
      .select({
        id: events.id,
        nestId: events.nestId,
        title: events.title,
        description: events.description,
        place: events.place,
        startsAt: events.startsAt,
        endsAt: events.endsAt,
        capacity: events.capacity,
        guestsAllowed: events.guestsAllowed,
        registrationDeadline: events.registrationDeadline,
        status: events.status,
        timeZone: nests.timeZone,
        nestName: nests.name,
      })
      .from(events)
      .innerJoin(nests, eq(nests.id, events.nestId))
      .where(eq(events.id, input.eventId))
      .for('update', { of: events });
    if (!event) throw notFound();
    const subs = (await accessSubscriptions(tx, input.customerId, [event.id])).get(event.id);
    // Someone without any subscription to an access-giving offer does not learn the event exists.
    if (!subs || subs.length === 0) throw notFound();

    const [existing] = await tx
      .select(registrationColumns)
      .from(eventRegistrations)
      .where(
        and(
          eq(eventRegistrations.eventId, event.id),
          eq(eventRegistrations.customerId, input.customerId),
          eq(eventRegistrations.status, 'registered'),
        ),
      );
    if (existing) return { registration: existing, created: false };

    if (event.status === 'canceled') throw new AppError('event_canceled');
    if (event.startsAt.getTime() <= now.getTime()) throw new AppError('event_started');
    if (event.registrationDeadline && event.registrationDeadline.getTime() < now.getTime()) {
      const deadline = dateTimeFormat(input.locale, {
        dateStyle: 'long',
        timeStyle: 'short',
        timeZone: event.timeZone,
      }).format(event.registrationDeadline);
      throw new AppError('registration_closed', { params: { deadline } });
    }
    if (!eventAccess(subs, now).eligible) throw new AppError('event_not_eligible');
    if (input.body.guests > 0 && !event.guestsAllowed) throw new AppError('guests_not_allowed');
    if (event.capacity !== null) {
      const [taken] = await tx
        .select({ seats: sql<number>`coalesce(sum(1 + ${eventRegistrations.guests}), 0)::int` })
        .from(eventRegistrations)
        .where(and(eq(eventRegistrations.eventId, event.id), eq(eventRegistrations.status, 'registered')));
      if (taken!.seats + 1 + input.body.guests > event.capacity) throw new AppError('event_full');
    }

    const [registration] = await tx
      .insert(eventRegistrations)
      .values({
        eventId: event.id,
        nestId: event.nestId,
        customerId: input.customerId,
        guests: input.body.guests,
        registeredAt: now,
      })
      .returning(registrationColumns);
    await emitWebhookEvent(tx, {
      nestId: event.nestId,
      type: 'event_registration.created',
      data: {
        registration_id: registration!.id,
        event_id: event.id,
        customer_id: input.customerId,
        guests: input.body.guests,
        registered_at: now.toISOString(),
      },
    });
    const [customer] = await tx
      .select({ email: nestCustomers.email, name: nestCustomers.name, locale: nestCustomers.locale })
      .from(nestCustomers)
      .where(eq(nestCustomers.id, input.customerId));
    await enqueueEventEmail(ctx, tx, 'event-registered', event, customer!, input.body.guests);
    return { registration: registration!, created: true };
  });
}

/**
 * Cancels one of the customer's own registrations (another customer's id is not found) until the
 * event starts; cancelling again answers the cancelled registration.
 */
export async function cancelRegistration(
  db: Db,
  customerId: string,
  registrationId: string,
  now: Date = new Date(),
): Promise<RegistrationRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ...registrationColumns, startsAt: events.startsAt })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.eventId))
      .where(and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.customerId, customerId)))
      .for('update', { of: eventRegistrations });
    if (!row) throw notFound();
    const { startsAt, ...registration } = row;
    if (registration.status === 'canceled') return registration;
    if (startsAt.getTime() <= now.getTime()) throw new AppError('event_started');
    const [updated] = await tx
      .update(eventRegistrations)
      .set({ status: 'canceled', canceledAt: now, updatedAt: now })
      .where(eq(eventRegistrations.id, registrationId))
      .returning({ ...registrationColumns, nestId: eventRegistrations.nestId });
    const { nestId, ...cancelled } = updated!;
    await emitWebhookEvent(tx, {
      nestId,
      type: 'event_registration.cancelled',
      data: {
        registration_id: registrationId,
        event_id: cancelled.eventId,
        customer_id: customerId,
        canceled_at: now.toISOString(),
      },
    });
    return cancelled;
  });
}
