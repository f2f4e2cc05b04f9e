import type { EmailTemplate } from '../render-email.js';
import { formatPlanAmount, formatPlanDate } from './plan-format.js';

export interface ReceiptParams {
  /** The customer's name as given at checkout. */
  name: string;
  nestName: string;
  offerName: string;
  amountCents: number;
  currency: string;
  paidAt: string;
  /** Paid through this date (ISO). */
  periodEnd: string | null;
  invoiceNumber: string;
  /** The nest's time zone: dates read as the merchant's counter would say them. */
  timeZone: string;
  /** The customer area's sign-in page. */
  areaUrl: string;
  /** The area's "Invoices and receipts", where the PDF receipt is downloaded (sign-in first if needed). */
  receiptsUrl?: string;
}

/** Sent to a customer for each paid invoice of a subscription: the first payment and every renewal. */
export const receipt: EmailTemplate<ReceiptParams> = {
  'en-US': (p) => ({
    subject: `Your receipt from ${p.nestName}`,
    greeting: `Hello ${p.name},`,
    paragraphs: [
      `Thank you! ${p.nestName} received your payment of ${formatPlanAmount(p.amountCents, p.currency, 'en-US')} for “${p.offerName}” on ${formatPlanDate(p.paidAt, 'en-US', p.timeZone)}.`,
      ...(p.periodEnd
        ? [`Your subscription is paid through ${formatPlanDate(p.periodEnd, 'en-US', p.timeZone)}.`]
        : []),
      'Show your pass at the counter from your customer area: sign in with this email address, no password needed.',
    ],
    action: p.receiptsUrl
      ? { label: 'Download my receipt', url: p.receiptsUrl }
      : { label: 'Open my subscriptions', url: p.areaUrl },
    notes: [
      `Receipt ${p.invoiceNumber}. Payment processed by Nest for ${p.nestName}.`,
      ...(p.receiptsUrl ? ['Your PDF receipt is in your customer area, under “Invoices and receipts”.'] : []),
    ],
  }),
  'fr-FR': (p) => ({
    subject: `Votre reçu de ${p.nestName}`,
    greeting: `Bonjour ${p.name},`,
    paragraphs: [
      `Merci ! ${p.nestName} a bien reçu votre paiement de ${formatPlanAmount(p.amountCents, p.currency, 'fr-FR')} pour « ${p.offerName} » le ${formatPlanDate(p.paidAt, 'fr-FR', p.timeZone)}.`,
      ...(p.periodEnd
        ? [`Votre abonnement est payé jusqu’au ${formatPlanDate(p.periodEnd, 'fr-FR', p.timeZone)}.`]
        : []),
      'Présentez votre pass au comptoir depuis votre espace client : connectez-vous avec cette adresse e-mail, sans mot de passe.',
    ],
    action: p.receiptsUrl
      ? { label: 'Télécharger mon reçu', url: p.receiptsUrl }
      : { label: 'Voir mes abonnements', url: p.areaUrl },
    notes: [
      `Reçu ${p.invoiceNumber}. Paiement traité par Nest pour ${p.nestName}.`,
      ...(p.receiptsUrl
        ? ['Votre reçu en PDF est dans votre espace client, rubrique « Factures et reçus ».']
        : []),
    ],
  }),
};
