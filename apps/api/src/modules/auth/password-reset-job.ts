import { PASSWORD_RESET_TTL_MINUTES } from '@nest/contracts';
import type { FastifyInstance } from 'fastify';
import { passwordResets } from '../../db/schema/index.js';
import { deliverEmail } from '../../emails/send-email.js';
import { emailFingerprint, generateToken, hashToken } from '../../lib/tokens.js';
import { findMerchantByEmail } from '../merchants/find-merchant.js';
import { PASSWORD_RESET_TTL_MS } from './session-policy.js';

export const PASSWORD_RESET_JOB = 'auth.password-reset-email';

/** The page of the web app that takes the token; the only place this path is written. */
export function resetPasswordUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/admin/reset-password?token=${encodeURIComponent(token)}`;
}

/**
 * Emails a single-use link valid 30 minutes when the account exists. The token is minted here, at
 * send time, and only its hash is written: it never rests in the database, not even in the job's
 * payload. A retry (mail server down) mints a new one; an unsent token is useless.
 */
export function registerPasswordResetJob(app: FastifyInstance): void {
  app.jobs.register(PASSWORD_RESET_JOB, async (payload) => {
    const email = (payload as { email?: unknown })?.email;
    if (typeof email !== 'string') throw new Error('Malformed password reset job payload');
    const user = await findMerchantByEmail(app.db, email);
    if (!user) {
      app.log.info(
        { event: 'password_reset.unknown_email', email: emailFingerprint(email) },
        'no account to reset',
      );
      return;
    }
    const token = generateToken();
    await app.db.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
    });
    await deliverEmail(app, {
      to: user.email,
      locale: user.locale,
      template: 'password-reset',
      params: {
        name: user.name,
        url: resetPasswordUrl(app.config.publicUrl, token),
        minutes: PASSWORD_RESET_TTL_MINUTES,
      },
    });
    app.log.info({ event: 'password_reset.emailed', userId: user.id }, 'password reset link emailed');
  });
}
