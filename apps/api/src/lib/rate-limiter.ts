import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export interface RateLimitResult {
  /** False once the key has been hit more than `limit` times in the window. */
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (what Retry-After says). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters shared by every limit of the product (failed logins, customer codes…).
 * The window starts at a key's first hit and lasts windowMs.
 */
export interface RateLimiter {
  /** Counts one hit on key and says whether it is still within limit. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** The key's current window without counting a hit, or null when it has none (a lock-out's check). */
  peek(key: string): Promise<{ count: number; retryAfterSeconds: number } | null>;
  /** Takes back one hit (an attempt that turned out not to count, such as a successful login). */
  undo(key: string): Promise<void>;
  /** Forgets key entirely. */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

function result(count: number, limit: number, remainingMs: number): RateLimitResult {
  return { allowed: count <= limit, count, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) };
}

/** One process's counters: right for a single API process, and the fallback when Redis fails. */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let lastSweep = now();
  const sweep = () => {
    const t = now();
    if (t - lastSweep < 60_000) return;
    lastSweep = t;
    for (const [key, entry] of windows) if (entry.endsAt <= t) windows.delete(key);
  };
  return {
    async hit(key, limit, windowMs) {
      sweep();
      const t = now();
      let entry = windows.get(key);
      if (!entry || entry.endsAt <= t) {
        entry = { count: 0, endsAt: t + windowMs };
        windows.set(key, entry);
      }
      entry.count += 1;
      return result(entry.count, limit, entry.endsAt - t);
    },
    async peek(key) {
      const entry = windows.get(key);
      const t = now();
      if (!entry || entry.endsAt <= t) return null;
      return {
        count: entry.count,
        retryAfterSeconds: result(entry.count, 0, entry.endsAt - t).retryAfterSeconds,
      };
    },
    async undo(key) {
      const entry = windows.get(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

// INCR and the expiry in one atomic step, so concurrent API processes never leave a key without a TTL.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

// The count and the time left read together, so a key expiring between two reads is never half seen.
const PEEK_SCRIPT = `
local count = redis.call('GET', KEYS[1])
if not count then return nil end
return {tonumber(count), redis.call('PTTL', KEYS[1])}
`;

const UNDO_SCRIPT = `
if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then
  return redis.call('DECR', KEYS[1])
end
return 0
`;

/**
 * Counters in Redis, shared by every API process. If Redis fails, the limit is still enforced with the
 * process's own counters (logged), rather than opening the gate to brute force or failing every login.
 */
export function createRedisRateLimiter(
  redis: Redis,
  options: { prefix?: string; log?: FastifyBaseLogger; ownsConnection?: boolean } = {},
): RateLimiter {
  const prefix = options.prefix ?? 'nest:rate:';
  const fallback = createMemoryRateLimiter();
  let lastReport = 0;
  const degraded = (error: unknown) => {
    // Once per 30 seconds is enough to alert an operator without flooding the log on every login.
    if (Date.now() - lastReport < 30_000) return;
    lastReport = Date.now();
    options.log?.error({ err: error }, 'rate limiter: Redis failed, using memory');
  };
  // While the connection is down, go straight to memory instead of waiting on each command to fail.
  const offline = () => redis.status === 'end' || redis.status === 'reconnecting' || redis.status === 'close';
  return {
    async hit(key, limit, windowMs) {
      if (offline()) {
        degraded(new Error(`Redis is ${redis.status}`));
        return fallback.hit(key, limit, windowMs);
      }
      try {
        const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, windowMs)) as [number, number];
        return result(count, limit, ttl);
      } catch (error) {
        degraded(error);
        return fallback.hit(key, limit, windowMs);
      }
    },
    async peek(key) {
      if (offline()) {
        degraded(new Error(`Redis is ${redis.status}`));
        return fallback.peek(key);
      }
      try {
        const found = (await redis.eval(PEEK_SCRIPT, 1, prefix + key)) as [number, number] | null;
        if (!found || found[1] <= 0) return null;
        return { count: found[0], retryAfterSeconds: result(found[0], 0, found[1]).retryAfterSeconds };
      } catch (error) {
        degraded(error);
        return fallback.peek(key);
      }
    },
    async undo(key) {
      try {
        await redis.eval(UNDO_SCRIPT, 1, prefix + key);
      } catch (error) {
        degraded(error);
        await fallback.undo(key);
      }
    },
    async reset(key) {
      try {
        await redis.del(prefix + key);
      } catch (error) {
        degraded(error);
      }
      await fallback.reset(key);
    },
    async close() {
      await fallback.close();
      if (options.ownsConnection !== false) redis.disconnect();
    },
  };
}

/**
 * Redis when REDIS_URL is set (several API processes share the counters), memory otherwise. The Redis
 * client is loaded only then, not by every start (ADR 223).
 */
export async function createRateLimiter(
  config: { REDIS_URL?: string | undefined },
  log: FastifyBaseLogger,
): Promise<RateLimiter> {
  if (!config.REDIS_URL) return createMemoryRateLimiter();
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.REDIS_URL, {
    // Fail fast to the memory fallback instead of holding logins while Redis is away.
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
    lazyConnect: false,
  });
  redis.on('error', (error) => log.warn({ err: error }, 'Redis connection error'));
  return createRedisRateLimiter(redis, { log });
}
