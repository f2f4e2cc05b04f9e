import { isLocale, type Locale } from '@nest/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, Tx } from '../db/client.js';
import { customerEmailKinds, customerEmails } from '../db/schema/index.js';
import type { Mailer } from '../lib/mailer.js';
import { type EmailParams, type EmailTemplateName, emailTemplates, renderEmail } from './render-email.js';

export interface EmailRequest<Name extends EmailTemplateName> {
  to: string;
  locale: Locale;
  template: Name;
  params: EmailParams<Name>;
  /** An email to a nest's customer: once sent, it is listed in the merchant's customer detail (ADR 157). */
  recipient?: EmailRecipient;
}

export interface EmailRecipient {
  nestId: string;
  customerId: string;
}

type CustomerEmailKind = (typeof customerEmailKinds)[number];
const isCustomerEmailKind = (name: string): name is CustomerEmailKind =>
  (customerEmailKinds as readonly string[]).includes(name);

/**
 * Notes that an email reached the mail server for a nest's customer. Called after the send: a failure
 * here is logged, never thrown, so the job is not retried and the customer never gets the email twice.
 */
export async function recordCustomerEmail(
  app: { db: Db; log: FastifyInstance['log'] },
  recipient: EmailRecipient | undefined,
  template: string,
): Promise<void> {
  if (!recipient || !isCustomerEmailKind(template)) return;
  try {
    await app.db.insert(customerEmails).values({
      nestId: recipient.nestId,
      customerId: recipient.customerId,
      kind: template,
    });
  } catch (error) {
    app.log.error({ err: error, template }, 'could not record a customer email');
  }
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

function isRecipient(value: unknown): value is EmailRecipient {
  const r = value as Partial<EmailRecipient> | null | undefined;
  return typeof r?.nestId === 'string' && typeof r.customerId === 'string';
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
      await recordCustomerEmail(
        app,
        isRecipient(payload.recipient) ? payload.recipient : undefined,
        payload.template,
      );
    });
  },
  { name: 'emails' },
);
