import type { Locale } from '@nest/contracts';
import { type EmailContent, type RenderedEmail, renderLayout } from './layout.js';
import { customerCancelled } from './templates/customer-cancelled.js';
import { customerLogin } from './templates/customer-login.js';
import { customerLoginLocked } from './templates/customer-login-locked.js';
import { customerPaymentFailed } from './templates/customer-payment-failed.js';
import { dataExportReady } from './templates/data-export-ready.js';
import { emailChanged } from './templates/email-changed.js';
import { eventCanceled } from './templates/event-canceled.js';
import { eventRegistered } from './templates/event-registered.js';
import { eventReminder } from './templates/event-reminder.js';
import { passwordChanged } from './templates/password-changed.js';
import { passwordReset } from './templates/password-reset.js';
import { planCancelled } from './templates/plan-cancelled.js';
import { planChanged } from './templates/plan-changed.js';
import { planReceipt } from './templates/plan-receipt.js';
import { planRenewalFailed } from './templates/plan-renewal-failed.js';
import { receipt } from './templates/receipt.js';
import { revenueLimitReached } from './templates/revenue-limit-reached.js';
import { revenueWarning } from './templates/revenue-warning.js';
import { rewardEarned } from './templates/reward-earned.js';
import { webhookEndpointDisabled } from './templates/webhook-endpoint-disabled.js';

/** A template is its wording in every language of the product; the compiler refuses a missing one. */
export type EmailTemplate<Params> = Record<Locale, (params: Params) => EmailContent>;

/** Every email the product sends. Add a template file, then its line here. */
export const emailTemplates = {
  'password-reset': passwordReset,
  'password-changed': passwordChanged,
  'email-changed': emailChanged,
  'plan-receipt': planReceipt,
  'plan-renewal-failed': planRenewalFailed,
  'plan-changed': planChanged,
  'plan-cancelled': planCancelled,
  receipt,
  'revenue-warning': revenueWarning,
  'revenue-limit-reached': revenueLimitReached,
  'customer-login': customerLogin,
  'customer-login-locked': customerLoginLocked,
  'customer-cancelled': customerCancelled,
  'customer-payment-failed': customerPaymentFailed,
  'reward-earned': rewardEarned,
  'data-export-ready': dataExportReady,
  'event-registered': eventRegistered,
  'event-reminder': eventReminder,
  'event-canceled': eventCanceled,
  'webhook-endpoint-disabled': webhookEndpointDisabled,
};

export type EmailTemplateName = keyof typeof emailTemplates;
export type EmailParams<Name extends EmailTemplateName> =
  (typeof emailTemplates)[Name] extends EmailTemplate<infer Params> ? Params : never;

/** The subject, text and HTML of one email in one language. Params are escaped in the HTML. */
export function renderEmail<Name extends EmailTemplateName>(
  locale: Locale,
  template: Name,
  params: EmailParams<Name>,
): RenderedEmail {
  const wording = emailTemplates[template][locale] as (params: EmailParams<Name>) => EmailContent;
  return renderLayout(locale, wording(params));
}
