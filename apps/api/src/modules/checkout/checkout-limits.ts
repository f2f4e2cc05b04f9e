import type { FastifyInstance } from 'fastify';
import { enforceRateLimit } from '../../lib/rate-limit.js';

const TEN_MINUTES = 10 * 60 * 1000;

/**
 * Checkout starts per address: each one makes a session at the payment provider, so a script must
 * not make thousands. Generous enough for a café whose customers share its Wi-Fi at the counter.
 */
export const CHECKOUT_LIMIT = { limit: 30, windowMs: TEN_MINUTES } as const;
/** Success page reads per address: the page polls while the payment is confirmed, then refreshes the pass. */
export const SESSION_VIEW_LIMIT = { limit: 120, windowMs: 60 * 1000 } as const;

export async function limitByAddress(
  app: FastifyInstance,
  scope: string,
  ip: string,
  { limit, windowMs }: { limit: number; windowMs: number },
): Promise<void> {
  await enforceRateLimit(app.rateLimiter, [{ key: `${scope}:ip:${ip}`, limit, windowMs }]);
}
