import type { FastifyInstance } from 'fastify';
import { enforceRateLimit } from '../../lib/rate-limit.js';
import { hashToken } from '../../lib/tokens.js';

interface Limit {
  limit: number;
  windowMs: number;
}

/** A counter's key for an email, by its hash, known customer or not. */
export const customerEmailKey = (scope: string, email: string) =>
  `${scope}:email:${hashToken(email.trim().toLowerCase())}`;

/**
 * Counts one hit on the email's and the client address's counters; 429 with Retry-After when either
 * is over. The email is keyed by its hash, known customer or not, so a limit says nothing about who
 * has an account.
 */
export async function hitCustomerLimits(
  app: FastifyInstance,
  kind: 'code' | 'verify',
  input: { email: string; ip: string },
  limits: { email: Limit; address: Limit },
): Promise<void> {
  const emailKey = customerEmailKey(`customer-${kind}`, input.email);
  const addressKey = `customer-${kind}:ip:${input.ip}`;
  await enforceRateLimit(app.rateLimiter, [
    { key: emailKey, ...limits.email },
    { key: addressKey, ...limits.address },
  ]);
}
