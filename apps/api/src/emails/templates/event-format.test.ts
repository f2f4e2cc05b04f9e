import { describe, expect, it } from 'vitest';
import { renderEmail } from '../render-email.js';

const params = {
  name: 'Inès',
  nestName: 'Café Lumière',
  eventId: '5b0c1b0e-8f1e-4c55-9d7e-1a2b3c4d5e6f',
  title: 'Dégustation, nouvelles torréfactions; et plus',
  description: 'Cinq cafés.\nAvec le torréfacteur.',
  place: '12 rue Oberkampf, Paris',
  startsAt: '2026-05-14T16:30:00.000Z',
  endsAt: '2026-05-14T18:30:00.000Z',
  timeZone: 'Europe/Paris',
  guests: 1,
  areaUrl: 'https://nest.example/client/app/overview',
  host: 'nest.example',
};

describe('event emails', () => {
  it('confirms in French with the time in the nest’s zone and a valid calendar file', () => {
    const mail = renderEmail('fr-FR', 'event-registered', params);
    expect(mail.subject).toBe(
      'Inscription confirmée : Dégustation, nouvelles torréfactions; et plus chez Café Lumière',
    );
    expect(mail.text).toContain('jeudi 14 mai 2026, 18:30 – 20:30');
    expect(mail.text).toContain('avec un invité');
    const ics = mail.attachments![0]!.content;
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('DTSTART:20260514T163000Z\r\n');
    expect(ics).toContain('UID:event-5b0c1b0e-8f1e-4c55-9d7e-1a2b3c4d5e6f@nest.example');
    expect(ics).toContain('LOCATION:12 rue Oberkampf\\, Paris');
    // Lines are folded at 75 octets.
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('cancels with METHOD:CANCEL, and reminds in English', () => {
    expect(renderEmail('en-US', 'event-canceled', params).attachments![0]!.content).toContain(
      'METHOD:CANCEL',
    );
    expect(renderEmail('en-US', 'event-reminder', params).subject).toBe(
      'Tomorrow: Dégustation, nouvelles torréfactions; et plus at Café Lumière',
    );
  });
});
