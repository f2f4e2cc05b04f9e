import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { customerSessions } from '../../db/schema/index.js';
import { generateToken, hashToken } from '../../lib/tokens.js';
import type { CustomerPrincipal } from '../../types.js';
import {
  CUSTOMER_SESSION_MAX_MS,
  CUSTOMER_SESSION_TTL_MS,
  TOKEN_GRACE_MS,
  TOKEN_ROTATE_AFTER_MS,
} from './login-policy.js';

export interface CustomerSessionToken {
  token: string;
  expiresAt: Date;
}

/** Starts a session for a customer who just proved they own their email. */
export async function openCustomerSession(
  tx: Tx,
  input: { customerId: string; ip?: string; userAgent?: string | undefined },
): Promise<CustomerSessionToken & { sessionId: string }> {
  const now = Date.now();
  const token = generateToken();
  const absoluteExpiresAt = new Date(now + CUSTOMER_SESSION_MAX_MS);
  const expiresAt = new Date(now + CUSTOMER_SESSION_TTL_MS);
  const [session] = await tx
    .insert(customerSessions)
    .values({
      customerId: input.customerId,
      tokenHash: hashToken(token),
      tokenIssuedAt: new Date(now),
      expiresAt,
      absoluteExpiresAt,
      ip: input.ip ?? null,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
    })
    .returning({ id: customerSessions.id });
  return { sessionId: session!.id, token, expiresAt };
}

export interface FoundCustomerSession {
  principal: CustomerPrincipal;
  /** A new token to set in the cookie when this request rotated it. */
  rotated: CustomerSessionToken | null;
}

/**
 * The customer behind a session token, or null (unknown, expired, revoked, or a replaced token
 * presented after its grace window). A token older than a day is replaced, which also slides the
 * session's end; the replaced one works TOKEN_GRACE_MS more for requests already in flight.
 */
export async function findCustomerSession(db: Db, token: string): Promise<FoundCustomerSession | null> {
  const now = new Date();
  const hash = hashToken(token);
  const [session] = await db
    .select()
    .from(customerSessions)
    .where(
      and(
        or(eq(customerSessions.tokenHash, hash), eq(customerSessions.previousTokenHash, hash)),
        isNull(customerSessions.revokedAt),
        gt(customerSessions.expiresAt, now),
      ),
    )
    .limit(1);
  if (!session) return null;
  const principal = { customerId: session.customerId, sessionId: session.id };
  if (session.tokenHash !== hash) {
    const graceOver = !session.rotatedAt || now.getTime() - session.rotatedAt.getTime() > TOKEN_GRACE_MS;
    return graceOver ? null : { principal, rotated: null };
  }
  if (now.getTime() - session.tokenIssuedAt.getTime() < TOKEN_ROTATE_AFTER_MS) {
    return { principal, rotated: null };
  }
  const next = generateToken();
  const expiresAt = new Date(
    Math.min(now.getTime() + CUSTOMER_SESSION_TTL_MS, session.absoluteExpiresAt.getTime()),
  );
  // Conditional on the token still being current: of two concurrent requests, one rotates, and the
  // other carries on within the grace window.
  const [updated] = await db
    .update(customerSessions)
    .set({
      tokenHash: hashToken(next),
      previousTokenHash: hash,
      tokenIssuedAt: now,
      rotatedAt: now,
      expiresAt,
    })
    .where(and(eq(customerSessions.id, session.id), eq(customerSessions.tokenHash, hash)))
    .returning({ id: customerSessions.id });
  return { principal, rotated: updated ? { token: next, expiresAt } : null };
}

/** The session a token belongs to, whatever its state (logout must work on an expired one). */
export async function findCustomerSessionId(db: Db, token: string): Promise<string | null> {
  const hash = hashToken(token);
  const [session] = await db
    .select({ id: customerSessions.id })
    .from(customerSessions)
    .where(or(eq(customerSessions.tokenHash, hash), eq(customerSessions.previousTokenHash, hash)))
    .limit(1);
  return session?.id ?? null;
}

export async function revokeCustomerSession(
  db: Db,
  sessionId: string,
  reason: 'logout' | 'replaced_by_login',
): Promise<boolean> {
  const revoked = await db
    .update(customerSessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(customerSessions.id, sessionId), isNull(customerSessions.revokedAt)))
    .returning({ id: customerSessions.id });
  return revoked.length > 0;
}
