import { LOGIN_CODE_TTL_MINUTES } from '@nest/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { customerLoginCodes } from '../../db/schema/index.js';
import { deliverEmail, recordCustomerEmail } from '../../emails/send-email.js';
import { emailFingerprint, generateToken, hashToken } from '../../lib/tokens.js';
import { findCustomerByEmail } from './find-customer.js';
import { generateLoginCode, hashLoginCode, loginCodeKey } from './login-code.js';
import { LOGIN_CODE_TTL_MS } from './login-policy.js';

export const CUSTOMER_LOGIN_JOB = 'customers.login-email';

/** The page of the web app that takes the link; the only place this path is written. */
export function customerLoginUrl(publicUrl: string, email: string, token: string): string {
  return `${publicUrl}/client/login?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
}

/**
 * Emails a sign-in code and link when the email is a customer's. Both secrets are minted here, at
 * send time, and only their hashes are written: they never rest in the job's payload. A newer
 * request supersedes the older ones, so only the last email works.
 */
export function registerCustomerLoginJob(app: FastifyInstance): void {
  const key = loginCodeKey(app.config.sessionSecret);
  app.jobs.register(CUSTOMER_LOGIN_JOB, async (payload) => {
    const { email, nestId } = (payload ?? {}) as { email?: unknown; nestId?: unknown };
    if (typeof email !== 'string') throw new Error('Malformed customer login job payload');
    const customer = await findCustomerByEmail(app.db, email);
    if (!customer) {
      app.log.info({ event: 'customer_login.unknown_email', email: emailFingerprint(email) }, 'no customer');
      return;
    }
    const code = generateLoginCode();
    const token = generateToken();
    await app.db.transaction(async (tx) => {
      await tx
        .update(customerLoginCodes)
        .set({ burnedAt: new Date() })
        .where(
          and(
            eq(customerLoginCodes.customerId, customer.id),
            isNull(customerLoginCodes.usedAt),
            isNull(customerLoginCodes.burnedAt),
          ),
        );
      await tx.insert(customerLoginCodes).values({
        customerId: customer.id,
        codeHash: hashLoginCode(key, customer.email, code),
        linkTokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + LOGIN_CODE_TTL_MS),
      });
    });
    await deliverEmail(app, {
      to: customer.email,
      locale: customer.locale === 'fr-FR' ? 'fr-FR' : 'en-US',
      template: 'customer-login',
      params: {
        name: customer.name ?? '',
        code,
        url: customerLoginUrl(app.config.publicUrl, customer.email, token),
        minutes: LOGIN_CODE_TTL_MINUTES,
      },
    });
    // Sent for a nest (the merchant asked): listed in that nest's customer detail (ADR 157).
    if (typeof nestId === 'string') {
      await recordCustomerEmail(app, { nestId, customerId: customer.id }, 'customer-login');
    }
    app.log.info({ event: 'customer_login.emailed', customerId: customer.id }, 'sign-in code emailed');
  });
}
