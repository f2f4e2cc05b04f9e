import type { Tx } from '../db/client.js';
import { paymentEvents } from '../db/schema/index.js';
import type { ProviderEvent, ProviderName } from './port.js';

/**
 * Stores an event if it is new, inside the caller's transaction. Returns false for a duplicate:
 * the unique (provider, event_id) index makes a concurrent second delivery wait for the first and
 * then find it, so only one transaction ever applies an event.
 */
export async function recordEvent(tx: Tx, provider: ProviderName, event: ProviderEvent): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values({
      provider,
      eventId: event.id,
      type: event.type,
      neutralType: event.neutralType,
      objectId: event.objectId,
      accountId: event.accountId,
      occurredAt: event.occurredAt,
      payload: event.payload as object,
    })
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}
