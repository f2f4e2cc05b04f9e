import type { EmailTemplate } from '../render-email.js';

export interface RewardEarnedParams {
  name: string;
  nestName: string;
  offerName: string;
  /** The reward the offer's rule names (“Free croissant”). */
  rewardName: string;
  /** Paid periods so far, a multiple of the rule's `every` (paid-periods rewards). */
  paidPeriods: number;
  /** Check-ins so far, a multiple of the rule's `every`, for a check-in reward (then paidPeriods is not read). */
  checkIns?: number;
  /** The customer area, where the pass is shown at the counter. */
  areaUrl: string;
}

/** Sent once each time a customer's paid periods (or check-ins) reach the offer's reward target. */
export const rewardEarned: EmailTemplate<RewardEarnedParams> = {
  'en-US': (p) => ({
    subject: `You earned a reward at ${p.nestName}: ${p.rewardName}`,
    greeting: p.name ? `Hello ${p.name},` : 'Hello,',
    paragraphs: [
      p.checkIns
        ? `Thank you for your ${p.checkIns} ${p.checkIns === 1 ? 'visit' : 'visits'} with your “${p.offerName}” subscription at ${p.nestName}. You earned: ${p.rewardName}.`
        : `Thank you for ${p.paidPeriods} paid ${p.paidPeriods === 1 ? 'period' : 'periods'} of your “${p.offerName}” subscription at ${p.nestName}. You earned: ${p.rewardName}.`,
      'Show your pass at the counter to enjoy it.',
    ],
    action: { label: 'Open my pass', url: p.areaUrl },
  }),
  'fr-FR': (p) => ({
    subject: `Vous avez gagné une récompense chez ${p.nestName} : ${p.rewardName}`,
    greeting: p.name ? `Bonjour ${p.name},` : 'Bonjour,',
    paragraphs: [
      p.checkIns
        ? `Merci pour vos ${p.checkIns} ${p.checkIns === 1 ? 'visite' : 'visites'} avec votre abonnement « ${p.offerName} » chez ${p.nestName}. Vous avez gagné : ${p.rewardName}.`
        : `Merci pour ${p.paidPeriods} ${p.paidPeriods === 1 ? 'période payée' : 'périodes payées'} de votre abonnement « ${p.offerName} » chez ${p.nestName}. Vous avez gagné : ${p.rewardName}.`,
      'Présentez votre pass au comptoir pour en profiter.',
    ],
    action: { label: 'Ouvrir mon pass', url: p.areaUrl },
  }),
};
