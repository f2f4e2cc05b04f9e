import { example, exampleIds } from './example.js';
import {
  createdWebhookEndpointSchema,
  createWebhookEndpointBodySchema,
  updateWebhookEndpointBodySchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from './webhooks.js';

export const createWebhookEndpointBody = example(createWebhookEndpointBodySchema, {
  url: 'https://hooks.cafe-lumiere.fr/nest',
  description: 'Loyalty sync with the till',
  event_types: ['subscription.created', 'subscription.cancelled', 'check_in.recorded'],
});

export const updateWebhookEndpointBody = example(updateWebhookEndpointBodySchema, {
  event_types: ['subscription.created', 'subscription.cancelled', 'check_in.recorded', 'reward.earned'],
  enabled: true,
});

export const webhookEndpoint = example(webhookEndpointSchema, {
  id: exampleIds.webhookEndpoint,
  url: 'https://hooks.cafe-lumiere.fr/nest',
  description: 'Loyalty sync with the till',
  event_types: ['subscription.created', 'subscription.cancelled', 'check_in.recorded'],
  status: 'enabled',
  disabled_reason: null,
  created_at: '2026-11-03T14:10:27Z',
});

export const createdWebhookEndpoint = example(createdWebhookEndpointSchema, {
  ...webhookEndpoint.value,
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
});

export const webhookEndpointList = example(webhookEndpointListSchema, {
  endpoints: [webhookEndpoint.value],
  enabled: true,
});

const webhookDelivery = example(webhookDeliverySchema, {
  id: exampleIds.webhookDelivery,
  event_type: 'check_in.recorded',
  status: 'succeeded',
  attempts: 1,
  response_status: 200,
  latency_ms: 142,
  error: null,
  next_attempt_at: null,
  created_at: '2026-11-24T08:47:13Z',
  delivered_at: '2026-11-24T08:47:14Z',
});

export const webhookDeliveryList = example(webhookDeliveryListSchema, {
  deliveries: [webhookDelivery.value],
});

/** What sending a test event or a replay answers: queued, sent within seconds. */
export const queuedWebhookDelivery = example(webhookDeliverySchema, {
  ...webhookDelivery.value,
  status: 'pending',
  attempts: 0,
  response_status: null,
  latency_ms: null,
  created_at: '2026-11-24T09:30:02Z',
  next_attempt_at: '2026-11-24T09:30:02Z',
  delivered_at: null,
});
