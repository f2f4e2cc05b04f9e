import {
  customerLoginBodySchema,
  customerLoginResultSchema,
  nestCustomerSchema,
  problemSchema,
} from '@nest/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthenticated } from '../../lib/errors.js';
import { requestLocale } from '../../lib/i18n.js';
import { refuseCrossSite } from '../auth/refuse-cross-site.js';
import type { CheckInCounters } from '../subscriptions/customer-subscriptions.js';
import { clearCustomerCookie, readCustomerToken, setCustomerCookie } from './customer-cookie.js';
import { findCustomerSessionId, revokeCustomerSession } from './customer-session.js';
import { getCustomer } from './get-customer.js';
import { registerLockoutEmailJob } from './lockout-email-job.js';
import { logInCustomer } from './log-in-customer.js';
import { registerCustomerLoginJob } from './login-code-job.js';
import { requestLoginCode } from './request-login-code.js';

const tags = ['customers'];
const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 429: problemSchema };
const noContent = z.null().describe('No content');

/** The customer area: passwordless sign-in, the customer and their subscriptions, sign-out. The actions on a subscription are the subscriptions module's. */
/** `checkInCounters` come from verification through routes.ts, for the subscription cards of `me`. */
export const customerRoutes: FastifyPluginAsyncZod<{ checkInCounters: CheckInCounters }> = async (
  app,
  { checkInCounters },
) => {
  registerCustomerLoginJob(app);
  registerLockoutEmailJob(app);

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
          'wrong codes burn the code. Requests are limited per email and per address (429 with Retry-After); ' +
          '30 failed sign-ins for an email within a day lock sign-in by code for that email for a day ' +
          '(the same 429; the emailed link still works).',
        body: customerLoginBodySchema,
        response: { 200: customerLoginResultSchema, ...problems },
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
      const previousToken = readCustomerToken(request, app.config);
      const attempt = {
        ...request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        previousToken,
      };
      try {
        const signedIn = await logInCustomer(app, attempt, checkInCounters);
        setCustomerCookie(reply, app.config, signedIn.session);
        return signedIn.customer;
      } catch (error) {
        // A failed login leaves no customer account behind in this browser.
        clearCustomerCookie(reply, app.config);
        throw error;
      }
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
      const customer = await getCustomer(app.db, request.customer!.customerId, checkInCounters);
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
};
