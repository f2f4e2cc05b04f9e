import type { EmailTemplate } from '../render-email.js';
import { formatPlanAmount } from './plan-format.js';
import { formatMonth } from './revenue-format.js';
import type { RevenueWarningParams } from './revenue-warning.js';

/** Sent once a month, when the month's revenue reaches the plan's limit and new subscriptions pause. */
export const revenueLimitReached: EmailTemplate<RevenueWarningParams> = {
  'en-US': (p) => ({
    subject: `New subscriptions are paused for ${formatMonth(p.month, 'en-US')}`,
    greeting: `Hello ${p.name},`,
    paragraphs: [
      `Your customers paid you ${formatPlanAmount(p.monthCents, p.currency, 'en-US')} in ${formatMonth(p.month, 'en-US')}: the ${formatPlanAmount(p.limitCents, p.currency, 'en-US')} monthly limit of the ${p.planName} plan is reached.`,
      'Your link pages now tell visitors, politely, that new subscriptions are paused; they reopen on the first day of next month. Renewals of your current subscribers continue as usual.',
      'Move to a higher plan to reopen them right away.',
    ],
    action: { label: 'See my revenue', url: p.dashboardUrl },
  }),
  'fr-FR': (p) => ({
    subject: `Nouveaux abonnements en pause pour ${formatMonth(p.month, 'fr-FR')}`,
    greeting: `Bonjour ${p.name},`,
    paragraphs: [
      `Vos clients vous ont payé ${formatPlanAmount(p.monthCents, p.currency, 'fr-FR')} en ${formatMonth(p.month, 'fr-FR')} : la limite mensuelle de ${formatPlanAmount(p.limitCents, p.currency, 'fr-FR')} de la formule ${p.planName} est atteinte.`,
      'Vos pages de lien indiquent désormais aux visiteurs, poliment, que les nouveaux abonnements sont en pause ; ils rouvrent le premier jour du mois prochain. Les renouvellements de vos abonnés actuels continuent normalement.',
      'Passez à une formule supérieure pour les rouvrir tout de suite.',
    ],
    action: { label: 'Voir mon chiffre d’affaires', url: p.dashboardUrl },
  }),
};
