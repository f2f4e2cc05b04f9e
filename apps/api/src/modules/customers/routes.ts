import {
  customerInvoiceListSchema,
  customerLoginBodySchema,
  customerLoginSentSchema,
  customerPassSchema,
  customerRetryBodySchema,
  customerRetryResultSchema,
  customerSubscriptionSchema,
  nestCustomerSchema,
  nestSubIdParamsSchema,
  problemSchema,
  redirectUrlSchema,
} from '@nest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthenticated } from '../../lib/errors.js';
import { requestLocale } from '../../lib/i18n.js';
import { refuseCrossSite } from '../auth/refuse-cross-site.js';
import { startCardUpdate } from './card-update.js';
import { clearCustomerCookie, readCustomerToken, setCustomerCookie } from './customer-cookie.js';
import { listSubscriptionInvoices, requireOwnSubscription } from './customer-invoices.js';
import { findCustomerSessionId, revokeCustomerSession } from './customer-session.js';
import { getCustomer } from './get-customer.js';
import { logInCustomer } from './log-in-customer.js';
import { registerCustomerLoginJob } from './login-code-job.js';
import { requestLoginCode } from './request-login-code.js';
import { retryInvoices } from './retry-invoices.js';
import { setCancellation } from './set-cancellation.js';
import { getSubscriptionPass } from './subscription-pass.js';

const tags = ['customers'];
const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 429: problemSchema };
const noContent = z.null().describe('No content');

/** The customer area: passwordless sign-in, the customer and their subscriptions, sign-out. */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCustomerLoginJob(app);

  app.post(
    '/nest-customers/login',
    {
      schema: {
        tags,
        summary: 'Sign a customer in with an emailed code or link',
        description:
          '`{ email }` emails a 6-digit code and a sign-in link (valid 15 minutes, once) and answers a plain ' +
          'message, the same whether or not the email is a customer. `{ email, code }` or `{ email, token }` ' +
          'opens the session (httpOnly cookie) and answers the customer. Any failure is the same 401; five ' +
          'wrong codes burn the code. Requests are limited per email and per address (429 with Retry-After).',
        body: customerLoginBodySchema,
        response: { 200: z.union([nestCustomerSchema, customerLoginSentSchema]), ...problems },
      },
    },
    async (request, reply) => {
      const { email, code, token } = request.body;
      if (!code && !token) {
        const message = await requestLoginCode(app, {
          email,
          ip: request.ip,
          locale: requestLocale(request),
        });
        // A JSON string, so clients that parse every answer as JSON read the message as it is.
        return reply.type('application/json; charset=utf-8').send(JSON.stringify(message));
      }
      const signedIn = await logInCustomer(app, {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        previousToken: readCustomerToken(request, app.config),
      }).catch((error: unknown) => {
        // A failed login leaves no customer account behind in this browser.
        clearCustomerCookie(reply, app.config);
        throw error;
      });
      setCustomerCookie(reply, app.config, signedIn.session);
      return signedIn.customer;
    },
  );

  app.get(
    '/nest-customers/me',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags,
        summary: 'The signed-in customer',
        description: 'The customer with every subscription across nests.',
        response: { 200: nestCustomerSchema, 401: problemSchema },
      },
    },
    async (request) => {
      const customer = await getCustomer(app.db, request.customer!.customerId);
      if (!customer) throw unauthenticated();
      return customer;
    },
  );

  app.get(
    '/nest-customers/logout',
    {
      schema: {
        tags,
        summary: 'Sign the customer out',
        description:
          'Revokes the session on the server and clears its cookie. Answers 204 even without a session.',
        response: { 204: noContent, 403: problemSchema },
      },
    },
    async (request, reply) => {
      refuseCrossSite(request);
      const token = readCustomerToken(request, app.config);
      const sessionId = token ? await findCustomerSessionId(app.db, token) : null;
      if (sessionId && (await revokeCustomerSession(app.db, sessionId, 'logout'))) {
        request.log.info({ event: 'customer_logout', sessionId }, 'customer logged out');
      }
      clearCustomerCookie(reply, app.config);
      return reply.status(204).send(null);
    },
  );

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
      async (request) => {
        const subscription = await requireOwnSubscription(
          app.db,
          request.customer!.customerId,
          request.params.id,
        );
        return { invoices: await listSubscriptionInvoices(app.db, subscription.id, which) };
      },
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
      retryInvoices(app, {
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
      startCardUpdate(app, {
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
        setCancellation(app, {
          customerId: request.customer!.customerId,
          subscriptionId: request.params.id,
          cancel,
        }),
    );
  }
};
