import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { emailFingerprint } from '../../lib/tokens.js';
import { CUSTOMER_LOCKED_JOB } from './lockout-email-job.js';
import { customerEmailKey } from './login-limits.js';
import { LOCKOUT } from './login-policy.js';

// Kept in the rate limiter like every other limit (Redis when set, shared by every process).
const failuresKey = (email: string) => customerEmailKey('customer-verify-failures', email);
const lockKey = (email: string) => customerEmailKey('customer-verify-lock', email);

/**
 * Refuses a code while the email is locked, with the same 429 and Retry-After as any rate limit, so a
 * locked email reads like a busy one. Keyed by the email's hash, customer or not.
 */
export async function refuseLockedEmail(app: FastifyInstance, email: string): Promise<void> {
  const lock = await app.rateLimiter.peek(lockKey(email));
  if (!lock) return;
  const seconds = lock.retryAfterSeconds;
  throw new AppError('rate_limited', { params: { seconds }, headers: { 'retry-after': String(seconds) } });
}

/**
 * Counts a failed sign-in against the email. The failure that reaches the threshold (exactly one,
 * the counter being atomic) starts the lock and queues the email; the job finds out whether the
 * address is a customer's, so known and unknown emails do the same work here.
 */
export async function countFailedSignIn(app: FastifyInstance, input: { email: string; ip: string }) {
  const { count } = await app.rateLimiter.hit(failuresKey(input.email), LOCKOUT.failures, LOCKOUT.windowMs);
  if (count !== LOCKOUT.failures) return;
  // A window holding one hit: its presence is the lock, its end the lock's end.
  await app.rateLimiter.hit(lockKey(input.email), 1, LOCKOUT.lockMs);
  await app.jobs.enqueue(CUSTOMER_LOCKED_JOB, { email: input.email });
  app.log.warn(
    { event: 'customer_login.locked', email: emailFingerprint(input.email), ip: input.ip },
    'customer sign-in by code locked',
  );
}

/** A sign-in proved the mailbox: the failures before it no longer count towards a lock. */
export function forgetFailedSignIns(app: FastifyInstance, email: string): Promise<void> {
  return app.rateLimiter.reset(failuresKey(email));
}
