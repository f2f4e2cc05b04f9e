import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthenticated } from '../lib/errors.js';
import {
  clearCustomerCookie,
  customerCookieName,
  customerHintCookieName,
  readCustomerToken,
  setCustomerCookie,
} from '../modules/customers/customer-cookie.js';
import { findCustomerSession } from '../modules/customers/customer-session.js';

/**
 * Customer authentication for the customer area: `preHandler: app.requireCustomer` answers 401 unless
 * the request carries a live customer session cookie, sets request.customer, and hands the browser
 * the new token when this request rotated it.
 */
export const customerAuthPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('customer', undefined);
    app.decorate('requireCustomer', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = readCustomerToken(request, app.config);
      const found = token ? await findCustomerSession(app.db, token) : null;
      if (!found) {
        // An ended or unknown session: the browser forgets it (and the page's hint) at once.
        const sent = request.cookies ?? {};
        if (customerCookieName(app.config) in sent || customerHintCookieName(app.config) in sent) {
          clearCustomerCookie(reply, app.config);
        }
        throw unauthenticated();
      }
      if (found.rotated) setCustomerCookie(reply, app.config, found.rotated);
      request.customer = found.principal;
    });
  },
  { name: 'customer-auth' },
);
