import { z } from 'zod';
import { text } from './text.js';

/** What a merchant's endpoint can subscribe to (ADR 176). `webhook.test` is sent only on demand. */
export const webhookEventTypes = [
  'subscription.created',
  'subscription.renewed',
  'subscription.payment_failed',
  'subscription.recovered',
  'subscription.cancelled',
  'check_in.recorded',
  'reward.earned',
  'reward.redeemed',
  'refund.issued',
  'event_registration.created',
  'event_registration.cancelled',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number] | 'webhook.test';
export const webhookEventTypeSchema = z.enum(webhookEventTypes);

/** At most this many endpoints per merchant. */
export const WEBHOOK_ENDPOINTS_MAX = 10;

export const createWebhookEndpointBodySchema = z
  .object({
    url: text().trim().min(1).max(2000),
    description: text().trim().max(200).optional(),
    event_types: z.array(webhookEventTypeSchema).min(1).max(webhookEventTypes.length),
  })
  .strict();
export type CreateWebhookEndpointBody = z.infer<typeof createWebhookEndpointBodySchema>;

export const updateWebhookEndpointBodySchema = z
  .object({
    description: text().trim().max(200).optional(),
    event_types: z.array(webhookEventTypeSchema).min(1).max(webhookEventTypes.length).optional(),
    /** true turns a disabled endpoint back on (its failure count starts again). */
    enabled: z.boolean().optional(),
  })
  .strict();
export type UpdateWebhookEndpointBody = z.infer<typeof updateWebhookEndpointBodySchema>;

export const webhookEndpointSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  description: z.string(),
  event_types: z.array(webhookEventTypeSchema),
  status: z.enum(['enabled', 'disabled']),
  /** Why it is disabled: `failing` (every retry of a delivery failed) or `merchant`. */
  disabled_reason: z.enum(['failing', 'merchant']).nullable(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer of a creation: the signing secret (`whsec_…`), this once. */
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({
  endpoints: z.array(webhookEndpointSchema),
  enabled: z.boolean(),
});
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

export const webhookDeliverySchema = z.object({
  /** Also the `webhook-id` header: the same for every attempt and replay, so receivers can deduplicate. */
  id: z.string(),
  event_type: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  response_status: z.number().int().nullable(),
  latency_ms: z.number().int().nullable(),
  error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

export const webhookEndpointIdParamsSchema = z.object({ id: z.uuid() }).strict();
export const webhookDeliveryParamsSchema = z.object({ id: z.uuid(), deliveryId: z.uuid() }).strict();
