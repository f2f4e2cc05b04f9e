import {
  checkoutSessionParamsSchema,
  checkoutSessionViewSchema,
  checkoutStartedSchema,
  problemSchema,
  publicLinkParamsSchema,
  startCheckoutBodySchema,
} from '@nest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../lib/i18n.js';
import { CHECKOUT_LIMIT, limitByAddress, SESSION_VIEW_LIMIT } from './checkout-limits.js';
import { schedulePruneCheckouts } from './prune-checkouts.js';
import { startCheckout } from './start-checkout.js';
import { viewCheckoutSession } from './view-checkout-session.js';

/** The customer's side of a link: subscribing (to the provider's page) and the success page's data. */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  // Checkouts nobody finished are deleted after a week, once a day.
  schedulePruneCheckouts(app);
  app.post(
    '/public/links/:nestLinkId/checkout',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Subscribe through a link: answers the payment page to send the visitor to',
        description:
          'No sign-in. The checkout happens at the payment provider on the merchant’s account, with the platform’s fee. Refusals (409): offer_archived, payouts_not_enabled, offer_at_capacity, revenue_limit_reached, and price_changed when price_version_id is not the current price (the detail gives the new one). 404 for an unknown or turned-off link; 429 after 30 starts in 10 minutes from one address.',
        params: publicLinkParamsSchema,
        body: startCheckoutBodySchema,
        response: { 200: checkoutStartedSchema, 404: problemSchema, 409: problemSchema, 429: problemSchema },
      },
    },
    async (request) => {
      await limitByAddress(app, 'link-checkout', request.ip, CHECKOUT_LIMIT);
      const result = await startCheckout(
        {
          db: app.db,
          provider: app.payments,
          publicUrl: app.config.publicUrl,
          platformFeeBps: app.config.PLATFORM_FEE_BPS,
        },
        request.params.nestLinkId,
        request.body,
        request.body.locale ?? requestLocale(request),
      );
      request.log.info({ nestLinkId: request.params.nestLinkId }, 'link checkout started');
      return result;
    },
  );

  app.get(
    '/public/checkout-sessions/:sessionId',
    {
      schema: {
        tags: ['checkout'],
        summary: 'The success page: this checkout’s subscription and its pass',
        description:
          'No sign-in: the provider’s session id (in the success address) is the proof of purchase. Answers only this subscription and a pass for it (valid 30 to 60 seconds; ask again at refresh_at), never other subscriptions of the email. pending until the payment is confirmed. 404 after 24 hours.',
        params: checkoutSessionParamsSchema,
        response: { 200: checkoutSessionViewSchema, 404: problemSchema, 429: problemSchema },
      },
    },
    async (request, reply) => {
      await limitByAddress(app, 'checkout-session', request.ip, SESSION_VIEW_LIMIT);
      const view = await viewCheckoutSession(
        {
          db: app.db,
          provider: app.payments,
          jobs: app.jobs,
          publicUrl: app.config.publicUrl,
          passSecret: app.config.passSecret,
        },
        request.params.sessionId,
      );
      reply.header('cache-control', 'no-store');
      return view;
    },
  );
};
