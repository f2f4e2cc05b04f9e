import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, notFound, unauthenticated } from '../lib/errors.js';
import { findSessionByAccessToken } from '../modules/auth/find-session.js';
import { readAccessToken } from '../modules/auth/session-cookies.js';
import { findNestOfOwner, findOwnNestById } from '../modules/nests/find-nest.js';
import type { NestRow } from '../modules/nests/nest-view.js';

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

/** The signed-in merchant's id (a row of the users table). 401 if the route let a visitor through. */
export function merchantId(request: FastifyRequest): string {
  if (!request.merchant) throw unauthenticated();
  return request.merchant.userId;
}

/** The signed-in merchant's id when a URL names it (`/users/{id}/…`): anyone else's id is not found. */
export function requireOwnMerchantId(request: FastifyRequest, id: string): string {
  const own = merchantId(request);
  if (id !== own) throw notFound();
  return own;
}

/**
 * The signed-in merchant's nest named by a URL: `me`, or its id. Another merchant's id is simply not
 * found. Before onboarding made the nest, `me` is not found either, or 409 nest_required where the
 * action needs a nest first (offers, links, payouts, the logo).
 */
export async function requireOwnNest(
  request: FastifyRequest,
  idOrMe: string,
  whenMissing: 'not_found' | 'nest_required' = 'not_found',
): Promise<NestRow> {
  const ownerId = merchantId(request);
  const { db } = request.server;
  if (idOrMe !== 'me') return findOwnNestById(db, ownerId, idOrMe);
  const nest = await findNestOfOwner(db, ownerId);
  if (nest) return nest;
  throw whenMissing === 'nest_required' ? new AppError('nest_required', { status: 409 }) : notFound();
}
