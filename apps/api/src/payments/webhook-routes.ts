import { problemSchema, webhookAckSchema } from '@nest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crashPoint } from '../lib/crash-points.js';
import { handleEvent } from './handle-event.js';

/** The header each provider signs its deliveries in; the scheme is Stripe's for both. */
export const SIGNATURE_HEADERS = { stripe: 'stripe-signature', sandbox: 'sandbox-signature' } as const;

/**
 * Webhook deliveries, verified on the exact bytes received: this scope parses every body as a raw
 * buffer (a JSON parser would reformat it and break the signature). Only the provider in use has a
 * route; the other answers 404.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const provider = app.payments;
  const header = SIGNATURE_HEADERS[provider.name];
  app.post(
    `/webhooks/${provider.name}`,
    {
      schema: {
        tags: ['payments'],
        summary:
          provider.name === 'stripe'
            ? 'Stripe webhook endpoint'
            : 'Sandbox webhook endpoint (the sandbox delivers its events here)',
        description: `Events signed with the ${header} header (\`t=…,v1=…\`, HMAC-SHA256 of the raw body; refused if the timestamp is more than 5 minutes old or ahead). Each event is applied once, whatever the number of deliveries.`,
        response: { 200: webhookAckSchema, 400: problemSchema, 503: problemSchema },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers[header];
      const event = await provider.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined);
      const outcome = await handleEvent(app.db, provider.name, app.paymentEvents, event);
      crashPoint('webhook:handled');
      request.log.info({ event: event.id, type: event.type, outcome }, 'payment event');
      // A payout account, subscription or payment changed: link pages of this process are read again.
      if (outcome === 'processed') app.publicLinks.cache.clear();
      return { received: true as const, duplicate: outcome === 'duplicate' };
    },
  );
};
