import type { EmailTemplate } from '../render-email.js';

export interface WebhookEndpointDisabledParams {
  name: string;
  url: string;
  /** The developers page, where the endpoint is turned back on. */
  settingsUrl: string;
}

/** Sent once when an endpoint is disabled after every retry of a delivery failed for about 3 days. */
export const webhookEndpointDisabled: EmailTemplate<WebhookEndpointDisabledParams> = {
  'en-US': (p) => ({
    subject: 'A webhook endpoint of your Nest was disabled',
    greeting: `Hello ${p.name},`,
    paragraphs: [
      `We could not deliver events to ${p.url} for about 3 days, so we stopped sending to it.`,
      'Fix the receiver, then turn the endpoint back on and replay the deliveries you missed from the developers page.',
    ],
    notes: [p.settingsUrl],
  }),
  'fr-FR': (p) => ({
    subject: 'Une adresse de webhooks de votre Nest a été désactivée',
    greeting: `Bonjour ${p.name},`,
    paragraphs: [
      `Nous n’avons pas pu envoyer d’événements à ${p.url} pendant environ 3 jours : nous avons arrêté de lui en envoyer.`,
      'Réparez le récepteur, puis réactivez l’adresse et renvoyez les envois manqués depuis la page développeurs.',
    ],
    notes: [p.settingsUrl],
  }),
};
