import type { EmailTemplate } from '../render-email.js';

export interface PasswordChangedParams {
  name: string;
  /** The sign-in page, where "forgot your password" starts a reset if the change was not theirs. */
  loginUrl: string;
}

/** Sent after a password change or reset, so a takeover does not go unnoticed. */
export const passwordChanged: EmailTemplate<PasswordChangedParams> = {
  'en-US': (p) => ({
    subject: 'Your Nest password was changed',
    greeting: `Hello ${p.name},`,
    paragraphs: ['The password of your Nest account was just changed. Other devices were signed out.'],
    notes: [`If this was not you, reset your password now from the sign-in page: ${p.loginUrl}`],
  }),
  'fr-FR': (p) => ({
    subject: 'Votre mot de passe Nest a été modifié',
    greeting: `Bonjour ${p.name},`,
    paragraphs: [
      'Le mot de passe de votre compte Nest vient d’être modifié. Vos autres appareils ont été déconnectés.',
    ],
    notes: [
      `Si ce n’était pas vous, réinitialisez votre mot de passe maintenant depuis la page de connexion : ${p.loginUrl}`,
    ],
  }),
};
