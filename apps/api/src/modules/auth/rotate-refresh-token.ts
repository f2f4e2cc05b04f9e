import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { refreshTokens, sessions } from '../../db/schema/index.js';
import { generateToken, hashToken } from '../../lib/tokens.js';
import { revokeSession } from './revoke-sessions.js';
import type { SessionTokens } from './session-cookies.js';
import { ACCESS_TOKEN_TTL_MS } from './session-policy.js';

export type RotationResult =
  | ({ outcome: 'rotated'; userId: string; sessionId: string } & SessionTokens)
  /** The token had already been rotated: someone holds a copy. The whole family is now revoked. */
  | { outcome: 'reused'; userId: string; sessionId: string }
  /** Unknown token, or its session is revoked or past its absolute end. */
  | { outcome: 'invalid' };

/**
 * Trades a refresh token for a new access token and a new refresh token; the presented one dies.
 * Claiming the token is a single conditional UPDATE, so of two concurrent uses exactly one wins and
 * the other counts as reuse.
 */
export async function rotateRefreshToken(db: Db, refreshToken: string): Promise<RotationResult> {
  const tokenHash = hashToken(refreshToken);
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
    const accessToken = generateToken();
    const nextRefreshToken = generateToken();
    // The access token never outlives the session it belongs to.
    const accessExpiresAt = new Date(
      Math.min(now.getTime() + ACCESS_TOKEN_TTL_MS, session.expiresAt.getTime()),
    );
    await tx
      .update(sessions)
      .set({ accessTokenHash: hashToken(accessToken), accessExpiresAt, lastUsedAt: now })
      .where(eq(sessions.id, session.id));
    await tx.insert(refreshTokens).values({ sessionId: session.id, tokenHash: hashToken(nextRefreshToken) });
    return {
      outcome: 'rotated',
      userId: session.userId,
      sessionId: session.id,
      accessToken,
      refreshToken: nextRefreshToken,
      accessExpiresAt,
      expiresAt: session.expiresAt,
    } as const;
  });
  if (rotated) return rotated;

  // Not claimable: unknown, or already used. A used token presented again is the sign of a stolen copy.
  const [used] = await db
    .select({ sessionId: refreshTokens.sessionId, userId: sessions.userId })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  if (!used) return { outcome: 'invalid' };
  await revokeSession(db, used.sessionId, 'refresh_token_reuse');
  return { outcome: 'reused', userId: used.userId, sessionId: used.sessionId };
}
