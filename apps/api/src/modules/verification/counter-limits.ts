import { enforceRateLimit } from '../../lib/rate-limit.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';

/**
 * Typed codes are 40 bits: a counter may try 30 a minute (a busy morning is far below that), so
 * guessing one of a nest's live codes takes years. Scanned tokens carry a 128-bit signature.
 */
export const CODE_ATTEMPT_LIMIT = { limit: 30, windowMs: 60 * 1000 } as const;
export const VERIFY_LIMIT = { limit: 240, windowMs: 60 * 1000 } as const;

/** Counts a check at the nest's counter (429 when over); a typed code also counts against its own limit. */
export async function enforceCounterLimits(limiter: RateLimiter, nestId: string, typedCode: boolean) {
  await enforceRateLimit(limiter, [{ key: `verify:nest:${nestId}`, ...VERIFY_LIMIT }]);
  // Counted only once the check itself is within limit, so a refused check uses no typed attempt.
  if (typedCode)
    await enforceRateLimit(limiter, [{ key: `verify-code:nest:${nestId}`, ...CODE_ATTEMPT_LIMIT }]);
}
