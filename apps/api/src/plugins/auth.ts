import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, notFound, unauthenticated } from '../lib/errors.js';
import { authenticateApiKey, readApiKey } from '../modules/api-keys/authenticate-api-key.js';
import { apiKeyScopeOf } from '../modules/api-keys/key-scopes.js';
import { findSessionByAccessToken } from '../modules/auth/find-session.js';
import { readAccessToken } from '../modules/auth/session-cookies.js';
import { findNestOfOwner, findOwnNestById } from '../modules/nests/find-nest.js';
import type { NestRow } from '../modules/nests/nest-view.js';

/**
 * Merchant authentication for every route that needs it: `preHandler: app.requireMerchant` answers
 * 401 unless the request carries a live access token (cookie, or Authorization: Bearer), or an API key
 * (`Authorization: Bearer nest_…`) on a route that accepts keys, and sets request.merchant to who is
 * signed in. Routes that accept keys are the merchant routes `api-keys/key-scopes.ts` names: this
 * plugin adds their `bearerAuth` security (with the scope) to their schema, which the OpenAPI
 * document shows and the key check reads (ADR 175).
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('merchant', undefined);
    app.addHook('onRoute', (route) => {
      const schema = route.schema as { security?: Record<string, string[]>[] } | undefined;
      if (!schema?.security?.some((item) => item.merchantSession)) return;
      const method = Array.isArray(route.method) ? route.method[0] : route.method;
      const scope = apiKeyScopeOf(String(method), route.url);
      if (scope && !schema.security.some((item) => item.bearerAuth)) {
        schema.security = [...schema.security, { bearerAuth: [scope] }];
      }
    });
    // A key is checked before the body is read or validated, on every merchant route (a session-only
    // route refuses it whatever the order of its hooks).
    app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const apiKey = readApiKey(request);
      if (!apiKey) return;
      const schema = request.routeOptions.schema as { security?: Record<string, string[]>[] } | undefined;
      if (!schema?.security?.some((item) => item.merchantSession)) return;
      request.merchant = await authenticateApiKey(request, reply, apiKey);
    });
    app.decorate('requireMerchant', async (request: FastifyRequest) => {
      if (request.merchant?.apiKey) return;
      if (readApiKey(request)) throw new AppError('api_key_not_allowed');
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
  const read = request.merchant?.ownNest;
  const nest =
    idOrMe !== 'me'
      ? await findOwnNestById(db, ownerId, idOrMe)
      : read !== undefined
        ? (read ?? undefined)
        : await findNestOfOwner(db, ownerId);
  // An API key opens the one nest it was made for.
  const keyNest = request.merchant?.apiKey?.nestId;
  if (nest && keyNest && nest.id !== keyNest) throw notFound();
  if (nest) return nest;
  throw whenMissing === 'nest_required' ? new AppError('nest_required', { status: 409 }) : notFound();
}
