import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sandboxEvents } from '../../db/schema/index.js';
import { signWebhookPayload } from '../webhook-signature.js';
import { clockOffsetSeconds } from './clock.js';

/** Posts a signed body to the webhook route and answers the HTTP status. */
export type PostWebhook = (body: string, signature: string) => Promise<number>;

export interface DeliveryDeps {
  db: Db;
  secret: string;
  post: PostWebhook;
}

type EventRow = typeof sandboxEvents.$inferSelect;

/** The event as Stripe would send it; `created` is in real time, like every date the app sees. */
export async function eventBody(db: Db, event: EventRow): Promise<string> {
  const offset = await clockOffsetSeconds(db, event.ownerId);
  return JSON.stringify({
    id: event.id,
    object: 'event',
    api_version: 'sandbox',
    created: Math.floor(event.occurredAt.getTime() / 1000) - offset,
    livemode: false,
    type: event.type,
    ...(event.accountId ? { account: event.accountId } : {}),
    data: event.data,
  });
}

export class DeliveryFailed extends Error {
  constructor(eventId: string, status: number) {
    super(`Webhook delivery of ${eventId} answered HTTP ${status}`);
    this.name = 'DeliveryFailed';
  }
}

/**
 * Delivers one event, signed as Stripe signs, and records the outcome. Throws when the receiver did
 * not accept it, so the job queue retries it with backoff. An event already delivered is skipped.
 */
export async function deliverEvent(deps: DeliveryDeps, eventId: string): Promise<'delivered' | 'skipped'> {
  const [event] = await deps.db.select().from(sandboxEvents).where(eq(sandboxEvents.id, eventId));
  if (!event || event.deliveredAt) return 'skipped';
  const body = await eventBody(deps.db, event);
  let status: number;
  try {
    status = await deps.post(body, await signWebhookPayload(body, deps.secret));
  } catch (error) {
    status = 0;
    await deps.db
      .update(sandboxEvents)
      .set({
        deliveryAttempts: sql`${sandboxEvents.deliveryAttempts} + 1`,
        lastDeliveryError: String(error),
      })
      .where(eq(sandboxEvents.id, eventId));
    throw error;
  }
  const ok = status >= 200 && status < 300;
  await deps.db
    .update(sandboxEvents)
    .set({
      deliveryAttempts: sql`${sandboxEvents.deliveryAttempts} + 1`,
      ...(ok
        ? { deliveredAt: new Date(), lastDeliveryError: null }
        : { lastDeliveryError: `HTTP ${status}` }),
    })
    .where(eq(sandboxEvents.id, eventId));
  if (!ok) throw new DeliveryFailed(eventId, status);
  return 'delivered';
}

/**
 * Delivers an owner's pending events now, in the order they happened (hosted pages and the test
 * clock call this so the app's state is up to date when they answer). A failure stops here: the
 * event's job retries it later. Returns how many were delivered.
 */
export async function deliverPendingEvents(deps: DeliveryDeps, ownerId: string): Promise<number> {
  let delivered = 0;
  for (let round = 0; round < 100; round++) {
    const pending = await deps.db
      .select({ id: sandboxEvents.id })
      .from(sandboxEvents)
      .where(and(eq(sandboxEvents.ownerId, ownerId), isNull(sandboxEvents.deliveredAt)))
      .orderBy(asc(sandboxEvents.seq))
      .limit(50);
    if (pending.length === 0) return delivered;
    for (const { id } of pending) {
      try {
        if ((await deliverEvent(deps, id)) === 'delivered') delivered++;
      } catch {
        return delivered;
      }
    }
  }
  return delivered;
}
