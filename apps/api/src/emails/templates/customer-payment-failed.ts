import type { EmailTemplate } from '../render-email.js';
import { formatPlanAmount } from './plan-format.js';

export interface CustomerPaymentFailedParams {
  name: string;
  nestName: string;
  offerName: string;
  amountCents: number;
  currency: string;
  /** The pay-now step of the customer area for this subscription. */
  payUrl: string;
}

export const customerPaymentFailed: EmailTemplate<CustomerPaymentFailedParams> = {
  'en-US': (p) => ({
    subject: `Your payment to ${p.nestName} did not go through`,
    greeting: p.name ? `Hello ${p.name},` : 'Hello,',
    paragraphs: [
      `We could not charge ${formatPlanAmount(p.amountCents, p.currency, 'en-US')} for your ${p.offerName} subscription at ${p.nestName}.`,
      'Pay now with your card, or another one, to keep your subscription running.',
    ],
    action: { label: 'Pay now', url: p.payUrl },
    notes: ['We will also try again automatically in the next few days.'],
  }),
  'fr-FR': (p) => ({
    subject: `Votre paiement à ${p.nestName} n’est pas passé`,
    greeting: p.name ? `Bonjour ${p.name},` : 'Bonjour,',
    paragraphs: [
      `Nous n’avons pas pu prélever ${formatPlanAmount(p.amountCents, p.currency, 'fr-FR')} pour votre abonnement ${p.offerName} chez ${p.nestName}.`,
      'Payez maintenant avec votre carte, ou une autre, pour que votre abonnement continue.',
    ],
    action: { label: 'Payer maintenant', url: p.payUrl },
    notes: ['Nous réessaierons aussi automatiquement dans les prochains jours.'],
  }),
};
