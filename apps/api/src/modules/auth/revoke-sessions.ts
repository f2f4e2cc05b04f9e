import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { sessions } from '../../db/schema/index.js';
import type { RevokeReason } from './session-policy.js';

/** Ends one session: its access token and every refresh token of its family stop working. */
export async function revokeSession(tx: Tx, sessionId: string, reason: RevokeReason): Promise<boolean> {
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length > 0;
}

/** Ends every session of a merchant, except optionally the one making the request. Returns how many. */
export async function revokeMerchantSessions(
  tx: Tx,
  userId: string,
  reason: RevokeReason,
  options: { exceptSessionId?: string } = {},
): Promise<number> {
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        options.exceptSessionId ? ne(sessions.id, options.exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}
