import type { Db } from '../db/client.js';
import type { PaymentEventHandlers } from './event-handlers.js';
import type { ProviderEvent, ProviderName } from './port.js';
import { recordEvent } from './record-event.js';

export type EventOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * The one handler of payment events, whichever provider sent them. In one transaction: the event is
 * stored if new (a duplicate stops here), then the handlers modules registered for its scope read the
 * objects it is about again from the provider and make our state match, and queue any email. If
 * anything fails the whole transaction rolls back, the provider gets an error, and its retry starts
 * from scratch.
 */
export async function handleEvent(
  db: Db,
  provider: ProviderName,
  handlers: PaymentEventHandlers,
  event: ProviderEvent,
): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    if (!(await recordEvent(tx, provider, event))) return 'duplicate';
    const { neutralType, objectId } = event;
    if (!neutralType || !objectId) return 'ignored';
    return (await handlers.dispatch(tx, { ...event, neutralType, objectId })) ? 'processed' : 'ignored';
  });
}
