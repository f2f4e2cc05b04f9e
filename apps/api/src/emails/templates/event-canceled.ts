import type { EmailTemplate } from '../render-email.js';
import { type EventEmailParams, eventCalendar, eventWhen } from './event-format.js';

/** Sent to every registered customer when the merchant cancels an event. */
export const eventCanceled: EmailTemplate<EventEmailParams> = {
  'en-US': (p) => ({
    subject: `Cancelled: ${p.title} at ${p.nestName}`,
    greeting: p.name ? `Hello ${p.name},` : 'Hello,',
    paragraphs: [
      `${p.nestName} has cancelled “${p.title}” (${eventWhen('en-US', p)}). Your registration is cancelled; your subscription is not affected.`,
      'The calendar file attached removes the event from your calendar.',
    ],
    action: { label: 'Open my area', url: p.areaUrl },
    attachments: [eventCalendar(p, true)],
  }),
  'fr-FR': (p) => ({
    subject: `Annulé : ${p.title} chez ${p.nestName}`,
    greeting: p.name ? `Bonjour ${p.name},` : 'Bonjour,',
    paragraphs: [
      `${p.nestName} a annulé « ${p.title} » (${eventWhen('fr-FR', p)}). Votre inscription est annulée ; votre abonnement n’est pas concerné.`,
      'Le fichier calendrier joint retire l’évènement de votre agenda.',
    ],
    action: { label: 'Ouvrir mon espace', url: p.areaUrl },
    attachments: [eventCalendar(p, true)],
  }),
};
