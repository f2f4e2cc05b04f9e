import { AppError } from './errors.js';
import type { RateLimiter, RateLimitResult } from './rate-limiter.js';

/** One counter: at most `limit` hits on `key` per window of `windowMs`. */
export interface RateLimit {
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Counts one hit on each counter at once, and refuses with 429 rate_limited when any is over: its
 * Retry-After is the longest wait among them. Every limit of the product is checked here, so they all
 * answer alike. `cause` says which counter refused (for the caller's logs); `onLimited` runs before
 * the refusal is thrown. Answers the counters' results when all are within limit.
 */
export async function enforceRateLimit(
  limiter: RateLimiter,
  limits: readonly RateLimit[],
  options: { cause?: (results: RateLimitResult[]) => unknown; onLimited?: () => void } = {},
): Promise<RateLimitResult[]> {
  const results = await Promise.all(
    limits.map(({ key, limit, windowMs }) => limiter.hit(key, limit, windowMs)),
  );
  const blocked = results.filter((result) => !result.allowed);
  if (blocked.length === 0) return results;
  const seconds = Math.max(...blocked.map((result) => result.retryAfterSeconds));
  options.onLimited?.();
  throw new AppError('rate_limited', {
    params: { seconds },
    headers: { 'retry-after': String(seconds) },
    ...(options.cause ? { cause: options.cause(results) } : {}),
  });
}
