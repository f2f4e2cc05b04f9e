import type { FastifyInstance } from 'fastify';
import { enforceRateLimit } from '../../lib/rate-limit.js';
import { hashToken } from '../../lib/tokens.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * Failed password attempts allowed per window. Per account, to stop guessing one merchant's password
 * from many addresses; per address, to stop one address trying many accounts.
 */
export const LOGIN_LIMITS = {
  account: { limit: 5, windowMs: FIFTEEN_MINUTES },
  address: { limit: 20, windowMs: FIFTEEN_MINUTES },
} as const;

// Keyed by a hash of the normalised email, known account or not, so a lockout says nothing about existence.
const accountKey = (email: string) => `login:account:${hashToken(email.trim().toLowerCase())}`;
const addressKey = (ip: string) => `login:ip:${ip}`;

export interface PasswordAttempt {
  /** Counts as a failure unless settled with succeeded(). */
  succeeded(): Promise<void>;
}

/**
 * Counts a password attempt before the password is checked, so a limited caller gets its 429 without
 * any hashing, and concurrent attempts cannot slip past the limit. A successful attempt is taken back
 * afterwards, so only failures count.
 */
export async function beginPasswordAttempt(
  app: FastifyInstance,
  input: { email: string; ip: string },
): Promise<PasswordAttempt> {
  const keys = { account: accountKey(input.email), address: addressKey(input.ip) };
  await enforceRateLimit(
    app.rateLimiter,
    [
      { key: keys.account, ...LOGIN_LIMITS.account },
      { key: keys.address, ...LOGIN_LIMITS.address },
    ],
    { cause: ([account]) => ({ limitedBy: account?.allowed ? 'address' : 'account' }) },
  );
  return {
    async succeeded() {
      await Promise.all([app.rateLimiter.reset(keys.account), app.rateLimiter.undo(keys.address)]);
    },
  };
}

/** After a password reset the owner proved control of the mailbox: earlier failures no longer count. */
export function forgetFailedLogins(app: FastifyInstance, email: string): Promise<void> {
  return app.rateLimiter.reset(accountKey(email));
}
