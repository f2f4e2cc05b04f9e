import { randomBytes } from 'node:crypto';
import {
  API_KEY_LIVE_PREFIX,
  API_KEY_TEST_PREFIX,
  API_KEYS_MAX,
  type ApiKeyList,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@nest/contracts';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { apiKeys } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { hashToken } from '../../lib/tokens.js';
import { findMerchantPlan } from '../plans/find-merchant-plan.js';
import { planGivesApi, requireApiAccess } from './api-access.js';
import { apiKeyView } from './api-key-view.js';

/** Characters of the key kept in clear to recognise it in the list (`nest_live_` and 6 more). */
const VISIBLE_CHARACTERS = 6;

/** A new key: its prefix says the mode, 256 random bits follow. Only its hash is stored. */
export function generateApiKey(mode: 'live' | 'test'): string {
  return `${mode === 'live' ? API_KEY_LIVE_PREFIX : API_KEY_TEST_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** Creates a key for the merchant's nest: 403 plan_required below Enterprise, 409 past API_KEYS_MAX. */
export async function createApiKey(
  db: Db,
  input: { userId: string; nestId: string; mode: 'live' | 'test'; body: CreateApiKeyBody },
): Promise<CreatedApiKey> {
  const expiresAt = input.body.expires_at ? new Date(input.body.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) {
    throw new AppError('validation_failed', {
      fields: [{ field: 'expires_at', code: 'in_past', message: 'expires_at' }],
    });
  }
  return db.transaction(async (tx) => {
    await requireApiAccess(tx, input.userId);
    // One creation at a time per merchant, so the limit holds under concurrent requests.
    await tx.execute(sqlLock(input.userId));
    const [live] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, input.userId), isNull(apiKeys.revokedAt)));
    if ((live?.n ?? 0) >= API_KEYS_MAX) {
      throw new AppError('api_keys_limit_reached', { params: { max: API_KEYS_MAX } });
    }
    const key = generateApiKey(input.mode);
    const prefix = key.slice(
      0,
      (input.mode === 'live' ? API_KEY_LIVE_PREFIX : API_KEY_TEST_PREFIX).length + VISIBLE_CHARACTERS,
    );
    const [row] = await tx
      .insert(apiKeys)
      .values({
        userId: input.userId,
        nestId: input.nestId,
        name: input.body.name,
        prefix,
        mode: input.mode,
        keyHash: hashToken(key),
        scopes: [...new Set(input.body.scopes)],
        expiresAt,
      })
      .returning();
    if (!row) throw new Error('api key not inserted');
    return { ...apiKeyView(row), key };
  });
}

const sqlLock = (userId: string) => sql`select pg_advisory_xact_lock(hashtext(${`api-keys:${userId}`}))`;

export async function listApiKeys(db: Db, userId: string): Promise<ApiKeyList> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt))
    .limit(200);
  return { api_keys: rows.map(apiKeyView), enabled: planGivesApi(await findMerchantPlan(db, userId)) };
}

/** Revokes a key at once (every process reads the row on each request). Revoking twice changes nothing. */
export async function revokeApiKey(db: Db, userId: string, id: string) {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning();
  if (row) return apiKeyView(row);
  const [existing] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
    .limit(1);
  if (!existing) throw notFound();
  return apiKeyView(existing);
}
