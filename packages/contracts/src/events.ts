import { z } from 'zod';
import { text } from './text.js';

const timestamp = z.iso.datetime({ offset: true });

/** A wall-clock time in the nest's time zone, as a datetime-local input gives it: 2026-05-14T18:30. */
// Its one pattern admits digits, dashes, a T and a colon only: no control character can pass it.
export const localDateTimeSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: 'Expected a date and time like 2026-05-14T18:30' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}:00Z`)), { error: 'Not a real date' });

export const EVENT_TITLE_MAX = 120;
export const EVENT_DESCRIPTION_MAX = 2000;
export const EVENT_PLACE_MAX = 200;
export const EVENT_CAPACITY_MAX = 10_000;
export const EVENT_OFFERS_MAX = 50;

const eventFields = {
  title: text().trim().min(1).max(EVENT_TITLE_MAX),
  description: text().trim().max(EVENT_DESCRIPTION_MAX).nullable(),
  /** Start and end in the nest's time zone (the API keeps the instant). */
  starts_local: localDateTimeSchema,
  ends_local: localDateTimeSchema,
  place: text().trim().max(EVENT_PLACE_MAX).nullable(),
  /** Places, guests included; null: no limit. */
  capacity: z.number().int().min(1).max(EVENT_CAPACITY_MAX).nullable(),
  /** The offers whose subscribers may come (at least one of the nest's offers). */
  offer_ids: z.array(z.uuid()).min(1).max(EVENT_OFFERS_MAX),
  /** A registered subscriber may bring one guest (+1), who takes a place. */
  guests_allowed: z.boolean(),
  /** Registrations close then (nest's time zone); null: until the event starts. */
  registration_deadline_local: localDateTimeSchema.nullable(),
};

export const createEventBodySchema = z
  .object({
    ...eventFields,
    description: eventFields.description.default(null),
    place: eventFields.place.default(null),
    capacity: eventFields.capacity.default(null),
    guests_allowed: eventFields.guests_allowed.default(false),
    registration_deadline_local: eventFields.registration_deadline_local.default(null),
  })
  .strict()
  .meta({ id: 'CreateEvent' });
export type CreateEventBody = z.infer<typeof createEventBodySchema>;

export const updateEventBodySchema = z
  .object(eventFields)
  .partial()
  .strict()
  .refine((b) => Object.keys(b).length > 0, { error: 'Nothing to change' })
  .meta({ id: 'UpdateEvent' });
export type UpdateEventBody = z.infer<typeof updateEventBodySchema>;

export const eventIdParamsSchema = z.object({ id: z.uuid() });
export const registrationIdParamsSchema = z.object({ id: z.uuid() });

export const eventStatusSchema = z.enum(['scheduled', 'canceled']);
export type EventStatus = z.infer<typeof eventStatusSchema>;

export const listEventsQuerySchema = z.object({
  when: z.enum(['upcoming', 'past']).default('upcoming'),
});

/** An event as the merchant sees it. */
export const eventSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string().nullable(),
    starts_at: timestamp,
    ends_at: timestamp,
    starts_local: z.string(),
    ends_local: z.string(),
    time_zone: z.string(),
    place: z.string().nullable(),
    capacity: z.number().int().nullable(),
    guests_allowed: z.boolean(),
    registration_deadline: timestamp.nullable(),
    registration_deadline_local: z.string().nullable(),
    status: eventStatusSchema,
    canceled_at: timestamp.nullable(),
    offers: z.array(z.object({ id: z.uuid(), name: z.string() })),
    /** Registered subscribers (not cancelled). */
    registrations: z.number().int(),
    /** Places taken: registered subscribers and their guests. */
    seats_taken: z.number().int(),
    /** Null without a capacity. */
    places_left: z.number().int().nullable(),
    /** Registered subscribers let in at the door. */
    attended: z.number().int(),
  })
  .meta({ id: 'Event' });
export type NestEvent = z.infer<typeof eventSchema>;

export const eventListSchema = z
  .object({
    /** The nest's time zone: the one event times are written in. */
    time_zone: z.string(),
    items: z.array(eventSchema),
    /** The dashboard's figures: upcoming events, their registrations, attendance of past events. */
    summary: z.object({
      upcoming: z.number().int(),
      upcoming_registrations: z.number().int(),
      /** Attended ÷ registered over the last 90 days' events; null before any. */
      attendance_rate: z.number().nullable(),
    }),
  })
  .meta({ id: 'EventList' });
export type EventList = z.infer<typeof eventListSchema>;

export const eventRegistrationStatusSchema = z.enum(['registered', 'canceled']);

/** One registration on the merchant's event page. */
export const eventAttendeeSchema = z.object({
  id: z.uuid(),
  customer: z.object({ name: z.string().nullable(), email: z.string() }),
  guests: z.number().int(),
  status: eventRegistrationStatusSchema,
  registered_at: timestamp,
  canceled_at: timestamp.nullable(),
  attended_at: timestamp.nullable(),
});
export type EventAttendee = z.infer<typeof eventAttendeeSchema>;

export const eventDetailSchema = eventSchema
  .extend({ attendees: z.array(eventAttendeeSchema) })
  .meta({ id: 'EventDetail' });
export type EventDetail = z.infer<typeof eventDetailSchema>;

/** An event as a customer sees it: one their subscriptions give access to. */
export const customerEventSchema = z
  .object({
    id: z.uuid(),
    nest: z.object({ id: z.uuid(), name: z.string() }),
    title: z.string(),
    description: z.string().nullable(),
    starts_at: timestamp,
    ends_at: timestamp,
    time_zone: z.string(),
    place: z.string().nullable(),
    capacity: z.number().int().nullable(),
    places_left: z.number().int().nullable(),
    guests_allowed: z.boolean(),
    registration_deadline: timestamp.nullable(),
    /** Registration is open now (before the deadline and the start, not full, not cancelled). */
    registration_open: z.boolean(),
    /** My subscriptions that give access (their cards show the registration). */
    subscription_ids: z.array(z.uuid()),
    /** My subscription giving access is live now (else the reason, as at the counter). */
    eligible: z.boolean(),
    registration: z.object({ id: z.uuid(), guests: z.number().int(), registered_at: timestamp }).nullable(),
  })
  .meta({ id: 'CustomerEvent' });
export type CustomerEvent = z.infer<typeof customerEventSchema>;

export const customerEventListSchema = z
  .object({ items: z.array(customerEventSchema) })
  .meta({ id: 'CustomerEventList' });

export const registerBodySchema = z
  .object({ guests: z.number().int().min(0).max(1).default(0) })
  .strict()
  .meta({ id: 'EventRegistrationBody' });
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const eventRegistrationSchema = z
  .object({
    id: z.uuid(),
    event_id: z.uuid(),
    guests: z.number().int(),
    status: eventRegistrationStatusSchema,
    registered_at: timestamp,
    canceled_at: timestamp.nullable(),
  })
  .meta({ id: 'EventRegistration' });
export type EventRegistration = z.infer<typeof eventRegistrationSchema>;

/** Why a customer cannot come in to an event at the door. */
export const eventDoorReasonSchema = z
  .enum(['not_registered', 'no_access', 'past_due', 'unpaid', 'canceled', 'incomplete', 'ended', 'paused'])
  .meta({ id: 'EventDoorReason' });
export type EventDoorReason = z.infer<typeof eventDoorReasonSchema>;

/** Today's event at the door, in the counter's answer. */
export const eventDoorSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    starts_at: timestamp,
    ends_at: timestamp,
    registered: z.boolean(),
    guests: z.number().int(),
    /** Registered and an access-giving subscription live now: let in, attendance recorded. */
    admitted: z.boolean(),
    reason: eventDoorReasonSchema.nullable(),
    /** When attendance was first recorded (an earlier scan keeps its time). */
    attended_at: timestamp.nullable(),
  })
  .meta({ id: 'EventAtDoor' });
export type EventAtDoor = z.infer<typeof eventDoorSchema>;
