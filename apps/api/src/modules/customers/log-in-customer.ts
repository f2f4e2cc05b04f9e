import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { customerLoginCodes } from '../../db/schema/index.js';
import { AppError, unauthenticated } from '../../lib/errors.js';
import { emailFingerprint, hashToken } from '../../lib/tokens.js';
import type { CheckInCounters } from '../subscriptions/customer-subscriptions.js';
import { findCustomerSessionId, openCustomerSession, revokeCustomerSession } from './customer-session.js';
import { findCustomerByEmail } from './find-customer.js';
import { getCustomer } from './get-customer.js';
import { hashLoginCode, loginCodeKey, sameHash } from './login-code.js';
import { hitCustomerLimits } from './login-limits.js';
import { countFailedSignIn, forgetFailedSignIns, refuseLockedEmail } from './login-lockout.js';
import { MAX_CODE_ATTEMPTS, VERIFY_LIMITS } from './login-policy.js';

type Outcome =
  | { ok: true; customerId: string; session: Awaited<ReturnType<typeof openCustomerSession>> }
  | { ok: false; reason: 'unknown_email' | 'no_live_code' | 'wrong_code'; attempts?: number };

/**
 * Checks a code (against the customer's latest live request) or a link's token, consumes it and opens
 * a session. Every failure is the same 401, whether the email is unknown or the code wrong, expired,
 * used or burned. A wrong code counts against its row and the fifth burns it; that count is committed
 * before the refusal. The row is locked, so a code opens one session however many requests race.
 * The browser's previous session (the token it presented), if any, is replaced rather than left alive
 * without its cookie. Every failure counts towards the email's lock-out (login-lockout.ts), which
 * refuses codes, not links: a link cannot be guessed, so the customer keeps a way in. Answers the
 * customer and the new session.
 */
export async function logInCustomer(
  app: FastifyInstance,
  input: {
    email: string;
    code?: string | undefined;
    token?: string | undefined;
    ip: string;
    userAgent?: string | undefined;
    previousToken?: string | undefined;
  },
  checkInCounters: CheckInCounters,
) {
  if (!input.token) await refuseLockedEmail(app, input.email);
  await hitCustomerLimits(app, 'verify', input, VERIFY_LIMITS);
  const key = loginCodeKey(app.config.sessionSecret);
  const outcome = await app.db.transaction(async (tx): Promise<Outcome> => {
    const customer = await findCustomerByEmail(tx, input.email);
    if (!customer) return { ok: false, reason: 'unknown_email' };
    const now = new Date();
    const live = and(
      eq(customerLoginCodes.customerId, customer.id),
      isNull(customerLoginCodes.usedAt),
      isNull(customerLoginCodes.burnedAt),
      gt(customerLoginCodes.expiresAt, now),
    );
    const [row] = await tx
      .select()
      .from(customerLoginCodes)
      .where(input.token ? and(live, eq(customerLoginCodes.linkTokenHash, hashToken(input.token))) : live)
      .orderBy(desc(customerLoginCodes.createdAt))
      .limit(1)
      .for('update');
    if (!row) return { ok: false, reason: 'no_live_code' };
    if (!input.token && !sameHash(row.codeHash, hashLoginCode(key, customer.email, input.code ?? ''))) {
      const attempts = row.attempts + 1;
      await tx
        .update(customerLoginCodes)
        .set({ attempts, burnedAt: attempts >= MAX_CODE_ATTEMPTS ? now : null })
        .where(eq(customerLoginCodes.id, row.id));
      return { ok: false, reason: 'wrong_code', attempts };
    }
    await tx.update(customerLoginCodes).set({ usedAt: now }).where(eq(customerLoginCodes.id, row.id));
    const session = await openCustomerSession(tx, {
      customerId: customer.id,
      ip: input.ip,
      userAgent: input.userAgent,
    });
    return { ok: true, customerId: customer.id, session };
  });
  const log = app.log.child({ email: emailFingerprint(input.email), ip: input.ip });
  if (!outcome.ok) {
    log.info(
      { event: 'customer_login.failed', reason: outcome.reason, attempts: outcome.attempts },
      'customer sign-in failed',
    );
    await countFailedSignIn(app, input);
    throw new AppError('invalid_login_code');
  }
  log.info(
    {
      event: 'customer_login.succeeded',
      customerId: outcome.customerId,
      sessionId: outcome.session.sessionId,
      by: input.token ? 'link' : 'code',
    },
    'customer signed in',
  );
  await forgetFailedSignIns(app, input.email);
  const previousId = input.previousToken ? await findCustomerSessionId(app.db, input.previousToken) : null;
  if (previousId && previousId !== outcome.session.sessionId) {
    await revokeCustomerSession(app.db, previousId, 'replaced_by_login');
  }
  const customer = await getCustomer(app.db, outcome.customerId, checkInCounters);
  if (!customer) throw unauthenticated();
  return { customer, session: outcome.session };
}
