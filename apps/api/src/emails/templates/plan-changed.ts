import type { EmailTemplate } from '../render-email.js';
import { formatPlanDate } from './plan-format.js';

export interface PlanChangedParams {
  name: string;
  fromPlanName: string;
  toPlanName: string;
  /** now: already in effect; period_end: from effectiveAt on. */
  effective: 'now' | 'period_end';
  effectiveAt: string | null;
  timeZone: string;
  accountUrl: string;
}

export const planChanged: EmailTemplate<PlanChangedParams> = {
  'en-US': (p) => ({
    subject: `Your plan: ${p.toPlanName}`,
    greeting: `Hello ${p.name},`,
    paragraphs: [
      p.effective === 'now' || !p.effectiveAt
        ? `Your plan changed from ${p.fromPlanName} to ${p.toPlanName}. Its features are yours now.`
        : `Your plan will change from ${p.fromPlanName} to ${p.toPlanName} on ${formatPlanDate(p.effectiveAt, 'en-US', p.timeZone)}. Until then you keep ${p.fromPlanName}.`,
    ],
    action: { label: 'See your plan', url: p.accountUrl },
  }),
  'fr-FR': (p) => ({
    subject: `Votre formule : ${p.toPlanName}`,
    greeting: `Bonjour ${p.name},`,
    paragraphs: [
      p.effective === 'now' || !p.effectiveAt
        ? `Votre formule est passée de ${p.fromPlanName} à ${p.toPlanName}. Ses fonctionnalités sont à vous dès maintenant.`
        : `Votre formule passera de ${p.fromPlanName} à ${p.toPlanName} le ${formatPlanDate(p.effectiveAt, 'fr-FR', p.timeZone)}. D’ici là, vous gardez ${p.fromPlanName}.`,
    ],
    action: { label: 'Voir votre formule', url: p.accountUrl },
  }),
};
