import type { EmailTemplate } from '../render-email.js';
import { formatPlanAmount, formatPlanDate } from './plan-format.js';

export interface PlanReceiptParams {
  name: string;
  planName: string;
  amountCents: number;
  currency: string;
  paidAt: string;
  /** Paid through this date (ISO). */
  periodEnd: string | null;
  invoiceNumber: string;
  timeZone: string;
  accountUrl: string;
  /** The PDF receipt (the signed-in merchant downloads it; signed out, the account page after sign-in). */
  receiptUrl?: string;
}

/** Sent once per paid plan invoice: the first payment, each renewal, an upgrade's proration. */
export const planReceipt: EmailTemplate<PlanReceiptParams> = {
  'en-US': (p) => ({
    subject: `Receipt for your ${p.planName} plan`,
    greeting: `Hello ${p.name},`,
    paragraphs: [
      `We received your payment of ${formatPlanAmount(p.amountCents, p.currency, 'en-US')} for the ${p.planName} plan on ${formatPlanDate(p.paidAt, 'en-US', p.timeZone)}.`,
      ...(p.periodEnd
        ? [`Your plan is paid through ${formatPlanDate(p.periodEnd, 'en-US', p.timeZone)}.`]
        : []),
    ],
    action: { label: 'See your invoices', url: p.accountUrl },
    notes: [
      `Invoice ${p.invoiceNumber}. Thank you for using Nest.`,
      ...(p.receiptUrl ? [`Your PDF receipt: ${p.receiptUrl} (also on your account page).`] : []),
    ],
  }),
  'fr-FR': (p) => ({
    subject: `Reçu pour votre formule ${p.planName}`,
    greeting: `Bonjour ${p.name},`,
    paragraphs: [
      `Nous avons bien reçu votre paiement de ${formatPlanAmount(p.amountCents, p.currency, 'fr-FR')} pour la formule ${p.planName} le ${formatPlanDate(p.paidAt, 'fr-FR', p.timeZone)}.`,
      ...(p.periodEnd
        ? [`Votre formule est payée jusqu’au ${formatPlanDate(p.periodEnd, 'fr-FR', p.timeZone)}.`]
        : []),
    ],
    action: { label: 'Voir vos factures', url: p.accountUrl },
    notes: [
      `Facture ${p.invoiceNumber}. Merci d’utiliser Nest.`,
      ...(p.receiptUrl ? [`Votre facture en PDF : ${p.receiptUrl} (aussi sur votre page Compte).`] : []),
    ],
  }),
};
