import type { EmailTemplate } from '../render-email.js';
import { formatPlanDate } from './plan-format.js';

export interface PlanCancelledParams {
  name: string;
  planName: string;
  /** When access ends (ISO); null when it already has. */
  endsAt: string | null;
  timeZone: string;
  pricingUrl: string;
}

export const planCancelled: EmailTemplate<PlanCancelledParams> = {
  'en-US': (p) => ({
    subject: `Your ${p.planName} plan is cancelled`,
    greeting: `Hello ${p.name},`,
    paragraphs: [
      p.endsAt
        ? `Your ${p.planName} plan is cancelled. You keep it until ${formatPlanDate(p.endsAt, 'en-US', p.timeZone)}; it will not renew.`
        : `Your ${p.planName} plan has ended.`,
      'Changed your mind? You can resume it from your account before then, or choose a plan again at any time.',
    ],
    action: { label: 'See the plans', url: p.pricingUrl },
  }),
  'fr-FR': (p) => ({
    subject: `Votre formule ${p.planName} est résiliée`,
    greeting: `Bonjour ${p.name},`,
    paragraphs: [
      p.endsAt
        ? `Votre formule ${p.planName} est résiliée. Vous la gardez jusqu’au ${formatPlanDate(p.endsAt, 'fr-FR', p.timeZone)} ; elle ne sera pas renouvelée.`
        : `Votre formule ${p.planName} a pris fin.`,
      'Vous avez changé d’avis ? Vous pouvez la reprendre depuis votre compte d’ici là, ou choisir à nouveau une formule à tout moment.',
    ],
    action: { label: 'Voir les formules', url: p.pricingUrl },
  }),
};
