import {
  dataExportParamsSchema,
  dataExportRequestedSchema,
  deleteCustomerBodySchema,
  deleteMerchantBodySchema,
  problemSchema,
} from '@nest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { merchantId } from '../../plugins/auth.js';
import { clearSessionCookies } from '../auth/session-cookies.js';
import { clearCustomerCookie } from '../customers/customer-cookie.js';
import type { SubscriptionSyncHooks } from '../subscriptions/sync-nest-subscription.js';
import { downloadDataExport, registerDataExportJobs, requestDataExport } from './data-export.js';
import { eraseCustomer } from './erase-customer.js';
import { type ErasureContext, eraseMerchant } from './erase-merchant.js';

const tags = ['privacy'];
const noContent = z.null().describe('No content');

/**
 * Data protection (ADR 171): a merchant or a customer downloads their data (a job prepares a ZIP and
 * emails a link that expires) and erases their account.
 */
export const privacyRoutes: FastifyPluginAsyncZod<{ hooks: SubscriptionSyncHooks }> = async (
  app,
  { hooks },
) => {
  registerDataExportJobs(app);
  const erasure: ErasureContext = {
    db: app.db,
    provider: app.payments,
    jobs: app.jobs,
    publicUrl: app.config.publicUrl,
    hooks,
  };

  app.post(
    '/users/me/data-export',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags,
        security: [{ merchantSession: [] }],
        summary: 'Ask for a copy of all the merchant’s data',
        description:
          'A job prepares a ZIP of JSON and CSV files (account, plan, nest, offers, links, customers, ' +
          'subscriptions, invoices, transactions, receipts, check-ins, rewards, history, checkouts) and ' +
          'emails a download link that works for 7 days. At most 5 a day (429 with Retry-After).',
        response: {
          202: dataExportRequestedSchema,
          401: problemSchema,
          403: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const requested = await requestDataExport(app, { kind: 'merchant', userId: merchantId(request) });
      return reply.status(202).send(requested);
    },
  );

  app.post(
    '/nest-customers/me/data-export',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: 'Ask for a copy of all the customer’s data',
        description:
          'A job prepares a ZIP of JSON and CSV files (account, subscriptions in every nest, invoices, ' +
          'payments, check-ins, rewards, history) and emails a download link that works for 7 days. ' +
          'At most 5 a day (429 with Retry-After).',
        response: {
          202: dataExportRequestedSchema,
          401: problemSchema,
          403: problemSchema,
          429: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const customerId = request.customer!.customerId;
      return reply.status(202).send(await requestDataExport(app, { kind: 'customer', customerId }));
    },
  );

  app.get(
    '/data-exports/:token',
    {
      schema: {
        tags,
        summary: 'Download a data export',
        description:
          'The emailed link: the token is the credential. An unknown token is 404; once expired, 410 ' +
          '`export_expired`.',
        params: dataExportParamsSchema,
        response: {
          200: z.any().describe('application/zip'),
          404: problemSchema,
          410: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await downloadDataExport(app.db, request.params.token);
      const day = file.createdAt.toISOString().slice(0, 10);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="nest-data-${day}.zip"`)
        .type('application/zip')
        .send(file.bytes);
    },
  );

  app.delete(
    '/users/me',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags,
        security: [{ merchantSession: [] }],
        summary: 'Erase the merchant account',
        description:
          'Needs the password (422 `wrong_current_password`). While customers are still subscribed: ' +
          '409 `active_subscribers` unless `cancel_subscriptions` is true, which ends each of them now at ' +
          'the payment provider first. The plan stops renewing. Personal data is erased; invoices, ' +
          'payments and receipts are kept anonymised for the legal retention period. Signs out.',
        body: deleteMerchantBodySchema,
        response: {
          204: noContent,
          400: problemSchema,
          401: problemSchema,
          403: problemSchema,
          409: problemSchema,
          422: problemSchema,
        },
      },
    },
    async (request, reply) => {
      await eraseMerchant(erasure, {
        userId: merchantId(request),
        password: request.body.password,
        cancelSubscriptions: request.body.cancel_subscriptions,
      });
      request.log.info({ event: 'merchant_erased', userId: merchantId(request) }, 'merchant account erased');
      clearSessionCookies(reply, app.config);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/nest-customers/me',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: 'Erase the customer account',
        description:
          'Needs the account’s email typed again (422 `wrong_email`). While a subscription still renews: ' +
          '409 `active_subscribers` (cancel it first); one already cancelled at period end ends now. ' +
          'Personal data is erased; invoices and payments stay with each merchant, anonymised, for the ' +
          'legal retention period. Signs out.',
        body: deleteCustomerBodySchema,
        response: {
          204: noContent,
          400: problemSchema,
          401: problemSchema,
          403: problemSchema,
          409: problemSchema,
          422: problemSchema,
        },
      },
    },
    async (request, reply) => {
      const customerId = request.customer!.customerId;
      await eraseCustomer(erasure, { customerId, email: request.body.email });
      request.log.info({ event: 'customer_erased', customerId }, 'customer account erased');
      clearCustomerCookie(reply, app.config);
      return reply.status(204).send(null);
    },
  );
};
