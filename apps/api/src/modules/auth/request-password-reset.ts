import type { FastifyInstance } from 'fastify';
import { enforceRateLimit } from '../../lib/rate-limit.js';
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
  await enforceRateLimit(
    app.rateLimiter,
    [
      { key: `reset:email:${hashToken(input.email.trim().toLowerCase())}`, ...RESET_LIMITS.email },
      { key: `reset:ip:${input.ip}`, ...RESET_LIMITS.address },
    ],
    {
      onLimited: () =>
        app.log.warn({ event: 'password_reset.limited', email, ip: input.ip }, 'password reset limited'),
    },
  );
  await app.jobs.enqueue(PASSWORD_RESET_JOB, { email: input.email });
  app.log.info({ event: 'password_reset.asked', email, ip: input.ip }, 'password reset asked');
}
