import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testDriver } from '../helpers.js';
import { eventBody, eventHelpers } from './support.js';

/** 50 registrations at once for 10 places, on real PostgreSQL: the event row's lock, not luck. */
const AT_ONCE = 50;
const PLACES = 10;

describe.runIf(testDriver === 'postgres')(
  'event registrations under 50 simultaneous requests (PostgreSQL)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.close());
    const h = eventHelpers(() => t);

    it('50 subscribers register at once for 10 places: exactly 10 registered, 40 refused with "full"', async () => {
      const { merchant, offer } = await h.merchantWithOffer('pro');
      const event = await h.createEvent(merchant, eventBody([offer.id], { capacity: PLACES }));
      const subscribers = [];
      for (let i = 0; i < AT_ONCE; i++) subscribers.push(await h.subscriber(offer.id));
      const results = await Promise.all(subscribers.map((s) => h.register(s.cookies, event.id)));
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(PLACES);
      expect(codes.filter((c) => c === 409)).toHaveLength(AT_ONCE - PLACES);
      expect(new Set(results.filter((r) => r.statusCode === 409).map((r) => r.json().code))).toEqual(
        new Set(['event_full']),
      );
      const rows = await h.registrationsOf(event.id);
      expect(rows.filter((r) => r.status === 'registered')).toHaveLength(PLACES);
    }, 120_000);

    it('one subscriber clicking 20 times at once gets one registration', async () => {
      const { merchant, offer } = await h.merchantWithOffer('pro');
      const event = await h.createEvent(merchant, eventBody([offer.id], { capacity: 3 }));
      const sub = await h.subscriber(offer.id);
      const results = await Promise.all(Array.from({ length: 20 }, () => h.register(sub.cookies, event.id)));
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(19);
      expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
      expect(await h.registrationsOf(event.id)).toHaveLength(1);
    });
  },
);
