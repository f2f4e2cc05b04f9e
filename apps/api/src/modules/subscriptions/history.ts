import type { WebhookEventType } from '@nest/contracts';
import type { Tx } from '../../db/client.js';
import { type subscriptionEventKinds, subscriptionEvents } from '../../db/schema/index.js';
import { emitWebhookEvent } from '../webhooks/emit-event.js';
import type { NestSubscriptionRow } from './sync-nest-subscription.js';

export type SubscriptionEventKind = (typeof subscriptionEventKinds)[number];

/** Who caused a change: the merchant (by id), the customer from their area, or the provider itself. */
export type HistoryActor =
  | { kind: 'merchant'; merchantId: string }
  | { kind: 'customer' }
  | { kind: 'provider' };

export const providerActor: HistoryActor = { kind: 'provider' };

/**
 * Adds one line to a customer's history in a nest. With a `dedupeKey`, a second line with the same key
 * is silently not written (a once-only event: created, cancelled, one invoice renewed). Answers
 * whether the line was written.
 */
export async function recordHistory(
  tx: Tx,
  input: {
    nestId: string;
    customerId: string;
    subscriptionId: string | null;
    kind: SubscriptionEventKind;
    actor: HistoryActor;
    dedupeKey?: string;
    occurredAt?: Date;
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(subscriptionEvents)
    .values({
      nestId: input.nestId,
      customerId: input.customerId,
      subscriptionId: input.subscriptionId,
      kind: input.kind,
      actor: input.actor.kind,
      actorMerchantId: input.actor.kind === 'merchant' ? input.actor.merchantId : null,
      dedupeKey: input.dedupeKey ?? null,
      occurredAt: input.occurredAt ?? new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: subscriptionEvents.id });
  const type = webhookTypeOf[input.kind];
  if (inserted.length === 0) return false;
  if (!type) return true;
  // The merchant's outgoing webhooks (ADR 176), in the same transaction as the change.
  await emitWebhookEvent(tx, {
    nestId: input.nestId,
    type,
    data: {
      subscription_id: input.subscriptionId,
      customer_id: input.customerId,
      actor: input.actor.kind,
      occurred_at: (input.occurredAt ?? new Date()).toISOString(),
    },
  });
  return true;
}

/** The history lines merchants' integrations hear about, by their webhook event type. */
const webhookTypeOf: Partial<Record<SubscriptionEventKind, WebhookEventType>> = {
  created: 'subscription.created',
  renewed: 'subscription.renewed',
  payment_failed: 'subscription.payment_failed',
  recovered: 'subscription.recovered',
  cancelled: 'subscription.cancelled',
};

const failing = new Set(['past_due', 'unpaid']);
const ended = 'canceled';

/**
 * What changed between our copy before a sync and after it, as history lines. Only a change writes a
 * line, and the sync runs under the subscription's lock, so a duplicated provider event (which changes
 * nothing the second time) writes nothing.
 */
export async function recordSubscriptionChanges(
  tx: Tx,
  before: NestSubscriptionRow | undefined,
  after: NestSubscriptionRow,
  actor: HistoryActor,
): Promise<void> {
  const base = { nestId: after.nestId, customerId: after.customerId, subscriptionId: after.id, actor };
  if (!before) {
    await recordHistory(tx, {
      ...base,
      kind: 'created',
      // The customer subscribed, at checkout, whatever sync first sees it.
      actor: { kind: 'customer' },
      dedupeKey: `created:${after.id}`,
      occurredAt: after.createdAt,
    });
  }
  const wasStatus = before?.status;
  if (after.status === ended) {
    if (wasStatus !== ended) {
      await recordHistory(tx, { ...base, kind: 'cancelled', dedupeKey: `cancelled:${after.id}` });
    }
    return;
  }
  if (failing.has(after.status) && wasStatus && !failing.has(wasStatus)) {
    await recordHistory(tx, { ...base, kind: 'payment_failed' });
  } else if (!failing.has(after.status) && wasStatus && failing.has(wasStatus)) {
    await recordHistory(tx, { ...base, kind: 'recovered' });
  }
  // A pause set, and a pause gone: taken back early by someone, or over by itself. Only the presence
  // counts: the sandbox's test clock moves every date it reports, a pause's too.
  const wasPausedUntil = before?.pauseEndsAt?.getTime() ?? null;
  const pausedUntil = after.pauseEndsAt?.getTime() ?? null;
  if (pausedUntil !== null && wasPausedUntil === null) {
    await recordHistory(tx, { ...base, kind: 'paused' });
  } else if (pausedUntil === null && wasPausedUntil !== null) {
    const overByItself = wasPausedUntil <= Date.now();
    await recordHistory(tx, { ...base, kind: 'resumed', ...(overByItself ? { actor: providerActor } : {}) });
  }
  const wasScheduled = before?.cancelAtPeriodEnd ?? false;
  if (after.cancelAtPeriodEnd && !wasScheduled)
    await recordHistory(tx, { ...base, kind: 'cancel_scheduled' });
  if (!after.cancelAtPeriodEnd && wasScheduled)
    await recordHistory(tx, { ...base, kind: 'cancel_unscheduled' });
}
