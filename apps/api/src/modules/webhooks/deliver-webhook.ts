import { isLocale } from '@nest/contracts';
import { and, eq, gte, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index.js';
import { enqueueEmail } from '../../emails/send-email.js';
import { enqueueJob } from '../../jobs/enqueue-job.js';
import { DELIVER_WEBHOOK_JOB, type DeliverWebhookPayload } from './emit-event.js';
import { allowPrivateTargets } from './endpoint-url.js';
import { sendWebhook } from './send-webhook.js';
import { signWebhook } from './signature.js';

/**
 * Waits between attempts after the first (about 3 days in all, as Standard Webhooks senders do):
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 20 h. Ten attempts per round.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [5, 300, 1_800, 7_200, 18_000, 36_000, 50_400, 72_000, 72_000].map(
  (seconds) => seconds * 1000,
);

/** The JSON a receiver gets: the same bytes at every attempt and replay. */
export function webhookBody(event: { id: string; type: string; data: unknown; createdAt: Date }): string {
  return JSON.stringify({
    id: event.id,
    type: event.type,
    timestamp: event.createdAt.toISOString(),
    data: event.data,
  });
}

function isPayload(value: unknown): value is DeliverWebhookPayload {
  const p = value as Partial<DeliverWebhookPayload> | null;
  return typeof p?.deliveryId === 'string' && typeof p.round === 'number';
}

/**
 * One attempt of one delivery (the `webhooks.deliver` job). Never throws for the receiver's failure:
 * it records the attempt on the delivery (the log) and schedules the next one itself, so the log says
 * exactly what happened. After the last attempt of a round the delivery is `failed`; an endpoint that
 * had no success since that delivery was made is disabled, and its merchant told by email.
 */
export async function deliverWebhook(app: FastifyInstance, payload: unknown): Promise<void> {
  if (!isPayload(payload)) throw new Error('Malformed webhook delivery job');
  const [row] = await app.db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: webhookEvents })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, payload.deliveryId))
    .limit(1);
  if (!row) return;
  const { delivery, endpoint, event } = row;
  if (delivery.round !== payload.round || delivery.status !== 'pending') return;
  if (endpoint.deletedAt || endpoint.disabledAt) {
    await app.db
      .update(webhookDeliveries)
      .set({
        status: 'failed',
        error: endpoint.deletedAt ? 'endpoint deleted' : 'endpoint disabled',
        nextAttemptAt: null,
      })
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.round, payload.round)));
    return;
  }

  const body = webhookBody(event);
  const timestamp = Math.floor(Date.now() / 1000);
  const attempt = await sendWebhook(
    endpoint.url,
    {
      'webhook-id': delivery.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(endpoint.secret, delivery.id, timestamp, body),
    },
    body,
    { allowPrivate: allowPrivateTargets(app.config) },
  );
  const succeeded = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
  const roundAttempts = delivery.roundAttempts + 1;
  const delay = WEBHOOK_RETRY_DELAYS_MS[roundAttempts - 1];
  const retry = !succeeded && delay !== undefined;
  const now = new Date();
  const error = succeeded ? null : (attempt.error ?? `HTTP ${attempt.status}`);

  await app.db.transaction(async (tx) => {
    const updated = await tx
      .update(webhookDeliveries)
      .set({
        attempts: delivery.attempts + 1,
        roundAttempts,
        responseStatus: attempt.status,
        latencyMs: attempt.latencyMs,
        error,
        status: succeeded ? 'succeeded' : retry ? 'pending' : 'failed',
        nextAttemptAt: retry ? new Date(now.getTime() + delay) : null,
        ...(succeeded ? { deliveredAt: now } : {}),
      })
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.round, payload.round)))
      .returning({ id: webhookDeliveries.id });
    if (updated.length === 0) return; // replayed meanwhile: the new round decides
    if (retry) {
      await enqueueJob(tx, DELIVER_WEBHOOK_JOB, payload, {
        runAt: new Date(now.getTime() + delay),
        dedupeKey: `webhook:${delivery.id}:${payload.round}:${roundAttempts}`,
        maxAttempts: 3,
      });
      return;
    }
    if (succeeded) return;
    const [success] = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpoint.id),
          eq(webhookDeliveries.status, 'succeeded'),
          gte(webhookDeliveries.deliveredAt, delivery.createdAt),
        ),
      )
      .limit(1);
    if (success) return;
    const disabled = await tx
      .update(webhookEndpoints)
      .set({ disabledAt: now, disabledReason: 'failing' })
      .where(and(eq(webhookEndpoints.id, endpoint.id), isNull(webhookEndpoints.disabledAt)))
      .returning({ id: webhookEndpoints.id });
    if (disabled.length === 0) return;
    const [owner] = await tx
      .select({ email: users.email, name: users.name, locale: users.locale })
      .from(users)
      .where(eq(users.id, endpoint.userId))
      .limit(1);
    if (!owner) return;
    await enqueueEmail(
      app,
      {
        to: owner.email,
        locale: isLocale(owner.locale) ? owner.locale : 'en-US',
        template: 'webhook-endpoint-disabled',
        params: {
          name: owner.name,
          url: endpoint.url,
          settingsUrl: `${app.config.publicUrl}/admin/app/developers`,
        },
      },
      { tx },
    );
  });
}
