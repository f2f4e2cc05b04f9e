import type { EmailTemplate } from '../render-email.js';
import { formatPlanDate } from './plan-format.js';

export interface CustomerCancelledParams {
  name: string;
  nestName: string;
  offerName: string;
  /** When the subscription ends (ISO); null when the provider gave no period end. */
  endsAt: string | null;
  timeZone: string;
  areaUrl: string;
}

export const customerCancelled: EmailTemplate<CustomerCancelledParams> = {
  'en-US': (p) => ({
    subject: `Your ${p.offerName} subscription at ${p.nestName} is cancelled`,
    greeting: p.name ? `Hello ${p.name},` : 'Hello,',
    paragraphs: [
      p.endsAt
        ? `Your ${p.offerName} subscription at ${p.nestName} is cancelled. You keep it until ${formatPlanDate(p.endsAt, 'en-US', p.timeZone)}; it will not renew and you will not be charged again.`
        : `Your ${p.offerName} subscription at ${p.nestName} is cancelled and will not renew.`,
      'Changed your mind? You can resume it from your customer area until then.',
    ],
    action: { label: 'Open my subscriptions', url: p.areaUrl },
  }),
  'fr-FR': (p) => ({
    subject: `Votre abonnement ${p.offerName} chez ${p.nestName} est résilié`,
    greeting: p.name ? `Bonjour ${p.name},` : 'Bonjour,',
    paragraphs: [
      p.endsAt
        ? `Votre abonnement ${p.offerName} chez ${p.nestName} est résilié. Vous en profitez jusqu’au ${formatPlanDate(p.endsAt, 'fr-FR', p.timeZone)} ; il ne sera pas renouvelé et vous ne serez plus prélevé.`
        : `Votre abonnement ${p.offerName} chez ${p.nestName} est résilié et ne sera pas renouvelé.`,
      'Vous avez changé d’avis ? Vous pouvez le reprendre depuis votre espace client d’ici là.',
    ],
    action: { label: 'Voir mes abonnements', url: p.areaUrl },
  }),
};
