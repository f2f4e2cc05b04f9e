import type { Tx } from '../../db/client.js';
import { sandboxEvents } from '../../db/schema/index.js';
import type { SandboxDeps } from './context.js';
import { sandboxId } from './ids.js';

export const DELIVER_EVENT_JOB = 'payments.sandbox.deliver-event';
/** About a day of retries with the queue's exponential backoff, as Stripe retries for days. */
const DELIVERY_ATTEMPTS = 16;

export interface EmittedObject {
  id: string;
  object: 'checkout.session' | 'invoice' | 'subscription' | 'account' | 'payout' | 'charge';
  [field: string]: unknown;
}

/**
 * Records an event and queues its delivery in the caller's transaction: the event exists, and will
 * be delivered, exactly when the change it describes is committed.
 */
export async function emitEvent(
  deps: SandboxDeps,
  tx: Tx,
  input: {
    ownerId: string;
    accountId?: string | null;
    type: string;
    object: EmittedObject;
    occurredAt: Date;
  },
): Promise<string> {
  const id = sandboxId('evt');
  await tx.insert(sandboxEvents).values({
    id,
    ownerId: input.ownerId,
    accountId: input.accountId ?? null,
    type: input.type,
    objectType: input.object.object,
    objectId: input.object.id,
    data: { object: input.object },
    occurredAt: input.occurredAt,
  });
  await deps.jobs.enqueue(
    DELIVER_EVENT_JOB,
    { eventId: id },
    { tx, dedupeKey: `sandbox-event:${id}`, maxAttempts: DELIVERY_ATTEMPTS },
  );
  return id;
}
