import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, nests, webhookEndpoints } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { counterHelpers } from './support.js';

const HOUR = 3_600_000;

/**
 * ADR 195: a check-in skips the outgoing-webhook lookup when the nest has no live endpoint, and
 * today's events when its last scheduled event ended long ago. Both facts live on the nest row, kept
 * by triggers; these tests hold the triggers to every way an endpoint or an event changes.
 */
describe('what the counter may skip, kept on the nest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const { counter, answer, token, subscriber } = counterHelpers(() => t);

  async function flags(nestId: string) {
    const [row] = await t.db
      .select({ hooks: nests.hasWebhookEndpoints, eventsEnd: nests.eventsEndAt })
      .from(nests)
      .where(eq(nests.id, nestId));
    return row!;
  }

  it('knows whether a live webhook endpoint exists: created, disabled, enabled, deleted', async () => {
    const { merchant, offer } = await counter('pro');
    const nestId = offer.nest_id;
    expect((await flags(nestId)).hooks).toBe(false);
    const endpoint = {
      userId: merchant.user.id,
      nestId,
      url: 'https://example.com/hooks',
      eventTypes: ['check_in.recorded'],
      secret: 'whsec_test',
    };
    const [first] = await t.db.insert(webhookEndpoints).values(endpoint).returning();
    const [second] = await t.db.insert(webhookEndpoints).values(endpoint).returning();
    expect((await flags(nestId)).hooks).toBe(true);
    await t.db
      .update(webhookEndpoints)
      .set({ disabledAt: new Date(), disabledReason: 'failing' })
      .where(eq(webhookEndpoints.id, first!.id));
    expect((await flags(nestId)).hooks).toBe(true); // the second is still live
    await t.db
      .update(webhookEndpoints)
      .set({ deletedAt: new Date() })
      .where(eq(webhookEndpoints.id, second!.id));
    expect((await flags(nestId)).hooks).toBe(false);
    await t.db
      .update(webhookEndpoints)
      .set({ disabledAt: null, disabledReason: null })
      .where(eq(webhookEndpoints.id, first!.id));
    expect((await flags(nestId)).hooks).toBe(true);
    await t.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, first!.id));
    expect((await flags(nestId)).hooks).toBe(false);
  });

  it('knows when the last scheduled event ends: created, moved, cancelled, deleted', async () => {
    const { offer } = await counter('pro');
    const nestId = offer.nest_id;
    expect((await flags(nestId)).eventsEnd).toBeNull();
    const now = Date.now();
    const event = (startsIn: number, endsIn: number) => ({
      nestId,
      title: 'Tasting',
      startsAt: new Date(now + startsIn),
      endsAt: new Date(now + endsIn),
    });
    const [soon] = await t.db
      .insert(events)
      .values(event(HOUR, 2 * HOUR))
      .returning();
    const [later] = await t.db
      .insert(events)
      .values(event(24 * HOUR, 26 * HOUR))
      .returning();
    expect((await flags(nestId)).eventsEnd).toEqual(later!.endsAt);
    await t.db
      .update(events)
      .set({ status: 'canceled', canceledAt: new Date() })
      .where(eq(events.id, later!.id));
    expect((await flags(nestId)).eventsEnd).toEqual(soon!.endsAt);
    const moved = new Date(now + 3 * HOUR);
    await t.db.update(events).set({ endsAt: moved }).where(eq(events.id, soon!.id));
    expect((await flags(nestId)).eventsEnd).toEqual(moved);
    await t.db.delete(events).where(eq(events.id, soon!.id));
    expect((await flags(nestId)).eventsEnd).toBeNull();
  });

  it('still answers with today’s events and still records the webhook when the nest has them', async () => {
    const { merchant, offer } = await counter('pro');
    const nestId = offer.nest_id;
    const customer = await subscriber(offer.id);
    // Without either, the check-in answers no events and writes no webhook event.
    const plain = await answer(merchant, { token: await token(customer.id) });
    expect(plain.events).toEqual([]);
    // An event today (the nest's day): the skipped lookup must not hide it.
    const now = Date.now();
    await t.db.insert(events).values({
      nestId,
      title: 'Tasting tonight',
      startsAt: new Date(now - HOUR),
      endsAt: new Date(now + HOUR),
    });
    const other = await subscriber(offer.id);
    const withEvent = await answer(merchant, { token: await token(other.id) });
    expect(withEvent.events.map((e) => e.title)).toEqual(['Tasting tonight']);
  });
});
