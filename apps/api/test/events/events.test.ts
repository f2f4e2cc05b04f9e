import type { CustomerEvent, EventDetail, EventList, Verification } from '@nest/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, nestSubscriptions } from '../../src/db/schema/index.js';
import { sendEventReminders } from '../../src/modules/events/reminders.js';
import { signPass } from '../../src/modules/subscriptions/pass-sign.js';
import { readMail } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { eventBody, eventHelpers, parisLocal } from './support.js';

describe('events for subscribers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const h = eventHelpers(() => t);
  const fr = { 'accept-language': 'fr-FR' };

  describe('plan gating', () => {
    it('refuses to create an event on Starter with a problem naming Pro, in English and French', async () => {
      const { merchant, offer } = await h.merchantWithOffer('starter');
      const en = await h.postEvent(merchant, eventBody([offer.id]));
      expect(en.statusCode).toBe(403);
      expect(en.headers['content-type']).toContain('application/problem+json');
      expect(en.json()).toMatchObject({
        code: 'plan_required',
        detail: 'This needs the Pro plan or higher.',
      });
      const french = await h.postEvent(merchant, eventBody([offer.id]), fr);
      expect(french.json().detail).toBe('Cela nécessite la formule Pro ou supérieure.');
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/v1/nests/me/events',
        cookies: merchant.cookies,
      });
      expect(list.json<EventList>().items).toEqual([]);
    });

    it('creates events on Pro and Enterprise', async () => {
      for (const plan of ['pro', 'enterprise'] as const) {
        const { merchant, offer } = await h.merchantWithOffer(plan);
        const event = await h.createEvent(
          merchant,
          eventBody([offer.id], { capacity: 12, guests_allowed: true }),
        );
        expect(event).toMatchObject({
          title: 'Open day',
          starts_local: parisLocal(7, 10),
          time_zone: 'Europe/Paris',
          capacity: 12,
          places_left: 12,
          guests_allowed: true,
          status: 'scheduled',
          offers: [{ id: offer.id, name: 'Gym unlimited' }],
        });
      }
    });

    it('after a downgrade to Starter, existing events keep running but no new one can be made', async () => {
      const { merchant, offer } = await h.merchantWithOffer('pro');
      const event = await h.createEvent(merchant, eventBody([offer.id]));
      await t.db.execute(
        sql`update plan_subscriptions set plan = 'starter' where user_id = ${merchant.user.id}`,
      );
      expect((await h.postEvent(merchant, eventBody([offer.id]))).statusCode).toBe(403);
      const edited = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/nests/me/events/${event.id}`,
        payload: { title: 'Open day (extended)' },
        cookies: merchant.cookies,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const sub = await h.subscriber(offer.id);
      expect((await h.register(sub.cookies, event.id)).statusCode).toBe(201);
    });
  });

  describe('validation', () => {
    it('refuses an end before the start, a deadline after the start, a past start and foreign offers', async () => {
      const { merchant, offer } = await h.merchantWithOffer('pro');
      const other = await h.merchantWithOffer('pro');
      const cases: [object, string, string][] = [
        [{ ends_local: parisLocal(7, 9) }, 'ends_local', 'event_ends_before_start'],
        [
          { registration_deadline_local: parisLocal(8, 9) },
          'registration_deadline_local',
          'event_deadline_after_start',
        ],
        [
          { starts_local: parisLocal(-2, 9), ends_local: parisLocal(-2, 10) },
          'starts_local',
          'event_starts_in_past',
        ],
        [{ offer_ids: [other.offer.id] }, 'offer_ids', 'event_offer_unknown'],
      ];
      for (const [overrides, field, code] of cases) {
        const response = await h.postEvent(merchant, eventBody([offer.id], overrides), fr);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().errors).toEqual([expect.objectContaining({ field, code })]);
      }
      const bad = await h.postEvent(merchant, { ...eventBody([offer.id]), starts_local: 'tomorrow' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe('validation_failed');
    });
  });

  describe('tenant isolation', () => {
    it('another merchant’s event id is a 404 on every merchant route, and nothing changes', async () => {
      const owner = await h.merchantWithOffer('pro');
      const event = await h.createEvent(owner.merchant, eventBody([owner.offer.id]));
      const intruder = await h.merchantWithOffer('pro');
      for (const [method, url, payload] of [
        ['GET', `/api/v1/nests/me/events/${event.id}`, undefined],
        ['PATCH', `/api/v1/nests/me/events/${event.id}`, { title: 'Hijacked' }],
        ['POST', `/api/v1/nests/me/events/${event.id}/cancel`, undefined],
      ] as const) {
        const response = await t.app.inject({ method, url, payload, cookies: intruder.merchant.cookies });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().code).toBe('not_found');
      }
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/v1/nests/me/events',
        cookies: intruder.merchant.cookies,
      });
      expect(list.json<EventList>().items).toEqual([]);
      const [row] = await t.db.select().from(events).where(eq(events.id, event.id));
      expect(row).toMatchObject({ title: 'Open day', status: 'scheduled' });
    });

    it('another customer’s registration id is a 404; a customer of another offer neither sees nor registers', async () => {
      const { merchant, offer } = await h.merchantWithOffer('pro');
      const otherOffer = await (await import('../offers/support.js')).createOfferFor(t.app, merchant, {
        name: 'Yoga',
      });
      const event = await h.createEvent(merchant, eventBody([offer.id]));
      const member = await h.subscriber(offer.id);
      const outsider = await h.subscriber(otherOffer.id);
      const registered = await h.register(member.cookies, event.id);
      expect(registered.statusCode).toBe(201);

      expect((await h.customerEvents(outsider.cookies)).json().items).toEqual([]);
      expect((await h.register(outsider.cookies, event.id)).statusCode).toBe(404);
      const cancel = await t.app.inject({
        method: 'POST',
        url: `/api/v1/nest-customers/me/event-registrations/${registered.json().id}/cancel`,
        cookies: outsider.cookies,
      });
      expect(cancel.statusCode).toBe(404);
      expect((await h.registrationsOf(event.id)).map((r) => r.status)).toEqual(['registered']);
      // Unknown ids and no session.
      const anon = await t.app.inject({ method: 'GET', url: '/api/v1/nest-customers/me/events' });
      expect(anon.statusCode).toBe(401);
      const anonMerchant = await t.app.inject({ method: 'GET', url: '/api/v1/nests/me/events' });
      expect(anonMerchant.statusCode).toBe(401);
    });
  });

  describe('registration', () => {
    it('registers with a guest, shows places left, emails a confirmation with a calendar file, and cancels', async () => {
      const { merchant, offer } = await h.merchantWithOffer('pro');
      const event = await h.createEvent(
        merchant,
        eventBody([offer.id], { capacity: 5, guests_allowed: true }),
      );
      const sub = await h.subscriber(offer.id);
      const listed = (await h.customerEvents(sub.cookies)).json<{ items: CustomerEvent[] }>().items;
      expect(listed).toEqual([
        expect.objectContaining({
          id: event.id,
          places_left: 5,
          eligible: true,
          registration_open: true,
          registration: null,
          subscription_ids: [sub.subscriptionId],
        }),
      ]);
      const response = await h.register(sub.cookies, event.id, { guests: 1 });
      expect(response.statusCode, response.body).toBe(201);
      const again = await h.register(sub.cookies, event.id, { guests: 1 });
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(response.json().id);
      const after = (await h.customerEvents(sub.cookies)).json<{ items: CustomerEvent[] }>().items[0]!;
      expect(after.places_left).toBe(3);
      expect(after.registration).toMatchObject({ id: response.json().id, guests: 1 });

      const mail = (await readMail(t.app, sub.email)).filter((m) => m.subject.includes('registered'));
      expect(mail).toHaveLength(1);
      expect(mail[0]!.text).toContain('with one guest');
      const ics = mail[0]!.attachments![0]!;
      expect(ics.filename).toBe('event.ics');
      expect(ics.contentType).toContain('text/calendar');
      expect(ics.content).toContain('BEGIN:VEVENT');
      expect(ics.content).toContain(`UID:event-${event.id}@`);
      expect(ics.content).toContain(`DTSTART:${event.starts_at.replace(/[-:]/g, '').slice(0, 15)}Z`);
      expect(ics.content).toContain('LOCATION:12 rue des Lilas\\, Lyon');

      const cancel = await t.app.inject({
        method: 'POST',
        url: `/api/v1/nest-customers/me/event-registrations/${response.json().id}/cancel`,
        cookies: sub.cookies,
      });
      expect(cancel.statusCode).toBe(200);
      expect(cancel.json().status).toBe('canceled');
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/v1/nests/me/events/${event.id}`,
        cookies: merchant.cookies,
      });
      expect(detail.json<EventDetail>()).toMatchObject({ places_left: 5, registrations: 0 });
      expect(detail.json<EventDetail>().attendees).toEqual([expect.objectContaining({ status: 'canceled' })]);
    });

    it('refuses guests where not allowed, a full event, a passed deadline and a lapsed subscription, in French too', async () => {
      const { merchant, offer } = await h.merchantWithOffer('pro');
      const event = await h.createEvent(
        merchant,
        eventBody([offer.id], { capacity: 1, registration_deadline_local: parisLocal(6, 10) }),
      );
      const first = await h.subscriber(offer.id);
      const second = await h.subscriber(offer.id);
      const noGuest = await h.register(first.cookies, event.id, { guests: 1 });
      expect(noGuest.json()).toMatchObject({ status: 409, code: 'guests_not_allowed' });
      expect((await h.register(first.cookies, event.id)).statusCode).toBe(201);
      const full = await h.register(second.cookies, event.id, {}, fr);
      expect(full.statusCode).toBe(409);
      expect(full.json()).toMatchObject({ code: 'event_full', title: 'Complet' });

      const later = await h.createEvent(
        merchant,
        eventBody([offer.id], { registration_deadline_local: parisLocal(6, 10) }),
      );
      await t.db
        .update(events)
        .set({ registrationDeadline: sql`now() - interval '1 minute'` })
        .where(eq(events.id, later.id));
      const closed = await h.register(second.cookies, later.id, {}, fr);
      expect(closed.statusCode).toBe(409);
      expect(closed.json().code).toBe('registration_closed');
      expect(closed.json().detail).toMatch(/^Les inscriptions à cet évènement ont fermé le /);

      const open = await h.createEvent(merchant, eventBody([offer.id]));
      const lapsed = await h.subscriber(offer.id, 'past_due');
      const refused = await h.register(lapsed.cookies, open.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('event_not_eligible');
      const seen = (await h.customerEvents(lapsed.cookies)).json<{ items: CustomerEvent[] }>().items;
      expect(seen.find((e) => e.id === open.id)).toMatchObject({ eligible: false, registration: null });
    });
  });

  describe('editing', () => {
    it('never lowers the capacity below the places taken, and a cancelled event is not edited', async () => {
      const { merchant, offer } = await h.merchantWithOffer('pro');
      const event = await h.createEvent(
        merchant,
        eventBody([offer.id], { capacity: 5, guests_allowed: true }),
      );
      const sub = await h.subscriber(offer.id);
      expect((await h.register(sub.cookies, event.id, { guests: 1 })).statusCode).toBe(201);
      const patch = (payload: object) =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/v1/nests/me/events/${event.id}`,
          payload,
          cookies: merchant.cookies,
          headers: fr,
        });
      const tooLow = await patch({ capacity: 1 });
      expect(tooLow.statusCode).toBe(409);
      expect(tooLow.json()).toMatchObject({ code: 'capacity_below_registrations' });
      expect(tooLow.json().detail).toContain('2 places');
      const ok = await patch({ capacity: 2, place: 'Salle 2' });
      expect(ok.json()).toMatchObject({ capacity: 2, places_left: 0, place: 'Salle 2' });
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/nests/me/events/${event.id}/cancel`,
        cookies: merchant.cookies,
      });
      expect((await patch({ title: 'Again' })).json().code).toBe('event_canceled');
    });
  });

  describe('at the door', () => {
    const verify = async (cookies: Record<string, string>, subscriptionId: string) => {
      const [row] = await t.db
        .select({ nestId: nestSubscriptions.nestId })
        .from(nestSubscriptions)
        .where(eq(nestSubscriptions.id, subscriptionId));
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/nests/me/verifications',
        payload: { token: signPass(t.app.config.passSecret, { nestId: row!.nestId, subscriptionId }).token },
        cookies,
      });
    };

    it('admits a registered subscriber, records attendance once, and the event page shows who came', async () => {
      const { merchant, offer } = await h.merchantWithOffer('pro');
      const event = await h.createEvent(merchant, eventBody([offer.id]));
      const member = await h.subscriber(offer.id);
      const walkIn = await h.subscriber(offer.id);
      const reg = await h.register(member.cookies, event.id);
      expect(reg.statusCode).toBe(201);
      await h.startEventNow(event.id);

      const answer = (await verify(merchant.cookies, member.subscriptionId)).json<Verification>();
      expect(answer.events).toEqual([
        expect.objectContaining({ id: event.id, registered: true, admitted: true, reason: null }),
      ]);
      const firstAt = answer.events[0]!.attended_at;
      expect(firstAt).not.toBeNull();
      const again = (await verify(merchant.cookies, member.subscriptionId)).json<Verification>();
      expect(again.events[0]!.attended_at).toBe(firstAt);

      const other = (await verify(merchant.cookies, walkIn.subscriptionId)).json<Verification>();
      expect(other.events[0]).toMatchObject({ registered: false, admitted: false, reason: 'not_registered' });

      const detail = (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/nests/me/events/${event.id}`,
          cookies: merchant.cookies,
        })
      ).json<EventDetail>();
      expect(detail.attended).toBe(1);
      expect(detail.attendees).toEqual([
        expect.objectContaining({ attended_at: firstAt, status: 'registered' }),
      ]);
    });

    it('a subscription that lapsed after registering is not admitted, with the reason', async () => {
      const { merchant, offer } = await h.merchantWithOffer('pro');
      const event = await h.createEvent(merchant, eventBody([offer.id]));
      const member = await h.subscriber(offer.id);
      expect((await h.register(member.cookies, event.id)).statusCode).toBe(201);
      await t.db
        .update(nestSubscriptions)
        .set({ status: 'canceled', canceledAt: new Date() })
        .where(eq(nestSubscriptions.id, member.subscriptionId));
      await h.startEventNow(event.id);
      const answer = (await verify(merchant.cookies, member.subscriptionId)).json<Verification>();
      expect(answer.result).toBe('not_eligible');
      expect(answer.events[0]).toMatchObject({
        registered: true,
        admitted: false,
        reason: 'canceled',
        attended_at: null,
      });
    });

    it('another nest’s events never show at this counter', async () => {
      const a = await h.merchantWithOffer('pro');
      const b = await h.merchantWithOffer('pro');
      const event = await h.createEvent(b.merchant, eventBody([b.offer.id]));
      await h.startEventNow(event.id);
      const member = await h.subscriber(a.offer.id);
      const answer = (await verify(a.merchant.cookies, member.subscriptionId)).json<Verification>();
      expect(answer.events).toEqual([]);
    });
  });

  describe('cancelling, reminders and the dashboard', () => {
    it('cancelling emails the registered subscribers with a calendar cancellation; twice is 409', async () => {
      const { merchant, offer } = await h.merchantWithOffer('pro');
      const event = await h.createEvent(merchant, eventBody([offer.id]));
      const member = await h.subscriber(offer.id);
      await h.register(member.cookies, event.id);
      const cancel = () =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/nests/me/events/${event.id}/cancel`,
          cookies: merchant.cookies,
        });
      const first = await cancel();
      expect(first.statusCode).toBe(200);
      expect(first.json().status).toBe('canceled');
      expect((await cancel()).json().code).toBe('event_canceled');
      const mail = (await readMail(t.app, member.email)).filter((m) => m.subject.startsWith('Cancelled'));
      expect(mail).toHaveLength(1);
      expect(mail[0]!.attachments![0]!.content).toContain('METHOD:CANCEL');
      expect((await h.customerEvents(member.cookies)).json().items).toEqual([]);
    });

    it('sends the day-before reminder once per registration', async () => {
      const { merchant, offer } = await h.merchantWithOffer('pro');
      const event = await h.createEvent(merchant, eventBody([offer.id]));
      const member = await h.subscriber(offer.id);
      await h.register(member.cookies, event.id);
      await t.db
        .update(events)
        .set({ startsAt: sql`now() + interval '20 hours'`, endsAt: sql`now() + interval '22 hours'` })
        .where(eq(events.id, event.id));
      const ctx = { db: t.app.db, jobs: t.app.jobs, publicUrl: t.app.config.publicUrl };
      // Registered less than a day before: the confirmation said it all.
      expect(await sendEventReminders(ctx)).toBe(0);
      await t.db.execute(
        sql`update event_registrations set created_at = now() - interval '3 days' where event_id = ${event.id}`,
      );
      expect(await sendEventReminders(ctx)).toBe(1);
      expect(await sendEventReminders(ctx)).toBe(0);
      const mail = (await readMail(t.app, member.email)).filter((m) => m.subject.startsWith('Tomorrow'));
      expect(mail).toHaveLength(1);
      expect(mail[0]!.attachments![0]!.filename).toBe('event.ics');
    });

    it('summarises upcoming events, their registrations and the attendance rate', async () => {
      const { merchant, offer } = await h.merchantWithOffer('pro');
      const upcoming = await h.createEvent(merchant, eventBody([offer.id]));
      const past = await h.createEvent(merchant, eventBody([offer.id]));
      const a = await h.subscriber(offer.id);
      const b = await h.subscriber(offer.id);
      for (const s of [a, b]) await h.register(s.cookies, upcoming.id);
      for (const s of [a, b]) await h.register(s.cookies, past.id);
      await h.startEventNow(past.id);
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/nests/me/verifications',
        payload: { subscription_id: a.subscriptionId },
        cookies: merchant.cookies,
      });
      await t.db
        .update(events)
        .set({ startsAt: sql`now() - interval '3 hours'`, endsAt: sql`now() - interval '1 hour'` })
        .where(eq(events.id, past.id));
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/v1/nests/me/events',
        cookies: merchant.cookies,
      });
      expect(list.json<EventList>().summary).toEqual({
        upcoming: 1,
        upcoming_registrations: 2,
        attendance_rate: 0.5,
      });
      expect(list.json<EventList>().items.map((e) => e.id)).toEqual([upcoming.id]);
      const pastList = await t.app.inject({
        method: 'GET',
        url: '/api/v1/nests/me/events?when=past',
        cookies: merchant.cookies,
      });
      expect(pastList.json<EventList>().items).toEqual([
        expect.objectContaining({ id: past.id, attended: 1 }),
      ]);
    });
  });
});
