import type { Locale, Merchant, UpdateMerchantBody } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/index.js';
import { enqueueEmail } from '../../emails/send-email.js';
import { AppError, notFound } from '../../lib/errors.js';
import { interpolate, messages } from '../../lib/i18n.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { MerchantPrincipal } from '../../types.js';
import { canonicalTimeZone } from './canonical-time-zone.js';
import { checkPasswordPolicy } from './check-password-policy.js';
import { findMerchantById, isEmailTaken } from './find-merchant.js';
import { getMerchant } from './get-merchant.js';
import { isUniqueViolation } from './is-unique-violation.js';
import type { MerchantSessions } from './merchant-sessions.js';
import { normalizeEmail } from './normalize-email.js';

/**
 * A merchant changes their own name, email, language, time zone or password. Only their own id
 * exists for them: any other id is a 404, whoever it belongs to. A new password needs the current
 * one and ends every other session of the merchant (this one stays signed in).
 */
export async function updateMerchant(
  app: FastifyInstance,
  sessions: MerchantSessions,
  input: {
    id: string;
    principal: MerchantPrincipal;
    changes: UpdateMerchantBody;
    requestLocale: Locale;
    ip: string;
  },
): Promise<Merchant> {
  const { changes, principal } = input;
  if (input.id !== principal.userId) throw notFound();
  const user = await findMerchantById(app.db, principal.userId);
  if (!user) throw notFound();

  const typedEmail = changes.email !== undefined ? normalizeEmail(changes.email) : undefined;
  const newEmail = typedEmail !== user.email ? typedEmail : undefined;
  // Only the case changed: same address, nobody to warn.
  const addressChanged = newEmail !== undefined && newEmail.toLowerCase() !== user.email.toLowerCase();
  if (addressChanged && (await isEmailTaken(app.db, newEmail, user.id))) throw new AppError('email_taken');

  let passwordHash: string | undefined;
  if (changes.password !== undefined) {
    if (changes.current_password === undefined) {
      const message = interpolate(messages(input.requestLocale).fields.required);
      throw new AppError('validation_failed', {
        fields: [{ field: 'current_password', code: 'required', message }],
      });
    }
    // Same limits as the sign-in form: a stolen session must not become a password-guessing oracle.
    const attempt = await sessions.beginPasswordAttempt({ email: user.email, ip: input.ip });
    if (!(await verifyPassword(user.passwordHash, changes.current_password))) {
      app.log.info({ event: 'password_change.wrong_current', userId: user.id }, 'wrong current password');
      throw new AppError('wrong_current_password');
    }
    await attempt.succeeded();
    await checkPasswordPolicy(changes.password, {
      locale: input.requestLocale,
      userInputs: [newEmail ?? user.email, changes.name ?? user.name],
    });
    passwordHash = await hashPassword(changes.password);
  }

  const endedSessions = await app.db
    .transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(newEmail ? { email: newEmail } : {}),
          ...(changes.locale !== undefined ? { locale: changes.locale } : {}),
          ...(changes.time_zone !== undefined ? { timeZone: canonicalTimeZone(changes.time_zone) } : {}),
          ...(passwordHash ? { passwordHash } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, user.id));
      const name = changes.name ?? user.name;
      const locale = changes.locale ?? user.locale;
      if (addressChanged) {
        // Told at the old address, so a takeover through a stolen session does not go unnoticed.
        await enqueueEmail(
          app,
          { to: user.email, locale, template: 'email-changed', params: { name, newEmail: newEmail! } },
          { tx },
        );
      }
      if (!passwordHash) return 0;
      await enqueueEmail(
        app,
        {
          to: newEmail ?? user.email,
          locale,
          template: 'password-changed',
          params: { name, loginUrl: `${app.config.publicUrl}/admin/login` },
        },
        { tx },
      );
      return sessions.endOtherSessions(tx, user.id, principal.sessionId);
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('email_taken', { cause: error });
      throw error;
    });

  if (passwordHash) {
    app.log.info(
      { event: 'password_change.completed', userId: user.id, sessionsEnded: endedSessions },
      'password changed',
    );
  }
  if (addressChanged) app.log.info({ event: 'merchant.email_changed', userId: user.id }, 'email changed');
  return (await getMerchant(app.db, user.id))!;
}
