import {
  type CreatedWebhookEndpoint,
  type CreateWebhookEndpointBody,
  type UpdateWebhookEndpointBody,
  WEBHOOK_ENDPOINTS_MAX,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointList,
  type WebhookEventType,
} from '@nest/contracts';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index.js';
import { enqueueJob } from '../../jobs/enqueue-job.js';
import { AppError, notFound } from '../../lib/errors.js';
import { planGivesApi, requireApiAccess } from '../api-keys/api-access.js';
import { findMerchantPlan } from '../plans/find-merchant-plan.js';
import { DELIVER_WEBHOOK_JOB, type DeliverWebhookPayload, emitWebhookEvent } from './emit-event.js';
import { checkEndpointUrl } from './endpoint-url.js';
import { generateWebhookSecret } from './signature.js';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export function endpointView(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.eventTypes as WebhookEndpoint['event_types'],
    status: row.disabledAt ? 'disabled' : 'enabled',
    disabled_reason: row.disabledAt ? (row.disabledReason ?? 'merchant') : null,
    created_at: row.createdAt.toISOString(),
  };
}

function deliveryView(row: DeliveryRow & { eventType: string }): WebhookDelivery {
  return {
    id: row.id,
    event_type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    response_status: row.responseStatus,
    latency_ms: row.latencyMs,
    error: row.error,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
  };
}

/** The merchant's endpoint that is not deleted, or 404 (another merchant's id included). */
async function ownEndpoint(db: Db, userId: string, id: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.id, id),
        eq(webhookEndpoints.userId, userId),
        isNull(webhookEndpoints.deletedAt),
      ),
    )
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function listEndpoints(db: Db, userId: string): Promise<WebhookEndpointList> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, userId), isNull(webhookEndpoints.deletedAt)))
    .orderBy(desc(webhookEndpoints.createdAt));
  return { endpoints: rows.map(endpointView), enabled: planGivesApi(await findMerchantPlan(db, userId)) };
}

export async function createEndpoint(
  db: Db,
  config: Config,
  input: { userId: string; nestId: string; body: CreateWebhookEndpointBody },
): Promise<CreatedWebhookEndpoint> {
  await requireApiAccess(db, input.userId);
  const url = await checkEndpointUrl(input.body.url, config);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook-endpoints:${input.userId}`}))`);
    const [existing] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.userId, input.userId), isNull(webhookEndpoints.deletedAt)));
    if ((existing?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX) {
      throw new AppError('webhook_endpoints_limit_reached', { params: { max: WEBHOOK_ENDPOINTS_MAX } });
    }
    const secret = generateWebhookSecret();
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        userId: input.userId,
        nestId: input.nestId,
        url: url.toString(),
        description: input.body.description ?? '',
        eventTypes: [...new Set(input.body.event_types)],
        secret,
      })
      .returning();
    if (!row) throw new Error('endpoint not inserted');
    return { ...endpointView(row), secret };
  });
}

export async function updateEndpoint(db: Db, userId: string, id: string, body: UpdateWebhookEndpointBody) {
  const current = await ownEndpoint(db, userId, id);
  if (body.enabled === true) await requireApiAccess(db, userId);
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.event_types ? { eventTypes: [...new Set(body.event_types)] } : {}),
      ...(body.enabled === true ? { disabledAt: null, disabledReason: null } : {}),
      ...(body.enabled === false && !current.disabledAt
        ? { disabledAt: new Date(), disabledReason: 'merchant' as const }
        : {}),
    })
    .where(eq(webhookEndpoints.id, current.id))
    .returning();
  if (!row) throw notFound();
  return endpointView(row);
}

/** Deletes an endpoint: nothing more is sent to it; its log goes with it. */
export async function deleteEndpoint(db: Db, userId: string, id: string): Promise<void> {
  const current = await ownEndpoint(db, userId, id);
  await db.update(webhookEndpoints).set({ deletedAt: new Date() }).where(eq(webhookEndpoints.id, current.id));
}

export async function listDeliveries(db: Db, userId: string, id: string) {
  const endpoint = await ownEndpoint(db, userId, id);
  const rows = await db
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, endpoint.id))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(100);
  return { deliveries: rows.map((r) => deliveryView({ ...r.delivery, eventType: r.eventType })) };
}

async function deliveryOf(db: Db, endpointId: string, deliveryId: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
    .limit(1);
  if (!row) throw notFound();
  return deliveryView({ ...row.delivery, eventType: row.eventType });
}

/** Sends a `webhook.test` event to this endpoint only, through the same queue as real events. */
export async function sendTestEvent(db: Db, userId: string, id: string): Promise<WebhookDelivery> {
  await requireApiAccess(db, userId);
  const endpoint = await ownEndpoint(db, userId, id);
  if (endpoint.disabledAt) throw new AppError('conflict');
  const type: WebhookEventType = 'webhook.test';
  const emitted = await db.transaction((tx) =>
    emitWebhookEvent(tx, {
      nestId: endpoint.nestId,
      type,
      endpointId: endpoint.id,
      data: { message: 'This is a test event sent from your Nest settings.' },
    }),
  );
  const deliveryId = emitted?.deliveryIds[0];
  if (!deliveryId) throw new AppError('conflict');
  return deliveryOf(db, endpoint.id, deliveryId);
}

/**
 * Sends a past delivery again, with the same `webhook-id` and body (a receiver that already has it
 * can ignore it): a new round of attempts; a retry still waiting from the previous round is dropped.
 */
export async function replayDelivery(db: Db, userId: string, id: string, deliveryId: string) {
  await requireApiAccess(db, userId);
  const endpoint = await ownEndpoint(db, userId, id);
  if (endpoint.disabledAt) throw new AppError('conflict');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({
        status: 'pending',
        round: sql`${webhookDeliveries.round} + 1`,
        roundAttempts: 0,
        nextAttemptAt: new Date(),
      })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)))
      .returning({ id: webhookDeliveries.id, round: webhookDeliveries.round });
    if (!row) throw notFound();
    const payload: DeliverWebhookPayload = { deliveryId: row.id, round: row.round };
    await enqueueJob(tx, DELIVER_WEBHOOK_JOB, payload, {
      dedupeKey: `webhook:${row.id}:${row.round}:0`,
      maxAttempts: 3,
    });
  });
  return deliveryOf(db, endpoint.id, deliveryId);
}
