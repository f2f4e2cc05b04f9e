import type { EmailTemplate } from '../render-email.js';

export interface EmailChangedParams {
  name: string;
  newEmail: string;
}

/** Sent to the previous address when a merchant changes their email. */
export const emailChanged: EmailTemplate<EmailChangedParams> = {
  'en-US': (p) => ({
    subject: 'Your Nest email address was changed',
    greeting: `Hello ${p.name},`,
    paragraphs: [`Your Nest account now uses ${p.newEmail}. We will no longer write to this address.`],
    notes: [
      'If this was not you, someone else may have access to your account: contact Nest support right away.',
    ],
  }),
  'fr-FR': (p) => ({
    subject: 'L’adresse e-mail de votre compte Nest a changé',
    greeting: `Bonjour ${p.name},`,
    paragraphs: [`Votre compte Nest utilise désormais ${p.newEmail}. Nous n’écrirons plus à cette adresse.`],
    notes: [
      'Si ce n’était pas vous, quelqu’un d’autre a peut-être accès à votre compte : contactez immédiatement le support Nest.',
    ],
  }),
};
