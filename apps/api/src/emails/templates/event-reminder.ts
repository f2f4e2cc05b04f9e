import type { EmailTemplate } from '../render-email.js';
import { type EventEmailParams, eventCalendar, eventWhen } from './event-format.js';

/** Sent the day before an event to each registered customer. */
export const eventReminder: EmailTemplate<EventEmailParams> = {
  'en-US': (p) => ({
    subject: `Tomorrow: ${p.title} at ${p.nestName}`,
    greeting: p.name ? `Hello ${p.name},` : 'Hello,',
    paragraphs: [
      `A reminder: you are registered for “${p.title}”${p.guests > 0 ? ' with one guest' : ''}.`,
      `When: ${eventWhen('en-US', p)}`,
      ...(p.place ? [`Where: ${p.place}`] : []),
      'Show your pass at the door.',
    ],
    action: { label: 'Open my area', url: p.areaUrl },
    notes: ['Cannot come? Cancel from your area so someone else can take your place.'],
    attachments: [eventCalendar(p)],
  }),
  'fr-FR': (p) => ({
    subject: `Demain : ${p.title} chez ${p.nestName}`,
    greeting: p.name ? `Bonjour ${p.name},` : 'Bonjour,',
    paragraphs: [
      `Un rappel : vous êtes inscrit à « ${p.title} »${p.guests > 0 ? ' avec un invité' : ''}.`,
      `Quand : ${eventWhen('fr-FR', p)}`,
      ...(p.place ? [`Où : ${p.place}`] : []),
      'Présentez votre pass à l’entrée.',
    ],
    action: { label: 'Ouvrir mon espace', url: p.areaUrl },
    notes: ['Empêché ? Annulez depuis votre espace pour libérer votre place.'],
    attachments: [eventCalendar(p)],
  }),
};
