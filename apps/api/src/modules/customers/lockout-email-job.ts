import type { FastifyInstance } from 'fastify';
import { deliverEmail } from '../../emails/send-email.js';
import { emailFingerprint } from '../../lib/tokens.js';
import { findCustomerByEmail } from './find-customer.js';
import { LOCKOUT } from './login-policy.js';

export const CUSTOMER_LOCKED_JOB = 'customers.login-locked-email';

/**
 * Tells a customer that sign-in by code is locked for their email, and that a sign-in link still
 * works. Queued once per lock for any email; only a customer's gets mail.
 */
export function registerLockoutEmailJob(app: FastifyInstance): void {
  app.jobs.register(CUSTOMER_LOCKED_JOB, async (payload) => {
    const email = (payload as { email?: unknown })?.email;
    if (typeof email !== 'string') throw new Error('Malformed customer lock-out job payload');
    const customer = await findCustomerByEmail(app.db, email);
    if (!customer) {
      app.log.info({ event: 'customer_login.locked_unknown', email: emailFingerprint(email) }, 'no customer');
      return;
    }
    await deliverEmail(app, {
      to: customer.email,
      locale: customer.locale === 'fr-FR' ? 'fr-FR' : 'en-US',
      template: 'customer-login-locked',
      params: {
        name: customer.name ?? '',
        hours: LOCKOUT.lockMs / 3_600_000,
        loginUrl: `${app.config.publicUrl}/client/login`,
      },
    });
  });
}
