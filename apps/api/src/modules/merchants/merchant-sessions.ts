import type { FastifyReply } from 'fastify';
import type { Tx } from '../../db/client.js';

/** A session just opened for a merchant; its cookies are set once the transaction committed. */
export interface OpenedMerchantSession {
  sessionId: string;
  setCookies(reply: FastifyReply): void;
}

/**
 * What the account's use cases need of the merchant's sessions. The auth module provides it and
 * routes.ts hands it to the merchant routes, so auth depends on merchants and never the reverse
 * (ADR 102).
 */
export interface MerchantSessions {
  /** The first session of a new account, opened in the account's own transaction. */
  open(
    tx: Tx,
    input: { userId: string; ip: string; userAgent?: string | undefined },
  ): Promise<OpenedMerchantSession>;
  /** Counts a password attempt under the sign-in limits (429 when over); succeeded() takes it back. */
  beginPasswordAttempt(input: { email: string; ip: string }): Promise<{ succeeded(): Promise<void> }>;
  /** After a password change: reset links stop working and every other session ends. Answers how many. */
  endOtherSessions(tx: Tx, userId: string, currentSessionId: string): Promise<number>;
}
