import type { CreateEventBody, NestEvent } from '@nest/contracts';
import { eq, sql } from 'drizzle-orm';
import { eventRegistrations, events } from '../../src/db/schema/index.js';
import { customerEmail, signInCustomer } from '../customers/support.js';
import type { SignedInMerchant } from '../fixtures/merchants.js';
import type { TestApp } from '../helpers.js';
import { addSubscriber, createOfferFor, merchantWithNest } from '../offers/support.js';

/** A wall-clock time in Paris (the nests' default zone), `days` from now, at a fixed hour. */
export function parisLocal(days: number, hour = 18): string {
  const day = new Date(Date.now() + days * 86_400_000);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(day);
  return `${parts}T${String(hour).padStart(2, '0')}:00`;
}

export const eventBody = (offerIds: string[], overrides: Partial<CreateEventBody> = {}) => ({
  title: 'Open day',
  description: 'Come and try the new classes.',
  starts_local: parisLocal(7, 10),
  ends_local: parisLocal(7, 12),
  place: '12 rue des Lilas, Lyon',
  offer_ids: offerIds,
  ...overrides,
});

export function eventHelpers(current: () => TestApp) {
  const app = () => current().app;

  async function merchantWithOffer(plan: 'starter' | 'pro' | 'enterprise' = 'pro') {
    const merchant = await merchantWithNest(app(), plan);
    const offer = await createOfferFor(app(), merchant, { name: 'Gym unlimited' });
    return { merchant, offer };
  }

  const postEvent = (merchant: SignedInMerchant, payload: object, headers: Record<string, string> = {}) =>
    app().inject({
      method: 'POST',
      url: '/api/v1/nests/me/events',
      payload,
      cookies: merchant.cookies,
      headers,
    });

  async function createEvent(merchant: SignedInMerchant, payload: object): Promise<NestEvent> {
    const response = await postEvent(merchant, payload);
    if (response.statusCode !== 201)
      throw new Error(`event not created: ${response.statusCode} ${response.body}`);
    return response.json();
  }

  let address = 0;
  /** A customer subscribed to the offer, signed in to the customer area. */
  async function subscriber(offerId: string, status = 'active', email = customerEmail()) {
    const added = (await addSubscriber(app(), offerId, {
      status,
      email,
      name: 'Lou Garnier',
    })) as unknown as {
      subscription_id: string;
      customer_id: string;
    };
    address += 1;
    const cookies = await signInCustomer(app(), email, `127.1.${Math.floor(address / 250)}.${address % 250}`);
    return { email, cookies, subscriptionId: added.subscription_id, customerId: added.customer_id };
  }

  const register = (cookies: Record<string, string>, eventId: string, payload: object = {}, headers = {}) =>
    app().inject({
      method: 'POST',
      url: `/api/v1/nest-customers/me/events/${eventId}/registrations`,
      payload,
      cookies,
      headers,
    });

  const customerEvents = (cookies: Record<string, string>) =>
    app().inject({ method: 'GET', url: '/api/v1/nest-customers/me/events', cookies });

  /** Moves an event (and its deadline) so that it started `minutesAgo` minutes ago and lasts 2 hours. */
  async function startEventNow(eventId: string, minutesAgo = 5) {
    await current()
      .db.update(events)
      .set({
        startsAt: sql`now() - make_interval(mins => ${minutesAgo}::integer)`,
        endsAt: sql`now() + interval '2 hours'`,
        registrationDeadline: null,
      })
      .where(eq(events.id, eventId));
  }

  async function registrationsOf(eventId: string) {
    return current().db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId));
  }

  return {
    merchantWithOffer,
    postEvent,
    createEvent,
    subscriber,
    register,
    customerEvents,
    startEventNow,
    registrationsOf,
  };
}
