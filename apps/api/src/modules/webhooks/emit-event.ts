import type { WebhookEventType } from '@nest/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  planSubscriptions,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema/index.js';
import { enqueueJob } from '../../jobs/enqueue-job.js';
import { planGivesApi } from '../api-keys/api-access.js';
import { livePlanOf } from '../plans/find-merchant-plan.js';

export const DELIVER_WEBHOOK_JOB = 'webhooks.deliver';

export interface DeliverWebhookPayload {
  deliveryId: string;
  /** A replay starts a new round; a job of an older round finds it stale and does nothing. */
  round: number;
}

/**
 * Records an event of a nest for its webhook endpoints, in the caller's transaction (the outbox, ADR
 * 176): the event, one delivery per enabled endpoint that wants its type, and one job per delivery
 * exist only if the change they tell commits, and the job runner sends them after, even after a
 * restart. Nothing is written when no endpoint wants it, or when the plan no longer gives API access.
 * `endpointId` sends to that endpoint only, whatever types it chose (the test event).
 */
export async function emitWebhookEvent(
  tx: Tx,
  input: { nestId: string; type: WebhookEventType; data: Record<string, unknown>; endpointId?: string },
): Promise<{ eventId: string; deliveryIds: string[] } | null> {
  const candidates = await tx
    .select({
      id: webhookEndpoints.id,
      eventTypes: webhookEndpoints.eventTypes,
      plan: planSubscriptions.plan,
      planStatus: planSubscriptions.status,
    })
    .from(webhookEndpoints)
    .leftJoin(planSubscriptions, eq(planSubscriptions.userId, webhookEndpoints.userId))
    .where(
      and(
        eq(webhookEndpoints.nestId, input.nestId),
        isNull(webhookEndpoints.deletedAt),
        isNull(webhookEndpoints.disabledAt),
        input.endpointId ? eq(webhookEndpoints.id, input.endpointId) : undefined,
      ),
    );
  const targets = candidates.filter(
    (endpoint) =>
      (input.endpointId || endpoint.eventTypes.includes(input.type)) &&
      planGivesApi(
        endpoint.plan && endpoint.planStatus
          ? livePlanOf({ plan: endpoint.plan, status: endpoint.planStatus })
          : null,
      ),
  );
  if (targets.length === 0) return null;
  const [event] = await tx
    .insert(webhookEvents)
    .values({ nestId: input.nestId, type: input.type, data: input.data })
    .returning({ id: webhookEvents.id });
  if (!event) throw new Error('webhook event not inserted');
  const deliveries = await tx
    .insert(webhookDeliveries)
    .values(
      targets.map((endpoint) => ({ endpointId: endpoint.id, eventId: event.id, nextAttemptAt: new Date() })),
    )
    .returning({ id: webhookDeliveries.id });
  for (const delivery of deliveries) {
    const payload: DeliverWebhookPayload = { deliveryId: delivery.id, round: 0 };
    await enqueueJob(tx, DELIVER_WEBHOOK_JOB, payload, {
      dedupeKey: `webhook:${delivery.id}:0:0`,
      maxAttempts: 3,
    });
  }
  return { eventId: event.id, deliveryIds: deliveries.map((d) => d.id) };
}
