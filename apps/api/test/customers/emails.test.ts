import { describe, expect, it } from 'vitest';
import { renderEmail } from '../../src/emails/render-email.js';

describe('customer email templates', () => {
  it('sign-in: the code in the subject and text, the link as the button, in both languages', () => {
    const params = {
      name: '',
      code: '042137',
      url: 'https://nest.example/client/login?token=abc&email=a%40b.co',
      minutes: 15,
    };
    const en = renderEmail('en-US', 'customer-login', params);
    const fr = renderEmail('fr-FR', 'customer-login', params);
    expect(en.subject).toBe('Your Nest sign-in code: 042137');
    expect(en.text).toContain('Hello,');
    expect(en.text).toContain('for 15 minutes');
    expect(fr.subject).toBe('Votre code de connexion Nest : 042137');
    expect(fr.html).toContain('href="https://nest.example/client/login?token=abc&amp;email=a%40b.co"');
  });

  it('sign-in locked: how long, and the way in that still works, in both languages', () => {
    const params = { name: 'Léa', hours: 24, loginUrl: 'https://nest.example/client/login' };
    const en = renderEmail('en-US', 'customer-login-locked', params);
    const fr = renderEmail('fr-FR', 'customer-login-locked', params);
    expect(en.subject).toBe('Sign-in by code to Nest is paused for your email');
    expect(en.text).toContain('Hello Léa,');
    expect(en.text).toContain('paused for 24 hours');
    expect(fr.subject).toBe('La connexion par code à Nest est suspendue pour votre adresse');
    expect(fr.text).toContain('suspendue pendant 24 heures');
    expect(fr.html).toContain('href="https://nest.example/client/login"');
  });

  it('payment failed: amount in the customer’s language and the pay-now link', () => {
    const params = {
      name: 'Léa',
      nestName: 'Café <b>',
      offerName: 'Coffee club',
      amountCents: 2900,
      currency: 'eur',
      payUrl: 'https://nest.example/client/app/overview?pay=123',
    };
    const en = renderEmail('en-US', 'customer-payment-failed', params);
    const fr = renderEmail('fr-FR', 'customer-payment-failed', params);
    expect(en.text).toContain('€29.00');
    expect(fr.text).toContain('29,00');
    expect(fr.text).toContain('Payer maintenant\u00a0: https://nest.example/client/app/overview?pay=123');
    expect(en.html).not.toContain('<b>');
  });

  it('cancellation: the end date in the nest’s time zone', () => {
    const params = {
      name: 'Léa',
      nestName: 'Café Lune',
      offerName: 'Coffee club',
      endsAt: '2030-03-10T23:30:00Z',
      timeZone: 'Europe/Paris',
      areaUrl: 'https://nest.example/client/app/overview',
    };
    expect(renderEmail('en-US', 'customer-cancelled', params).text).toContain('March 11, 2030');
    expect(renderEmail('fr-FR', 'customer-cancelled', params).text).toContain('11 mars 2030');
  });
});
