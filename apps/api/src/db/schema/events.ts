import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tz, updatedAt } from './columns.js';
import { nestCustomers } from './customers.js';
import { users } from './merchants.js';
import { nests } from './nests.js';
import { offers } from './offers.js';

/**
 * An event of a nest for its subscribers (Pro and Enterprise, ADR 165): an open day, a tasting, a
 * workshop. Times are instants; the nest's time zone is how the merchant wrote them.
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    nestId: uuid('nest_id')
      .notNull()
      .references(() => nests.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    startsAt: tz('starts_at').notNull(),
    endsAt: tz('ends_at').notNull(),
    place: text('place'),
    /** Places, guests included; null: no limit. */
    capacity: integer('capacity'),
    guestsAllowed: boolean('guests_allowed').notNull().default(false),
    registrationDeadline: tz('registration_deadline'),
    status: text('status', { enum: ['scheduled', 'canceled'] })
      .notNull()
      .default('scheduled'),
    canceledAt: tz('canceled_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('events_nest_starts_idx').on(t.nestId, t.startsAt),
    check('events_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Which offers give access to an event: their subscribers see it and may register. */
export const eventOffers = pgTable(
  'event_offers',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.offerId] }), index('event_offers_offer_idx').on(t.offerId)],
);

/**
 * A customer's registration, with a guest or not. One live registration per customer and event;
 * a cancelled one stays (the merchant sees who dropped out). `attended_at` is set at the door.
 */
export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    nestId: uuid('nest_id')
      .notNull()
      .references(() => nests.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => nestCustomers.id, { onDelete: 'cascade' }),
    guests: integer('guests').notNull().default(0),
    status: text('status', { enum: ['registered', 'canceled'] })
      .notNull()
      .default('registered'),
    registeredAt: createdAt(),
    canceledAt: tz('canceled_at'),
    attendedAt: tz('attended_at'),
    attendedBy: uuid('attended_by').references(() => users.id, { onDelete: 'set null' }),
    /** The day-before reminder went out (the job sends each once). */
    remindedAt: tz('reminded_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('event_registrations_live_idx')
      .on(t.eventId, t.customerId)
      .where(sql`${t.status} = 'registered'`),
    index('event_registrations_customer_idx').on(t.customerId),
    check('event_registrations_guests', sql`${t.guests} between 0 and 1`),
  ],
);
