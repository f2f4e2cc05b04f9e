import { isLocale, type Locale } from '@nest/contracts';
import type { Tx } from '../../db/client.js';
import type { EmailParams, EmailTemplateName } from '../../emails/render-email.js';
import { type EmailRequest, SEND_EMAIL_JOB } from '../../emails/send-email.js';
import type { Jobs } from '../../types.js';

export interface PlanRecipient {
  email: string;
  name: string;
  locale: string;
  timeZone: string;
}

/**
 * Queues a plan email in the transaction of the change it reports. The dedupe key names the
 * happening (this invoice paid, this change), so however many deliveries or paths observe it, one
 * email leaves.
 */
export async function enqueuePlanEmail<Name extends EmailTemplateName>(
  jobs: Jobs,
  tx: Tx,
  recipient: PlanRecipient,
  template: Name,
  params: EmailParams<Name>,
  dedupeKey: string,
): Promise<void> {
  const locale: Locale = isLocale(recipient.locale) ? recipient.locale : 'en-US';
  const request: EmailRequest<Name> = { to: recipient.email, locale, template, params };
  await jobs.enqueue(SEND_EMAIL_JOB, request, { tx, dedupeKey: `email:${dedupeKey}` });
}
