import {
  createEventBodySchema,
  customerEventListSchema,
  eventDetailSchema,
  eventListSchema,
  eventRegistrationSchema,
  eventSchema,
  registerBodySchema,
  updateEventBodySchema,
} from './events.js';
import { example, exampleIds } from './example.js';

export const createEventBody = example(createEventBodySchema, {
  title: 'Latte art evening',
  description: 'Our baristas show you how to pour a heart, a tulip and a rosetta. Milk and cups on us.',
  starts_local: '2026-12-10T18:30',
  ends_local: '2026-12-10T20:00',
  place: 'Café Lumière, 12 rue de la République, Lyon',
  capacity: 16,
  offer_ids: [exampleIds.offer],
  guests_allowed: true,
  registration_deadline_local: '2026-12-09T18:00',
});

export const updateEventBody = example(updateEventBodySchema, { capacity: 20 });

export const event = example(eventSchema, {
  id: exampleIds.event,
  title: 'Latte art evening',
  description: 'Our baristas show you how to pour a heart, a tulip and a rosetta. Milk and cups on us.',
  starts_at: '2026-12-10T17:30:00Z',
  ends_at: '2026-12-10T19:00:00Z',
  starts_local: '2026-12-10T18:30',
  ends_local: '2026-12-10T20:00',
  time_zone: 'Europe/Paris',
  place: 'Café Lumière, 12 rue de la République, Lyon',
  capacity: 16,
  guests_allowed: true,
  registration_deadline: '2026-12-09T17:00:00Z',
  registration_deadline_local: '2026-12-09T18:00',
  status: 'scheduled',
  canceled_at: null,
  offers: [{ id: exampleIds.offer, name: 'Coffee club' }],
  registrations: 9,
  seats_taken: 12,
  places_left: 4,
  attended: 0,
});

export const eventList = example(eventListSchema, {
  time_zone: 'Europe/Paris',
  items: [event.value],
  summary: { upcoming: 1, upcoming_registrations: 9, attendance_rate: 0.83 },
});

export const eventDetail = example(eventDetailSchema, {
  ...event.value,
  attendees: [
    {
      id: exampleIds.registration,
      customer: { name: 'Camille Martin', email: 'camille.martin@example.com' },
      guests: 1,
      status: 'registered',
      registered_at: '2026-11-22T19:04:51Z',
      canceled_at: null,
      attended_at: null,
    },
  ],
});

export const customerEventList = example(customerEventListSchema, {
  items: [
    {
      id: exampleIds.event,
      nest: { id: exampleIds.nest, name: 'Café Lumière' },
      title: event.value.title,
      description: event.value.description,
      starts_at: event.value.starts_at,
      ends_at: event.value.ends_at,
      time_zone: 'Europe/Paris',
      place: event.value.place,
      capacity: 16,
      places_left: 4,
      guests_allowed: true,
      registration_deadline: event.value.registration_deadline,
      registration_open: true,
      subscription_ids: [exampleIds.subscription],
      eligible: true,
      registration: { id: exampleIds.registration, guests: 1, registered_at: '2026-11-22T19:04:51Z' },
    },
  ],
});

export const registerBody = example(registerBodySchema, { guests: 1 });

export const eventRegistration = example(eventRegistrationSchema, {
  id: exampleIds.registration,
  event_id: exampleIds.event,
  guests: 1,
  status: 'registered',
  registered_at: '2026-11-22T19:04:51Z',
  canceled_at: null,
});
