import type { EmailTemplate } from '../render-email.js';

export interface PasswordResetParams {
  name: string;
  url: string;
  minutes: number;
}

export const passwordReset: EmailTemplate<PasswordResetParams> = {
  'en-US': (p) => ({
    subject: 'Reset your Nest password',
    greeting: `Hello ${p.name},`,
    paragraphs: ['Someone, hopefully you, asked to reset the password of your Nest account.'],
    action: { label: 'Choose a new password', url: p.url },
    notes: [
      `This link works once, for ${p.minutes} minutes. Choosing a new password signs you out everywhere.`,
      'If you did not ask for this, ignore this email: your password stays as it is.',
    ],
  }),
  'fr-FR': (p) => ({
    subject: 'Réinitialisez votre mot de passe Nest',
    greeting: `Bonjour ${p.name},`,
    paragraphs: [
      'Quelqu’un, sans doute vous, a demandé à réinitialiser le mot de passe de votre compte Nest.',
    ],
    action: { label: 'Choisir un nouveau mot de passe', url: p.url },
    notes: [
      `Ce lien fonctionne une seule fois, pendant ${p.minutes} minutes. Choisir un nouveau mot de passe vous déconnecte partout.`,
      'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe ne change pas.',
    ],
  }),
};
