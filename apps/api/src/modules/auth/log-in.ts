import type { Merchant } from '@nest/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/password.js';
import { emailFingerprint } from '../../lib/tokens.js';
import { findMerchantByEmail } from '../merchants/find-merchant.js';
import { getMerchant } from '../merchants/get-merchant.js';
import { setPasswordHash } from '../merchants/set-password-hash.js';
import { findSessionIdByTokens } from './find-session.js';
import { beginPasswordAttempt } from './login-limits.js';
import { type OpenedSession, openSession } from './open-session.js';
import { revokeSession } from './revoke-sessions.js';

/**
 * Checks a merchant's email and password and opens a session. An unknown email and a wrong password
 * give the same 401 after the same work (a dummy hash is verified), so the answer reveals nothing.
 * The browser's previous session (the tokens it presented), if any, is replaced rather than left
 * alive without its cookies.
 */
export async function logIn(
  app: FastifyInstance,
  input: {
    email: string;
    password: string;
    ip: string;
    userAgent?: string | undefined;
    presented: { accessToken?: string | undefined; refreshToken?: string | undefined };
  },
): Promise<{ merchant: Merchant; session: OpenedSession }> {
  const log = app.log.child({ email: emailFingerprint(input.email), ip: input.ip });
  let attempt: Awaited<ReturnType<typeof beginPasswordAttempt>>;
  try {
    attempt = await beginPasswordAttempt(app, input);
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited') {
      log.warn(
        { event: 'login.locked', limitedBy: (error.cause as { limitedBy: string }).limitedBy },
        'login locked',
      );
    }
    throw error;
  }

  const user = await findMerchantByEmail(app.db, input.email);
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !valid) {
    log.info(
      { event: 'login.failed', userId: user?.id, reason: user ? 'wrong_password' : 'unknown_email' },
      'login failed',
    );
    throw new AppError('invalid_credentials');
  }
  await attempt.succeeded();

  if (needsRehash(user.passwordHash)) {
    // Hashes from weaker parameters are upgraded while the password is at hand.
    await setPasswordHash(app.db, user.id, await hashPassword(input.password));
  }
  const session = await app.db.transaction((tx) =>
    openSession(tx, { userId: user.id, ip: input.ip, userAgent: input.userAgent }),
  );
  log.info({ event: 'login.succeeded', userId: user.id, sessionId: session.sessionId }, 'login succeeded');
  const previous = await findSessionIdByTokens(app.db, input.presented);
  if (previous) await revokeSession(app.db, previous, 'replaced_by_login');
  return { merchant: (await getMerchant(app.db, user.id))!, session };
}
