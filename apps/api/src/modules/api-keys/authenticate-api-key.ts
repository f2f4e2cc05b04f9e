import { API_KEY_PATTERN, API_KEY_RATE_LIMIT_PER_MINUTE, type ApiKeyScope } from '@nest/contracts';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { param, prepared } from '../../db/prepared.js';
import { apiKeys, planSubscriptions } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { hashToken } from '../../lib/tokens.js';
import type { MerchantPrincipal } from '../../types.js';
import { livePlanOf } from '../plans/find-merchant-plan.js';
import { planGivesApi } from './api-access.js';
import { scopesAllow } from './key-scopes.js';

/** last_used_at is written at most this often per key (a busy integration does not write on every call). */
const LAST_USED_RESOLUTION_MS = 60_000;
const RATE_WINDOW_MS = 60_000;

/** The key of an `Authorization: Bearer nest_…` header, or undefined (a session token, or nothing). */
export function readApiKey(request: FastifyRequest): string | undefined {
  const match = request.headers.authorization?.match(/^Bearer\s+(nest_\S*)$/);
  return match?.[1];
}

/** The key of a hash with its owner's plan subscription (prepared: every API call reads it). */
const keyByHash = prepared('api_key_by_hash', (db, name) =>
  db
    .select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      nestId: apiKeys.nestId,
      scopes: apiKeys.scopes,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      plan: planSubscriptions.plan,
      planStatus: planSubscriptions.status,
    })
    .from(apiKeys)
    .leftJoin(planSubscriptions, eq(planSubscriptions.userId, apiKeys.userId))
    .where(eq(apiKeys.keyHash, param('hash')))
    .limit(1)
    .prepare(name),
);

/** The scope the route's OpenAPI security gives API keys, or null when the route is session-only. */
function routeScope(request: FastifyRequest): ApiKeyScope | null {
  const security = (request.routeOptions.schema as { security?: Record<string, string[]>[] } | undefined)
    ?.security;
  const entry = security?.find((item) => item.bearerAuth);
  return (entry?.bearerAuth?.[0] as ApiKeyScope | undefined) ?? null;
}

/**
 * The merchant behind an API key, checked on every request against the database (a revocation, an
 * expiry or a downgrade takes effect at once, on every process): 401 api_key_invalid for an unknown,
 * revoked or expired key; 403 api_key_plan_disabled below Enterprise; 403 api_key_not_allowed on a
 * session-only route; 403 api_key_scope_missing without the route's scope; 429 past the key's rate.
 */
export async function authenticateApiKey(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
): Promise<MerchantPrincipal> {
  const app = request.server;
  if (!API_KEY_PATTERN.test(key)) throw new AppError('api_key_invalid');
  const now = new Date();
  const [row] = await keyByHash(app.db).execute({ hash: hashToken(key) });
  if (!row || row.revokedAt || (row.expiresAt && row.expiresAt <= now)) throw new AppError('api_key_invalid');
  const plan = row.plan && row.planStatus ? livePlanOf({ plan: row.plan, status: row.planStatus }) : null;
  if (!planGivesApi(plan)) throw new AppError('api_key_plan_disabled');
  const scope = routeScope(request);
  if (!scope) throw new AppError('api_key_not_allowed');
  if (!scopesAllow(row.scopes, scope)) throw new AppError('api_key_scope_missing', { params: { scope } });

  const result = await app.rateLimiter.hit(
    `api-key:${row.id}`,
    API_KEY_RATE_LIMIT_PER_MINUTE,
    RATE_WINDOW_MS,
  );
  const headers = {
    'ratelimit-limit': String(API_KEY_RATE_LIMIT_PER_MINUTE),
    'ratelimit-remaining': String(Math.max(0, API_KEY_RATE_LIMIT_PER_MINUTE - result.count)),
    'ratelimit-reset': String(result.retryAfterSeconds),
  };
  if (!result.allowed) {
    throw new AppError('rate_limited', {
      params: { seconds: result.retryAfterSeconds },
      headers: { ...headers, 'retry-after': String(result.retryAfterSeconds) },
    });
  }
  reply.headers(headers);

  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await app.db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.id, row.id),
          or(
            isNull(apiKeys.lastUsedAt),
            lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)),
          ),
        ),
      );
  }
  return { userId: row.userId, sessionId: row.id, apiKey: { id: row.id, nestId: row.nestId } };
}
