import type { EmailTemplate } from '../render-email.js';

export interface CustomerLoginParams {
  /** Empty when the customer never gave one. */
  name: string;
  code: string;
  url: string;
  minutes: number;
}

export const customerLogin: EmailTemplate<CustomerLoginParams> = {
  'en-US': (p) => ({
    subject: `Your Nest sign-in code: ${p.code}`,
    greeting: p.name ? `Hello ${p.name},` : 'Hello,',
    paragraphs: [`Your sign-in code is ${p.code}. Type it on the sign-in page, or use the button below.`],
    action: { label: 'Sign in to my subscriptions', url: p.url },
    notes: [
      `The code and the button work once, for ${p.minutes} minutes.`,
      'If you did not ask to sign in, ignore this email: nobody can sign in without it.',
    ],
  }),
  'fr-FR': (p) => ({
    subject: `Votre code de connexion Nest : ${p.code}`,
    greeting: p.name ? `Bonjour ${p.name},` : 'Bonjour,',
    paragraphs: [
      `Votre code de connexion est ${p.code}. Saisissez-le sur la page de connexion, ou utilisez le bouton ci-dessous.`,
    ],
    action: { label: 'Accéder à mes abonnements', url: p.url },
    notes: [
      `Le code et le bouton fonctionnent une seule fois, pendant ${p.minutes} minutes.`,
      'Si vous n’avez pas demandé à vous connecter, ignorez cet e-mail : personne ne peut se connecter sans lui.',
    ],
  }),
};
