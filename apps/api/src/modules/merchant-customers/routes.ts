import {
  exportMerchantCustomersQuerySchema,
  findMerchantCustomersBodySchema,
  isLocale,
  merchantCancellationBodySchema,
  merchantCancellationParamsSchema,
  merchantCustomerDetailSchema,
  merchantCustomerPageSchema,
  merchantCustomerParamsSchema,
  merchantPauseBodySchema,
  merchantSignInLinkSentSchema,
  nestIdParamsSchema,
  problemSchema,
} from '@nest/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema/index.js';
import { merchantId, requireOwnNest } from '../../plugins/auth.js';
import type { SubscriptionSyncHooks } from '../subscriptions/sync-nest-subscription.js';
import { cancelNestSubscription, type MerchantActionContext } from './cancel-subscription.js';
import { exportNestCustomers } from './export-customers.js';
import { findNestCustomers } from './find-customers.js';
import { getNestCustomerDetail } from './get-customer-detail.js';
import { setNestSubscriptionPause } from './pause-subscription.js';
import { sendSignInLink } from './send-sign-in-link.js';
import { scheduleSubscriptionTotals } from './subscription-totals.js';

/** What the merchant's actions on a subscription answer: the customer's detail, or a problem. */
const actionAnswers = {
  200: merchantCustomerDetailSchema,
  401: problemSchema,
  404: problemSchema,
  409: problemSchema,
  429: problemSchema,
};

/** The subscription an action names (in the merchant's own nest only) and who acts. */
async function subscriptionAction(
  request: FastifyRequest & { params: { nestId: string; customerId: string; subscriptionId: string } },
) {
  const nest = await requireOwnNest(request, request.params.nestId);
  return {
    nestId: nest.id,
    customerId: request.params.customerId,
    subscriptionId: request.params.subscriptionId,
    merchantId: merchantId(request),
  };
}

/** The merchant's customers screen: who subscribed to the nest, searchable, a page at a time. */
export const merchantCustomerRoutes: FastifyPluginAsyncZod<{ hooks: SubscriptionSyncHooks }> = async (
  app,
  { hooks },
) => {
  const actions: MerchantActionContext = {
    db: app.db,
    provider: app.payments,
    jobs: app.jobs,
    publicUrl: app.config.publicUrl,
    hooks,
    rateLimiter: app.rateLimiter,
  };
  scheduleSubscriptionTotals(app);

  app.post(
    '/nests/:nestId/nest-customers/find',
    {
      // Sign-in first, so a visitor gets 401 whatever the body holds.
      preValidation: app.requireMerchant,
      schema: {
        tags: ['customers'],
        summary: 'The nest’s customers with their subscriptions (`me`, or the nest’s id)',
        description:
          'One row per subscription in the nest, with its customer. `query` matches part of the name or ' +
          'email (case-insensitive); `status`, `offer_id`, `past_due` (past due or unpaid) and `paused` (a ' +
          'pause under way or to come) narrow the ' +
          'rows; `sort` and `direction` order them (newest subscription first by default). Only this ' +
          'nest’s subscriptions and payments are shown. Another merchant’s nest is 404. Pass ' +
          '`next_cursor` back as `cursor`, with the same filters and sort, for the next page.',
        security: [{ merchantSession: [] }],
        params: nestIdParamsSchema,
        body: findMerchantCustomersBodySchema,
        response: {
          200: merchantCustomerPageSchema,
          400: problemSchema,
          401: problemSchema,
          404: problemSchema,
        },
      },
    },
    async (request) => {
      const nest = await requireOwnNest(request, request.params.nestId);
      return findNestCustomers(app.db, nest.id, request.body);
    },
  );

  app.get(
    '/nests/:nestId/nest-customers/export',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags: ['customers'],
        summary: 'The customers table as CSV (`me`, or the nest’s id)',
        description:
          'Every row matching the filters of the customers table (the same fields as `find`, in the query ' +
          'string), streamed as `text/csv` (UTF-8 with a byte order mark): a header row in the merchant’s ' +
          'language, dates in ISO 8601 (UTC), amounts in euros with two decimals. Another merchant’s ' +
          'nest is 404.',
        security: [{ merchantSession: [] }],
        params: nestIdParamsSchema,
        querystring: exportMerchantCustomersQuerySchema,
        produces: ['text/csv'],
        response: {
          200: z.string().describe('The CSV file'),
          400: problemSchema,
          401: problemSchema,
          404: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const nest = await requireOwnNest(request, request.params.nestId);
      const [merchant] = await app.db
        .select({ locale: users.locale })
        .from(users)
        .where(eq(users.id, merchantId(request)));
      const locale = isLocale(merchant?.locale) ? merchant.locale : 'en-US';
      const { past_due, paused, ...filters } = request.query;
      const csv = exportNestCustomers(
        app.db,
        nest.id,
        { ...filters, past_due: past_due === 'true', paused: paused === 'true' },
        locale,
      );
      const day = new Date().toISOString().slice(0, 10);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="customers-${day}.csv"`)
        .header('cache-control', 'no-store');
      // A stream is sent as it is read, never serialised: the 200 schema only documents it.
      return reply.send(csv as unknown as string);
    },
  );

  app.get(
    '/nests/:nestId/nest-customers/:customerId',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags: ['customers'],
        summary: 'One customer of the nest, in detail (`me`, or the nest’s id)',
        description:
          'The customer’s subscriptions in this nest, their invoices (paid or being collected), payments ' +
          'and refunds (with what is left to refund), their verifications at the counter, the rewards ' +
          'they earned and redeemed, their history and the emails sent to them, newest first. A ' +
          'customer without a subscription in this nest, or another merchant’s nest, is 404.',
        security: [{ merchantSession: [] }],
        params: merchantCustomerParamsSchema,
        response: { 200: merchantCustomerDetailSchema, 401: problemSchema, 404: problemSchema },
      },
    },
    async (request) => {
      const nest = await requireOwnNest(request, request.params.nestId);
      return getNestCustomerDetail(app.db, nest.id, request.params.customerId);
    },
  );

  app.post(
    '/nests/:nestId/nest-customers/:customerId/sign-in-link',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags: ['customers'],
        summary: 'Send the customer a new sign-in email (their area and pass)',
        description:
          'Emails the customer a fresh sign-in code and link to their area, where their pass is (earlier ' +
          'ones stop working). At most 3 an hour per customer and 30 an hour per nest (429 with ' +
          'Retry-After). A customer without a subscription in this nest, or another merchant’s nest, is 404.',
        security: [{ merchantSession: [] }],
        params: merchantCustomerParamsSchema,
        response: {
          202: merchantSignInLinkSentSchema,
          401: problemSchema,
          404: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const nest = await requireOwnNest(request, request.params.nestId);
      const sent = await sendSignInLink(app, {
        nestId: nest.id,
        customerId: request.params.customerId,
        merchantId: merchantId(request),
      });
      return reply.status(202).send(sent);
    },
  );

  app.post(
    '/nests/:nestId/nest-customers/:customerId/subscriptions/:subscriptionId/cancellation',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags: ['customers'],
        summary: 'Cancel a customer’s subscription, now or at period end, or take a cancellation back',
        description:
          '`when`: `now` ends the subscription at once at the payment provider (no further charge); with ' +
          '`refund: prorated` the unused part of the paid period (`unused_cents` of the subscription in the ' +
          'detail) is also refunded through the provider, counted against the refund limit (20 an hour), ' +
          'and shows in the payments and the history when the provider’s event arrives. `period_end` lets it run until the end of the paid period (the ' +
          'customer is emailed a confirmation), `undo` takes a cancellation at period end back. Recorded ' +
          'in the customer’s history with the merchant’s id; answers the customer’s detail. Repeating ' +
          'the same request changes nothing. At most 60 an hour per nest (429 with Retry-After). An ' +
          'ended subscription is 409 `subscription_ended`; another merchant’s nest, or a subscription ' +
          'of another nest or customer, is 404.',
        security: [{ merchantSession: [] }],
        params: merchantCancellationParamsSchema,
        body: merchantCancellationBodySchema,
        response: {
          ...actionAnswers,
          400: problemSchema,
        },
      },
    },
    async (request) => {
      return cancelNestSubscription(actions, {
        ...(await subscriptionAction(request)),
        when: request.body.when,
        refund: request.body.refund,
      });
    },
  );

  app.post(
    '/nests/:nestId/nest-customers/:customerId/subscriptions/:subscriptionId/pause',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags: ['customers'],
        summary: 'Pause a customer’s subscription for a number of billing periods',
        description:
          'The period already paid runs to its end; then `periods` billing periods are skipped (Stripe’s ' +
          '`pause_collection`, invoices voided: no charge), the customer is refused at the counter as ' +
          '“paused until …”, and the subscription resumes and is billed again by itself at the end of ' +
          'the last one. Recorded in the customer’s history with the merchant’s id; answers the ' +
          'customer’s detail. 409 when it cannot be paused: `pause_not_active` (ended), ' +
          '`pause_trialing`, `pause_past_due`, `pause_cancelling` (ends at period end), ' +
          '`already_paused`. At most 60 actions an hour per nest (429). Another merchant’s nest, or ' +
          'a subscription of another nest or customer, is 404.',
        security: [{ merchantSession: [] }],
        params: merchantCancellationParamsSchema,
        body: merchantPauseBodySchema,
        response: {
          ...actionAnswers,
          400: problemSchema,
        },
      },
    },
    async (request) => {
      return setNestSubscriptionPause(actions, {
        ...(await subscriptionAction(request)),
        periods: request.body.periods,
      });
    },
  );

  app.delete(
    '/nests/:nestId/nest-customers/:customerId/subscriptions/:subscriptionId/pause',
    {
      preValidation: app.requireMerchant,
      schema: {
        tags: ['customers'],
        summary: 'End a customer’s pause early',
        description:
          'Billing resumes at the next renewal and the customer is let in again at once (even within a ' +
          'paused period: the merchant’s call). Recorded in the history; answers the customer’s ' +
          'detail. Not paused is 409 `not_paused`. Another merchant’s nest, or a subscription of ' +
          'another nest or customer, is 404.',
        security: [{ merchantSession: [] }],
        params: merchantCancellationParamsSchema,
        response: {
          ...actionAnswers,
        },
      },
    },
    async (request) => {
      return setNestSubscriptionPause(actions, {
        ...(await subscriptionAction(request)),
        periods: null,
      });
    },
  );
};
