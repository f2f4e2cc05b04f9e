import { isLocale, type Locale } from '@nest/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../db/client.js';
import type { Mailer } from '../lib/mailer.js';
import { type EmailParams, type EmailTemplateName, emailTemplates, renderEmail } from './render-email.js';

export interface EmailRequest<Name extends EmailTemplateName> {
  to: string;
  locale: Locale;
  template: Name;
  params: EmailParams<Name>;
}

export const SEND_EMAIL_JOB = 'email.send';

/** Renders and hands an email to the mailer now. Throws when the mailer fails (job handlers retry). */
export async function deliverEmail<Name extends EmailTemplateName>(
  app: { mailer: Mailer },
  email: EmailRequest<Name>,
): Promise<void> {
  const rendered = renderEmail(email.locale, email.template, email.params);
  await app.mailer.send({ to: email.to, ...rendered });
}

/**
 * Sends an email through the job queue: pass the transaction of the change it reports, and the email
 * exists if and only if the change commits. The request never waits for the mail server, and a mail
 * failure is retried by the queue instead of failing the request. Params must not hold secrets: they
 * are stored in the jobs table.
 */
export async function enqueueEmail<Name extends EmailTemplateName>(
  app: FastifyInstance,
  email: EmailRequest<Name>,
  options: { tx?: Tx } = {},
): Promise<void> {
  await app.jobs.enqueue(SEND_EMAIL_JOB, email, options);
}

function isEmailRequest(payload: unknown): payload is EmailRequest<EmailTemplateName> {
  const p = payload as Partial<EmailRequest<EmailTemplateName>> | null;
  return (
    typeof p?.to === 'string' &&
    isLocale(p.locale) &&
    typeof p.template === 'string' &&
    Object.hasOwn(emailTemplates, p.template) &&
    typeof p.params === 'object' &&
    p.params !== null
  );
}

/** Registers the job that delivers enqueued emails. Needs app.jobs (register after the jobs plugin). */
export const emailsPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.register(SEND_EMAIL_JOB, async (payload) => {
      if (!isEmailRequest(payload)) throw new Error('Malformed email job payload');
      await deliverEmail(app, payload);
    });
  },
  { name: 'emails' },
);
