import type { EmailTemplate } from '../render-email.js';
import { formatPlanAmount } from './plan-format.js';
import { formatMonth } from './revenue-format.js';

export interface RevenueWarningParams {
  name: string;
  planName: string;
  /** "2025-03", in the merchant's time zone. */
  month: string;
  monthCents: number;
  limitCents: number;
  currency: string;
  dashboardUrl: string;
}

/** Sent once a month, when the month's revenue reaches 80 % of the plan's limit. */
export const revenueWarning: EmailTemplate<RevenueWarningParams> = {
  'en-US': (p) => ({
    subject: `You are close to your ${p.planName} plan’s monthly limit`,
    greeting: `Hello ${p.name},`,
    paragraphs: [
      `Good news: your customers paid you ${formatPlanAmount(p.monthCents, p.currency, 'en-US')} in ${formatMonth(p.month, 'en-US')}, more than 80 % of the ${formatPlanAmount(p.limitCents, p.currency, 'en-US')} included in the ${p.planName} plan.`,
      'When the limit is reached, new subscriptions through your links pause until next month. Renewals of your current subscribers never stop.',
      'To keep welcoming new subscribers, move to a higher plan from your dashboard.',
    ],
    action: { label: 'See my revenue', url: p.dashboardUrl },
  }),
  'fr-FR': (p) => ({
    subject: `Vous approchez de la limite mensuelle de la formule ${p.planName}`,
    greeting: `Bonjour ${p.name},`,
    paragraphs: [
      `Bonne nouvelle : vos clients vous ont payé ${formatPlanAmount(p.monthCents, p.currency, 'fr-FR')} en ${formatMonth(p.month, 'fr-FR')}, plus de 80 % des ${formatPlanAmount(p.limitCents, p.currency, 'fr-FR')} inclus dans la formule ${p.planName}.`,
      'Une fois la limite atteinte, les nouveaux abonnements via vos liens sont mis en pause jusqu’au mois prochain. Les renouvellements de vos abonnés actuels ne s’arrêtent jamais.',
      'Pour continuer à accueillir de nouveaux abonnés, passez à une formule supérieure depuis votre tableau de bord.',
    ],
    action: { label: 'Voir mon chiffre d’affaires', url: p.dashboardUrl },
  }),
};
