import type { EmailTemplate } from '../render-email.js';

export interface DataExportReadyParams {
  name: string;
  url: string;
  days: number;
}

export const dataExportReady: EmailTemplate<DataExportReadyParams> = {
  'en-US': (p) => ({
    subject: 'Your Nest data is ready to download',
    greeting: p.name ? `Hello ${p.name},` : 'Hello,',
    paragraphs: [
      'You asked for a copy of your data. It is ready: one ZIP file with each kind of data as JSON and as CSV (for a spreadsheet).',
    ],
    action: { label: 'Download my data', url: p.url },
    notes: [
      `The link works for ${p.days} days; after that, ask for a new copy from your account.`,
      'If you did not ask for this, change your password (merchants) or contact us: someone may be using your account.',
    ],
  }),
  'fr-FR': (p) => ({
    subject: 'Vos données Nest sont prêtes à télécharger',
    greeting: p.name ? `Bonjour ${p.name},` : 'Bonjour,',
    paragraphs: [
      'Vous avez demandé une copie de vos données. Elle est prête : un fichier ZIP avec chaque type de données en JSON et en CSV (pour un tableur).',
    ],
    action: { label: 'Télécharger mes données', url: p.url },
    notes: [
      `Le lien fonctionne ${p.days} jours ; ensuite, demandez une nouvelle copie depuis votre compte.`,
      'Si vous n’êtes pas à l’origine de cette demande, changez votre mot de passe (commerçants) ou contactez-nous : quelqu’un utilise peut-être votre compte.',
    ],
  }),
};
