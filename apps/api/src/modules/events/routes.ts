import {
  createEventBodySchema,
  customerEventListSchema,
  eventDetailSchema,
  eventIdParamsSchema,
  eventListSchema,
  eventRegistrationSchema,
  eventSchema,
  listEventsQuerySchema,
  problemSchema,
  registerBodySchema,
  registrationIdParamsSchema,
  updateEventBodySchema,
} from '@nest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../lib/i18n.js';
import { merchantId, requireOwnNest } from '../../plugins/auth.js';
import { cancelEvent } from './cancel-event.js';
import { createEvent } from './create-event.js';
import { customerEvents } from './customer-events.js';
import { findNestEvent, toEventView } from './event-view.js';
import { eventAttendees, listEvents } from './list-events.js';
import { cancelRegistration, type RegistrationRow, registerForEvent } from './register.js';
import { scheduleEventReminders } from './reminders.js';
import { updateEvent } from './update-event.js';

const merchantProblems = { 400: problemSchema, 401: problemSchema, 404: problemSchema, 409: problemSchema };

const toRegistrationView = (r: RegistrationRow) => ({
  id: r.id,
  event_id: r.eventId,
  guests: r.guests,
  status: r.status,
  registered_at: r.registeredAt.toISOString(),
  canceled_at: r.canceledAt?.toISOString() ?? null,
});

/**
 * Events for subscribers (issue 17, ADRs 165–169): the merchant's events (creating one needs Pro or
 * Enterprise), the customer's upcoming events and registrations, and the day-before reminders.
 */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  scheduleEventReminders(app);
  const emailCtx = { db: app.db, jobs: app.jobs, publicUrl: app.config.publicUrl };
  const security = [{ merchantSession: [] }];
  const tags = ['events'];

  app.get(
    '/nests/me/events',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags,
        summary:
          'The nest’s events: upcoming (soonest first) or past (latest first), with the dashboard’s figures',
        description:
          'Listed on every plan: events made before a downgrade to Starter keep running. `summary` counts the upcoming scheduled events and their registrations, and the attendance rate of the last 90 days’ events.',
        security,
        querystring: listEventsQuerySchema,
        response: { 200: eventListSchema, 401: problemSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const nest = await requireOwnNest(request, 'me');
      return listEvents(app.db, nest, request.query.when);
    },
  );

  app.post(
    '/nests/me/events',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags,
        summary: 'Create an event for subscribers of chosen offers',
        description:
          'Pro and Enterprise (403 `plan_required` on Starter). Times are wall-clock times in the nest’s time zone. The start is in the future, the end after it, the registration deadline no later than the start; `offer_ids` are the nest’s own active offers (400 otherwise).',
        security,
        body: createEventBodySchema,
        response: { 201: eventSchema, ...merchantProblems, 403: problemSchema },
      },
    },
    async (request, reply) => {
      const nest = await requireOwnNest(request, 'me', 'nest_required');
      const event = await createEvent(app.db, {
        nest,
        userId: merchantId(request),
        body: request.body,
        locale: requestLocale(request),
      });
      request.log.info({ eventId: event.id }, 'event created');
      return reply.status(201).send(toEventView(event));
    },
  );

  app.get(
    '/nests/me/events/:id',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags,
        summary: 'One event with who registered and who came',
        description: 'Another nest’s event is a 404.',
        security,
        params: eventIdParamsSchema,
        response: { 200: eventDetailSchema, 401: problemSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const nest = await requireOwnNest(request, 'me');
      const event = await findNestEvent(app.db, nest.id, request.params.id);
      return { ...toEventView(event), attendees: await eventAttendees(app.db, event) };
    },
  );

  app.patch(
    '/nests/me/events/:id',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags,
        summary: 'Edit an event',
        description:
          'On any plan (events made before a downgrade keep running). A cancelled event is 409 `event_canceled`, a finished one 409 `event_started`; the capacity cannot go below the places taken (409 `capacity_below_registrations`). Another nest’s event is a 404.',
        security,
        params: eventIdParamsSchema,
        body: updateEventBodySchema,
        response: { 200: eventSchema, ...merchantProblems },
      },
    },
    async (request) => {
      const nest = await requireOwnNest(request, 'me');
      return toEventView(
        await updateEvent(app.db, {
          nest,
          eventId: request.params.id,
          body: request.body,
          locale: requestLocale(request),
        }),
      );
    },
  );

  app.post(
    '/nests/me/events/:id/cancel',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags,
        summary: 'Cancel an event and email its registered subscribers',
        description:
          'Each registered subscriber gets an email with a calendar cancellation. Cancelling twice is 409 `event_canceled`; an event that has started is 409 `event_started`. Another nest’s event is a 404.',
        security,
        params: eventIdParamsSchema,
        response: { 200: eventSchema, ...merchantProblems },
      },
    },
    async (request) => {
      const nest = await requireOwnNest(request, 'me');
      const event = await cancelEvent(emailCtx, nest.id, request.params.id);
      request.log.info({ eventId: event.id }, 'event cancelled');
      return toEventView(event);
    },
  );

  app.get(
    '/nest-customers/me/events',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['customers'],
        summary: 'Upcoming events my subscriptions give access to, with places left and my registration',
        response: { 200: customerEventListSchema, 401: problemSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await customerEvents(app.db, request.customer!.customerId) };
    },
  );

  app.post(
    '/nest-customers/me/events/:id/registrations',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['customers'],
        summary: 'Register for an event (with one guest where allowed)',
        description:
          'Needs a live subscription to an offer that gives access (403 `event_not_eligible`; an event none of my subscriptions gives access to is a 404). 409 `event_full` when no place is left (guests take one), `registration_closed` after the deadline, `event_started`, `event_canceled`, `guests_not_allowed`. Registering again answers the registration already made (200). Emails a confirmation with a calendar file.',
        params: eventIdParamsSchema,
        body: registerBodySchema,
        response: {
          200: eventRegistrationSchema,
          201: eventRegistrationSchema,
          400: problemSchema,
          401: problemSchema,
          403: problemSchema,
          404: problemSchema,
          409: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const { registration, created } = await registerForEvent(emailCtx, {
        customerId: request.customer!.customerId,
        eventId: request.params.id,
        body: request.body,
        locale: requestLocale(request),
      });
      return reply.status(created ? 201 : 200).send(toRegistrationView(registration));
    },
  );

  app.post(
    '/nest-customers/me/event-registrations/:id/cancel',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['customers'],
        summary: 'Cancel my registration for an event',
        description:
          'Until the event starts (409 `event_started`). Cancelling again answers the cancelled registration. Another customer’s registration is a 404.',
        params: registrationIdParamsSchema,
        response: {
          200: eventRegistrationSchema,
          401: problemSchema,
          404: problemSchema,
          409: problemSchema,
        },
      },
    },
    async (request) =>
      toRegistrationView(await cancelRegistration(app.db, request.customer!.customerId, request.params.id)),
  );
};
