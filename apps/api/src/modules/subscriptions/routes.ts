import {
  customerInvoiceListSchema,
  customerPassSchema,
  customerPauseBodySchema,
  customerRetryBodySchema,
  customerRetryResultSchema,
  customerSubscriptionSchema,
  nestSubIdParamsSchema,
  problemSchema,
  redirectUrlSchema,
} from '@nest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../lib/i18n.js';
import { applyConnectedAccountEvent } from './apply-nest-event.js';
import { startCardUpdate } from './card-update.js';
import { listOwnSubscriptionInvoices } from './customer-invoices.js';
import { setCustomerPause } from './customer-pause.js';
import type { CheckInCounters } from './customer-subscriptions.js';
import { applyLedgerEvent } from './ledger.js';
import { retryInvoices } from './retry-invoices.js';
import { setCancellation } from './set-cancellation.js';
import type { SubscriptionContext } from './subscription-context.js';
import { getSubscriptionPass } from './subscription-pass.js';
import type { SubscriptionSyncHooks } from './sync-nest-subscription.js';

// The customer area's tag: these operations were always documented with the customer's own.
const tags = ['customers'];
const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 429: problemSchema };

/**
 * A customer's actions on their own subscriptions: invoices, the pass, paying again, a new card,
 * cancelling and resuming. `hooks` are what other modules do inside a sync (routes.ts hands them in).
 */
export const subscriptionRoutes: FastifyPluginAsyncZod<{
  hooks: SubscriptionSyncHooks;
  checkInCounters: CheckInCounters;
}> = async (app, { hooks, checkInCounters }) => {
  const ctx: SubscriptionContext = {
    db: app.db,
    provider: app.payments,
    jobs: app.jobs,
    publicUrl: app.config.publicUrl,
    hooks,
    checkInCounters,
  };
  // Events on a merchant's connected account are their customers' subscriptions.
  app.paymentEvents.on('connected_account', (tx, event) => applyConnectedAccountEvent(ctx, tx, event));
  // …and the money that moves on it: refunds, fees, payouts, disputes (the nest's ledger, ADR 120).
  app.paymentEvents.on('connected_account', (tx, event) => applyLedgerEvent(ctx, tx, event));

  // The history and the unpaid invoices of one of the customer's own subscriptions (spec §7 names the second).
  for (const [url, which, summary, description] of [
    [
      '/nest-customers/me/subscriptions/:id/invoices',
      'all',
      'Invoice and receipt history of one of my subscriptions',
      'Newest first. Another customer’s subscription is a 404.',
    ],
    [
      '/payments/external/nest-subs/:id/invoices/unpaid',
      'unpaid',
      'Unpaid invoices of one of my subscriptions',
      'Open invoices, oldest first. Another customer’s subscription is a 404.',
    ],
  ] as const) {
    app.get(
      url,
      {
        preHandler: app.requireCustomer,
        schema: {
          tags,
          summary,
          description,
          params: nestSubIdParamsSchema,
          response: { 200: customerInvoiceListSchema, 401: problemSchema, 404: problemSchema },
        },
      },
      async (request) =>
        listOwnSubscriptionInvoices(app.db, {
          customerId: request.customer!.customerId,
          subscriptionId: request.params.id,
          which,
        }),
    );
  }

  app.get(
    '/nest-customers/me/subscriptions/:id/pass',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: 'The pass of one of my subscriptions',
        description:
          'A short-lived signed token for the QR code and its human code, valid 30–60 seconds: ask again at ' +
          '`refresh_at`. Only while the subscription is trialing, active, past due or unpaid (else 409 ' +
          '`pass_unavailable`). Another customer’s subscription is a 404. Never cached.',
        params: nestSubIdParamsSchema,
        response: { 200: customerPassSchema, 401: problemSchema, 404: problemSchema, 409: problemSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getSubscriptionPass(
        app.db,
        app.config.passSecret,
        request.customer!.customerId,
        request.params.id,
      );
    },
  );

  app.post(
    '/payments/external/nest-subs/:id/invoices/retry',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: 'Pay the unpaid invoices of one of my subscriptions again',
        description:
          'Charges the saved card for every unpaid invoice, oldest first (or the one named), stopping at the ' +
          'first decline: `paid` when nothing is left to pay, else `failed` with the decline reason. The ' +
          'subscription’s status comes back from the provider. Another customer’s subscription is a 404.',
        params: nestSubIdParamsSchema,
        body: customerRetryBodySchema,
        response: { 200: customerRetryResultSchema, 404: problemSchema, 409: problemSchema, ...problems },
      },
    },
    async (request) =>
      retryInvoices(ctx, {
        customerId: request.customer!.customerId,
        subscriptionId: request.params.id,
        invoiceId: request.body?.invoice_id,
      }),
  );

  app.post(
    '/payments/external/nest-subs/:id/card-update-session',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: 'Give another card for one of my subscriptions',
        description:
          'Answers the provider’s hosted page (setup mode, on the merchant’s connected account) where the ' +
          'customer enters a new card. Once it is completed, the card becomes the subscription’s and its unpaid ' +
          'invoices are charged with it; the page sends the customer back to ' +
          '`/client/app/overview?pay={id}&card=updated`. Another customer’s subscription is a 404; an ended ' +
          'one a 409.',
        params: nestSubIdParamsSchema,
        response: { 200: redirectUrlSchema, 404: problemSchema, 409: problemSchema, ...problems },
      },
    },
    async (request) =>
      startCardUpdate(ctx, {
        customerId: request.customer!.customerId,
        subscriptionId: request.params.id,
        locale: requestLocale(request),
        requestKey: request.id,
      }),
  );

  for (const [action, cancel] of [
    ['cancel', true],
    ['resume', false],
  ] as const) {
    app.post(
      `/nest-customers/me/subscriptions/:id/${action}`,
      {
        preHandler: app.requireCustomer,
        schema: {
          tags,
          summary: cancel
            ? 'Cancel one of my subscriptions at the end of the period'
            : 'Resume one of my subscriptions before its cancellation takes effect',
          description: cancel
            ? 'It keeps running until the end of the period, then ends; a confirmation is emailed. Idempotent.'
            : 'Takes back a cancellation at period end. Idempotent.',
          params: nestSubIdParamsSchema,
          response: { 200: customerSubscriptionSchema, 404: problemSchema, 409: problemSchema, ...problems },
        },
      },
      async (request) =>
        setCancellation(ctx, {
          customerId: request.customer!.customerId,
          subscriptionId: request.params.id,
          cancel,
        }),
    );
  }

  app.post(
    '/nest-customers/me/subscriptions/:id/pause',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: 'Pause one of my subscriptions for a number of periods, when the offer allows it',
        description:
          'The period already paid runs to its end; then `periods` periods are skipped (no charge, no ' +
          'entry), and the subscription resumes by itself. 403 `pause_not_offered` when the offer does ' +
          'not allow it, 422 `pause_too_long` beyond what it allows; 409 when it cannot be paused ' +
          '(`pause_trialing`, `pause_past_due`, `pause_cancelling`, `already_paused`, `pause_not_active`).',
        params: nestSubIdParamsSchema,
        body: customerPauseBodySchema,
        response: {
          200: customerSubscriptionSchema,
          404: problemSchema,
          409: problemSchema,
          422: problemSchema,
          ...problems,
        },
      },
    },
    async (request) =>
      setCustomerPause(ctx, {
        customerId: request.customer!.customerId,
        subscriptionId: request.params.id,
        periods: request.body.periods,
      }),
  );

  app.delete(
    '/nest-customers/me/subscriptions/:id/pause',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: 'Take back a pause of one of my subscriptions before it begins',
        description:
          'Once the paused period has begun only the business can end it early (409 `pause_started`). ' +
          'Not paused is 409 `not_paused`.',
        params: nestSubIdParamsSchema,
        response: { 200: customerSubscriptionSchema, 404: problemSchema, 409: problemSchema, ...problems },
      },
    },
    async (request) =>
      setCustomerPause(ctx, {
        customerId: request.customer!.customerId,
        subscriptionId: request.params.id,
        periods: null,
      }),
  );
};
