import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { emailFingerprint, hashToken } from '../../lib/tokens.js';
import { PASSWORD_RESET_JOB } from './password-reset-job.js';

const HOUR = 60 * 60 * 1000;
/** Enough for a lost email or two; not enough to flood someone's mailbox. */
export const RESET_LIMITS = {
  email: { limit: 3, windowMs: HOUR },
  address: { limit: 10, windowMs: HOUR },
} as const;

/**
 * Asks for a reset link to be emailed. The request does the same work whether the account exists or
 * not (count the attempt, enqueue a job); the job looks the account up, so neither the answer nor its
 * timing tells who has an account.
 */
export async function requestPasswordReset(app: FastifyInstance, input: { email: string; ip: string }) {
  const email = emailFingerprint(input.email);
  const [byEmail, byAddress] = await Promise.all([
    app.rateLimiter.hit(
      `reset:email:${hashToken(input.email.trim().toLowerCase())}`,
      RESET_LIMITS.email.limit,
      RESET_LIMITS.email.windowMs,
    ),
    app.rateLimiter.hit(`reset:ip:${input.ip}`, RESET_LIMITS.address.limit, RESET_LIMITS.address.windowMs),
  ]);
  const blocked = [byEmail, byAddress].filter((r) => !r.allowed);
  if (blocked.length > 0) {
    const seconds = Math.max(...blocked.map((r) => r.retryAfterSeconds));
    app.log.warn({ event: 'password_reset.limited', email, ip: input.ip }, 'password reset limited');
    throw new AppError('rate_limited', { params: { seconds }, headers: { 'retry-after': String(seconds) } });
  }
  await app.jobs.enqueue(PASSWORD_RESET_JOB, { email: input.email });
  app.log.info({ event: 'password_reset.asked', email, ip: input.ip }, 'password reset asked');
}
