import type { EmailTemplate } from '../render-email.js';
import { type EventEmailParams, eventCalendar, eventWhen } from './event-format.js';

/** Sent when a customer registers for an event, with the calendar file. */
export const eventRegistered: EmailTemplate<EventEmailParams> = {
  'en-US': (p) => ({
    subject: `You are registered: ${p.title} at ${p.nestName}`,
    greeting: p.name ? `Hello ${p.name},` : 'Hello,',
    paragraphs: [
      `Your place at “${p.title}” is booked${p.guests > 0 ? ', with one guest' : ''}.`,
      `When: ${eventWhen('en-US', p)}`,
      ...(p.place ? [`Where: ${p.place}`] : []),
      'Show your pass at the door. The calendar file attached adds the event to your calendar.',
    ],
    action: { label: 'See my registrations', url: p.areaUrl },
    notes: ['Cannot come after all? Cancel from your area so someone else can take your place.'],
    attachments: [eventCalendar(p)],
  }),
  'fr-FR': (p) => ({
    subject: `Inscription confirmée : ${p.title} chez ${p.nestName}`,
    greeting: p.name ? `Bonjour ${p.name},` : 'Bonjour,',
    paragraphs: [
      `Votre place pour « ${p.title} » est réservée${p.guests > 0 ? ', avec un invité' : ''}.`,
      `Quand : ${eventWhen('fr-FR', p)}`,
      ...(p.place ? [`Où : ${p.place}`] : []),
      'Présentez votre pass à l’entrée. Le fichier calendrier joint ajoute l’évènement à votre agenda.',
    ],
    action: { label: 'Voir mes inscriptions', url: p.areaUrl },
    notes: ['Finalement indisponible ? Annulez depuis votre espace pour libérer votre place.'],
    attachments: [eventCalendar(p)],
  }),
};
