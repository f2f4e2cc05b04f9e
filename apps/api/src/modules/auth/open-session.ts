import type { Tx } from '../../db/client.js';
import { refreshTokens, sessions } from '../../db/schema/index.js';
import { generateToken, hashToken } from '../../lib/tokens.js';
import type { SessionTokens } from './session-cookies.js';
import { ACCESS_TOKEN_TTL_MS, SESSION_TTL_MS } from './session-policy.js';

export interface OpenedSession extends SessionTokens {
  sessionId: string;
}

/** Starts a session (a new refresh-token family) for a merchant who just proved who they are. */
export async function openSession(
  tx: Tx,
  input: { userId: string; ip?: string; userAgent?: string | undefined },
): Promise<OpenedSession> {
  const now = Date.now();
  const accessToken = generateToken();
  const refreshToken = generateToken();
  const expiresAt = new Date(now + SESSION_TTL_MS);
  const accessExpiresAt = new Date(now + ACCESS_TOKEN_TTL_MS);
  const [session] = await tx
    .insert(sessions)
    .values({
      userId: input.userId,
      accessTokenHash: hashToken(accessToken),
      accessExpiresAt,
      expiresAt,
      ip: input.ip ?? null,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
      lastUsedAt: new Date(now),
    })
    .returning({ id: sessions.id });
  await tx.insert(refreshTokens).values({ sessionId: session!.id, tokenHash: hashToken(refreshToken) });
  return { sessionId: session!.id, accessToken, refreshToken, accessExpiresAt, expiresAt };
}
