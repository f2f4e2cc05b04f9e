import { and, eq, gt, gte, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { refreshTokens, sessions } from '../../db/schema/index.js';
import { deriveToken, generateToken, hashToken } from '../../lib/tokens.js';
import { revokeSession } from './revoke-sessions.js';
import type { SessionTokens } from './session-cookies.js';
import { ACCESS_TOKEN_TTL_MS, ROTATION_RETRY_WINDOW_MS } from './session-policy.js';

export type RotationResult =
  | ({
      outcome: 'rotated';
      userId: string;
      sessionId: string;
      /** The same rotation asked again (its answer was lost), answered with the same tokens. */
      retried: boolean;
    } & SessionTokens)
  /** The token had already been rotated: someone holds a copy. The whole family is now revoked. */
  | { outcome: 'reused'; userId: string; sessionId: string }
  /** Unknown token, or its session is revoked or past its absolute end. */
  | { outcome: 'invalid' };

/**
 * The tokens a rotation hands out. With the client's Idempotency-Key they are derived from the
 * presented refresh token and that key (ADR 219): asking the same rotation again yields the same
 * tokens, and only the holder of both can compute them. Without a key they are random.
 */
function nextTokens(refreshToken: string, retryKey: string | undefined) {
  if (!retryKey) return { accessToken: generateToken(), refreshToken: generateToken() };
  return {
    accessToken: deriveToken(refreshToken, `access:${retryKey}`),
    refreshToken: deriveToken(refreshToken, `refresh:${retryKey}`),
  };
}

/**
 * Trades a refresh token for a new access token and a new refresh token; the presented one dies.
 * Claiming the token is a single conditional UPDATE, so of two concurrent uses exactly one wins.
 *
 * A used token presented again is a copy, and revokes its whole family, except for one case: the
 * same rotation asked again by the client whose answer never arrived (the page was left or the network
 * dropped while it was under way). That request carries the same Idempotency-Key, within
 * ROTATION_RETRY_WINDOW_MS, and the tokens that rotation made have never been used: it is answered
 * with those same tokens, and nothing changes (ADR 219).
 */
export async function rotateRefreshToken(
  db: Db,
  refreshToken: string,
  retryKey?: string,
): Promise<RotationResult> {
  const tokenHash = hashToken(refreshToken);
  const next = nextTokens(refreshToken, retryKey);
  const rotated = await db.transaction(async (tx) => {
    const now = new Date();
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
      .returning({ sessionId: refreshTokens.sessionId });
    if (!claimed) return null;
    const [session] = await tx
      .select({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(eq(sessions.id, claimed.sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
      .limit(1);
    if (!session) return { outcome: 'invalid' } as const;
    // The access token never outlives the session it belongs to.
    const accessExpiresAt = new Date(
      Math.min(now.getTime() + ACCESS_TOKEN_TTL_MS, session.expiresAt.getTime()),
    );
    await tx
      .update(sessions)
      .set({ accessTokenHash: hashToken(next.accessToken), accessExpiresAt, lastUsedAt: now })
      .where(eq(sessions.id, session.id));
    await tx.insert(refreshTokens).values({ sessionId: session.id, tokenHash: hashToken(next.refreshToken) });
    return {
      outcome: 'rotated',
      retried: false,
      userId: session.userId,
      sessionId: session.id,
      ...next,
      accessExpiresAt,
      expiresAt: session.expiresAt,
    } as const;
  });
  if (rotated) return rotated;

  // Not claimable: unknown, or already used.
  const [used] = await db
    .select({ sessionId: refreshTokens.sessionId, userId: sessions.userId, usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  if (!used) return { outcome: 'invalid' };
  const retried = retryKey ? await sameRotationAgain(db, used, next) : null;
  if (retried) return retried;
  // A used token presented again is the sign of a stolen copy.
  await revokeSession(db, used.sessionId, 'refresh_token_reuse');
  return { outcome: 'reused', userId: used.userId, sessionId: used.sessionId };
}

/**
 * The rotation of `used` asked again with the same key: its successor (derived, so it exists only if
 * that key made it) is still unused, the session's access token is still the one it made, the session
 * is alive, and the rotation is recent. Then its tokens are answered again, unchanged.
 */
async function sameRotationAgain(
  db: Db,
  used: { sessionId: string; userId: string; usedAt: Date | null },
  next: { accessToken: string; refreshToken: string },
): Promise<Extract<RotationResult, { outcome: 'rotated' }> | null> {
  const now = new Date();
  if (!used.usedAt || now.getTime() - used.usedAt.getTime() > ROTATION_RETRY_WINDOW_MS) return null;
  const [session] = await db
    .select({ accessExpiresAt: sessions.accessExpiresAt, expiresAt: sessions.expiresAt })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(
      and(
        eq(refreshTokens.tokenHash, hashToken(next.refreshToken)),
        eq(refreshTokens.sessionId, used.sessionId),
        isNull(refreshTokens.usedAt),
        eq(sessions.accessTokenHash, hashToken(next.accessToken)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gte(sessions.accessExpiresAt, now),
      ),
    )
    .limit(1);
  if (!session) return null;
  return {
    outcome: 'rotated',
    retried: true,
    userId: used.userId,
    sessionId: used.sessionId,
    ...next,
    accessExpiresAt: session.accessExpiresAt,
    expiresAt: session.expiresAt,
  };
}
