import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { eventRegistrations, events, nestCustomers, nests } from '../../db/schema/index.js';
import { type EventEmailContext, enqueueEventEmail } from './event-emails.js';

export const EVENT_REMINDERS_JOB = 'events.send-reminders';
/** How often the job looks for events starting within the next day. */
export const EVENT_REMINDERS_EVERY_MS = 15 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

/**
 * The day-before reminder (ADR 168): each live registration of a scheduled event that starts within
 * the next 24 hours gets one email, marked `reminded_at` in the same transaction, so a rerun, a second
 * process or a retry never sends it twice. A registration made less than a day before the start is
 * skipped: its confirmation just said the same. Returns how many reminders were queued.
 */
export async function sendEventReminders(ctx: EventEmailContext & { db: Db }, now: Date = new Date()) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const horizon = sql`${new Date(now.getTime() + DAY_MS).toISOString()}::timestamptz`;
  let sent = 0;
  for (;;) {
    const done = await ctx.db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: eventRegistrations.id,
          guests: eventRegistrations.guests,
          event: {
            id: events.id,
            title: events.title,
            description: events.description,
            place: events.place,
            startsAt: events.startsAt,
            endsAt: events.endsAt,
            timeZone: nests.timeZone,
            nestName: nests.name,
          },
          email: nestCustomers.email,
          name: nestCustomers.name,
          locale: nestCustomers.locale,
        })
        .from(eventRegistrations)
        .innerJoin(events, eq(events.id, eventRegistrations.eventId))
        .innerJoin(nests, eq(nests.id, events.nestId))
        .innerJoin(nestCustomers, eq(nestCustomers.id, eventRegistrations.customerId))
        .where(
          and(
            eq(eventRegistrations.status, 'registered'),
            isNull(eventRegistrations.remindedAt),
            eq(events.status, 'scheduled'),
            sql`${events.startsAt} > ${at}`,
            sql`${events.startsAt} <= ${horizon}`,
            sql`${eventRegistrations.registeredAt} < ${events.startsAt} - interval '1 day'`,
          ),
        )
        .limit(BATCH)
        .for('update', { of: eventRegistrations, skipLocked: true });
      if (due.length === 0) return true;
      await tx
        .update(eventRegistrations)
        .set({ remindedAt: now })
        .where(
          inArray(
            eventRegistrations.id,
            due.map((d) => d.id),
          ),
        );
      for (const r of due) await enqueueEventEmail(ctx, tx, 'event-reminder', r.event, r, r.guests);
      sent += due.length;
      return due.length < BATCH;
    });
    if (done) return sent;
  }
}

export function scheduleEventReminders(app: FastifyInstance): void {
  const ctx = { db: app.db, jobs: app.jobs, publicUrl: app.config.publicUrl };
  app.jobs.register(EVENT_REMINDERS_JOB, async () => {
    const sent = await sendEventReminders(ctx);
    if (sent > 0) app.log.info({ sent }, 'event reminders queued');
  });
  app.jobs.every(EVENT_REMINDERS_JOB, EVENT_REMINDERS_EVERY_MS);
}
