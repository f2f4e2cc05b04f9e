import type { Locale } from '@nest/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client.js';
import { passwordResets } from '../../db/schema/index.js';
import { enqueueEmail } from '../../emails/send-email.js';
import { AppError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { hashToken } from '../../lib/tokens.js';
import { checkPasswordPolicy } from '../merchants/check-password-policy.js';
import { findMerchantById } from '../merchants/find-merchant.js';
import { setPasswordHash } from '../merchants/set-password-hash.js';
import { forgetFailedLogins } from './login-limits.js';
import { revokeMerchantSessions } from './revoke-sessions.js';

/** Every reset link of a merchant stops working (after a reset, or a password change). */
export async function cancelPasswordResets(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/**
 * Sets a new password from a reset link. The link works once and for 30 minutes; the new password
 * must pass the policy; every session of the merchant ends, so whoever was signed in must sign in again.
 */
export async function resetPassword(
  app: FastifyInstance,
  input: { token: string; password: string; locale: Locale },
): Promise<void> {
  const tokenHash = hashToken(input.token);
  const live = and(
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, new Date()),
  );
  // Checked before any hashing: a bad token costs the server nothing.
  const [reset] = await app.db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(live)
    .limit(1);
  const user = reset ? await findMerchantById(app.db, reset.userId) : null;
  if (!reset || !user) throw new AppError('invalid_reset_token');

  await checkPasswordPolicy(input.password, { locale: input.locale, userInputs: [user.email, user.name] });
  const passwordHash = await hashPassword(input.password);

  const revoked = await app.db.transaction(async (tx) => {
    // Claimed with a conditional update: of two concurrent uses of one link, only one sets a password.
    const claimed = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(live)
      .returning({ id: passwordResets.id });
    if (claimed.length === 0) throw new AppError('invalid_reset_token');
    await setPasswordHash(tx, user.id, passwordHash);
    await cancelPasswordResets(tx, user.id);
    await enqueueEmail(
      app,
      {
        to: user.email,
        locale: user.locale,
        template: 'password-changed',
        params: { name: user.name, loginUrl: `${app.config.publicUrl}/admin/login` },
      },
      { tx },
    );
    return revokeMerchantSessions(tx, user.id, 'password_reset');
  });

  await forgetFailedLogins(app, user.email);
  app.log.info(
    { event: 'password_reset.completed', userId: user.id, sessionsEnded: revoked },
    'password reset',
  );
}
