import type { EmailTemplate } from '../render-email.js';
import { declineReason, formatPlanAmount, formatPlanDate } from './plan-format.js';

export interface PlanRenewalFailedParams {
  name: string;
  planName: string;
  amountCents: number;
  currency: string;
  failureCode: string | null;
  /** When the card is tried again automatically (ISO), if it will be. */
  nextAttemptAt: string | null;
  timeZone: string;
  recoverUrl: string;
}

/** Sent once per failed renewal invoice, with the way back: the recovery page. */
export const planRenewalFailed: EmailTemplate<PlanRenewalFailedParams> = {
  'en-US': (p) => ({
    subject: `Your ${p.planName} plan could not be renewed`,
    greeting: `Hello ${p.name},`,
    paragraphs: [
      `We could not charge ${formatPlanAmount(p.amountCents, p.currency, 'en-US')} for the renewal of your ${p.planName} plan: ${declineReason(p.failureCode, 'en-US')}.`,
      'Until it is paid, your merchant area stays closed. Your customers’ subscriptions are not affected.',
    ],
    action: { label: 'Pay now or use another card', url: p.recoverUrl },
    notes: p.nextAttemptAt
      ? [`We will try the same card again on ${formatPlanDate(p.nextAttemptAt, 'en-US', p.timeZone)}.`]
      : [],
  }),
  'fr-FR': (p) => ({
    subject: `Votre formule ${p.planName} n’a pas pu être renouvelée`,
    greeting: `Bonjour ${p.name},`,
    paragraphs: [
      `Nous n’avons pas pu débiter ${formatPlanAmount(p.amountCents, p.currency, 'fr-FR')} pour le renouvellement de votre formule ${p.planName} : ${declineReason(p.failureCode, 'fr-FR')}.`,
      'Tant qu’elle n’est pas réglée, votre espace commerçant reste fermé. Les abonnements de vos clients ne sont pas touchés.',
    ],
    action: { label: 'Payer maintenant ou utiliser une autre carte', url: p.recoverUrl },
    notes: p.nextAttemptAt
      ? [`Nous réessaierons la même carte le ${formatPlanDate(p.nextAttemptAt, 'fr-FR', p.timeZone)}.`]
      : [],
  }),
};
