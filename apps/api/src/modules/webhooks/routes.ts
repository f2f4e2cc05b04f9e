import {
  createdWebhookEndpointSchema,
  createWebhookEndpointBodySchema,
  problemSchema,
  updateWebhookEndpointBodySchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointIdParamsSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from '@nest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { merchantId, requireOwnNest } from '../../plugins/auth.js';
import { deliverWebhook } from './deliver-webhook.js';
import { DELIVER_WEBHOOK_JOB } from './emit-event.js';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  replayDelivery,
  sendTestEvent,
  updateEndpoint,
} from './manage-endpoints.js';

const session = [{ merchantSession: [] }];
const tags = ['webhooks'];
const errors = { 401: problemSchema, 403: problemSchema, 404: problemSchema };

/**
 * The merchant's outgoing webhook endpoints and their deliveries log (ADR 176). Session-only: they
 * hold signing secrets. Registers the job that sends the deliveries.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register(DELIVER_WEBHOOK_JOB, (payload) => deliverWebhook(app, payload));

  app.get(
    '/nests/me/webhook-endpoints',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags,
        operationId: 'listWebhookEndpoints',
        summary: 'The merchant’s webhook endpoints',
        security: session,
        response: { 200: webhookEndpointListSchema, 401: problemSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listEndpoints(app.db, merchantId(request));
    },
  );

  app.post(
    '/nests/me/webhook-endpoints',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags,
        operationId: 'createWebhookEndpoint',
        summary: 'Register an endpoint (Enterprise): its signing secret is in this answer only',
        description:
          'https only (http for localhost during development). In production, a URL that resolves to a ' +
          'loopback, private or link-local address is refused with 422 `webhook_url_refused`.',
        security: session,
        body: createWebhookEndpointBodySchema,
        response: {
          201: createdWebhookEndpointSchema,
          400: problemSchema,
          409: problemSchema,
          422: problemSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const nest = await requireOwnNest(request, 'me', 'nest_required');
      const created = await createEndpoint(app.db, app.config, {
        userId: merchantId(request),
        nestId: nest.id,
        body: request.body,
      });
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(created);
    },
  );

  app.patch(
    '/nests/me/webhook-endpoints/:id',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags,
        operationId: 'updateWebhookEndpoint',
        summary: 'Change an endpoint’s events or description, or turn it off and on',
        security: session,
        params: webhookEndpointIdParamsSchema,
        body: updateWebhookEndpointBodySchema,
        response: { 200: webhookEndpointSchema, 400: problemSchema, ...errors },
      },
    },
    async (request) => updateEndpoint(app.db, merchantId(request), request.params.id, request.body),
  );

  app.delete(
    '/nests/me/webhook-endpoints/:id',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags,
        operationId: 'deleteWebhookEndpoint',
        summary: 'Delete an endpoint: nothing more is sent to it',
        security: session,
        params: webhookEndpointIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteEndpoint(app.db, merchantId(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/nests/me/webhook-endpoints/:id/deliveries',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags,
        operationId: 'listWebhookDeliveries',
        summary: 'An endpoint’s latest 100 deliveries: status, attempts, response code, latency',
        security: session,
        params: webhookEndpointIdParamsSchema,
        response: { 200: webhookDeliveryListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listDeliveries(app.db, merchantId(request), request.params.id);
    },
  );

  app.post(
    '/nests/me/webhook-endpoints/:id/test',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags,
        operationId: 'sendWebhookTestEvent',
        summary: 'Send a `webhook.test` event to this endpoint',
        security: session,
        params: webhookEndpointIdParamsSchema,
        response: { 202: webhookDeliverySchema, 409: problemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const delivery = await sendTestEvent(app.db, merchantId(request), request.params.id);
      return reply.code(202).send(delivery);
    },
  );

  app.post(
    '/nests/me/webhook-endpoints/:id/deliveries/:deliveryId/replay',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags,
        operationId: 'replayWebhookDelivery',
        summary: 'Send a past delivery again (same `webhook-id` and body)',
        security: session,
        params: webhookDeliveryParamsSchema,
        response: { 202: webhookDeliverySchema, 409: problemSchema, ...errors },
      },
    },
    async (request, reply) => {
      const delivery = await replayDelivery(
        app.db,
        merchantId(request),
        request.params.id,
        request.params.deliveryId,
      );
      return reply.code(202).send(delivery);
    },
  );
};
