import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthenticated } from '../lib/errors.js';
import { findSessionByAccessToken } from '../modules/auth/find-session.js';
import { readAccessToken } from '../modules/auth/session-cookies.js';

/**
 * Merchant authentication for every route that needs it: `preHandler: app.requireMerchant` answers
 * 401 unless the request carries a live access token (cookie, or Authorization: Bearer), and sets
 * request.merchant to who is signed in.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('merchant', undefined);
    app.decorate('requireMerchant', async (request: FastifyRequest) => {
      const token = readAccessToken(request, app.config);
      const principal = token ? await findSessionByAccessToken(app.db, token) : null;
      if (!principal) throw unauthenticated();
      request.merchant = principal;
    });
  },
  { name: 'auth' },
);
