import type { EmailTemplate } from '../render-email.js';

export interface CustomerLoginLockedParams {
  /** Empty when the customer never gave one. */
  name: string;
  hours: number;
  loginUrl: string;
}

export const customerLoginLocked: EmailTemplate<CustomerLoginLockedParams> = {
  'en-US': (p) => ({
    subject: 'Sign-in by code to Nest is paused for your email',
    greeting: p.name ? `Hello ${p.name},` : 'Hello,',
    paragraphs: [
      `Many wrong sign-in codes were typed for your email. To protect your subscriptions, sign-in by code is paused for ${p.hours} hours.`,
      'You can still sign in: ask for a new sign-in email and use its button instead of the code.',
    ],
    action: { label: 'Go to the sign-in page', url: p.loginUrl },
    notes: ['If it was not you, nothing else is needed: nobody can sign in without access to your mailbox.'],
  }),
  'fr-FR': (p) => ({
    subject: 'La connexion par code à Nest est suspendue pour votre adresse',
    greeting: p.name ? `Bonjour ${p.name},` : 'Bonjour,',
    paragraphs: [
      `De nombreux codes de connexion erronés ont été saisis pour votre adresse. Pour protéger vos abonnements, la connexion par code est suspendue pendant ${p.hours} heures.`,
      'Vous pouvez toujours vous connecter : demandez un nouvel e-mail de connexion et utilisez son bouton plutôt que le code.',
    ],
    action: { label: 'Aller à la page de connexion', url: p.loginUrl },
    notes: [
      'Si ce n’était pas vous, vous n’avez rien d’autre à faire : personne ne peut se connecter sans accès à votre boîte mail.',
    ],
  }),
};
