import { and, eq, getTableColumns, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { param, prepared } from '../../db/prepared.js';
import { nests, refreshTokens, sessions } from '../../db/schema/index.js';
import { hashToken } from '../../lib/tokens.js';
import type { MerchantPrincipal } from '../../types.js';
import { LAST_USED_RESOLUTION_MS } from './session-policy.js';

/**
 * The live session of an access token's hash at `now`, with its merchant's nest (prepared: every
 * signed-in request reads it, and most of them the nest next: one round trip for both, ADR 207).
 */
const liveSession = prepared('auth_live_session', (db, name) =>
  db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      lastUsedAt: sessions.lastUsedAt,
      nest: getTableColumns(nests),
    })
    .from(sessions)
    .leftJoin(nests, eq(nests.ownerId, sessions.userId))
    .where(
      and(
        eq(sessions.accessTokenHash, param('hash')),
        isNull(sessions.revokedAt),
        gt(sessions.accessExpiresAt, param('now')),
        gt(sessions.expiresAt, param('now')),
      ),
    )
    .limit(1)
    .prepare(name),
);

/** The merchant behind a live access token, or null (unknown, expired or revoked). */
export async function findSessionByAccessToken(
  db: Db,
  accessToken: string,
): Promise<MerchantPrincipal | null> {
  const now = new Date();
  const [session] = await liveSession(db).execute({ hash: hashToken(accessToken), now: now.toISOString() });
  if (!session) return null;
  if (!session.lastUsedAt || now.getTime() - session.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(sessions.id, session.id),
          or(
            isNull(sessions.lastUsedAt),
            lt(sessions.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)),
          ),
        ),
      );
  }
  return { userId: session.userId, sessionId: session.id, ownNest: session.nest };
}

/**
 * The session a request's tokens belong to, whatever its state (logout must work with an expired
 * access token). Looks at the access token first, then the refresh token.
 */
export async function findSessionIdByTokens(
  db: Db,
  tokens: { accessToken?: string | undefined; refreshToken?: string | undefined },
): Promise<string | null> {
  if (tokens.accessToken) {
    const [byAccess] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.accessTokenHash, hashToken(tokens.accessToken)))
      .limit(1);
    if (byAccess) return byAccess.id;
  }
  if (tokens.refreshToken) {
    const [byRefresh] = await db
      .select({ id: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(tokens.refreshToken)))
      .limit(1);
    if (byRefresh) return byRefresh.id;
  }
  return null;
}
