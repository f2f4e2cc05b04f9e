import { describe, expect, it } from 'vitest';
import { emailTemplates, renderEmail } from '../../src/emails/render-email.js';

describe('email templates', () => {
  it('render in English and French with a text and an HTML part', () => {
    const params = { name: 'Léa', url: 'https://nest.example/admin/reset-password?token=abc', minutes: 30 };
    const en = renderEmail('en-US', 'password-reset', params);
    const fr = renderEmail('fr-FR', 'password-reset', params);
    expect(en.subject).toBe('Reset your Nest password');
    expect(fr.subject).toBe('Réinitialisez votre mot de passe Nest');
    expect(en.text).toContain('Hello Léa,');
    expect(en.text).toContain('Choose a new password: https://nest.example/admin/reset-password?token=abc');
    expect(fr.text).toContain('pendant 30 minutes');
    expect(en.html).toContain('<html lang="en-US">');
    expect(fr.html).toContain('href="https://nest.example/admin/reset-password?token=abc"');
  });

  it('escape params in the HTML', () => {
    const email = renderEmail('en-US', 'email-changed', {
      name: '<script>alert("x")</script>',
      newEmail: 'a&b@example.com',
    });
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(email.html).toContain('a&amp;b@example.com');
    expect(email.text).toContain('<script>'); // plain text is not HTML
  });

  it('refuse to turn a non-web link into a button', () => {
    expect(() =>
      renderEmail('en-US', 'password-reset', { name: 'x', url: 'javascript:alert(1)', minutes: 30 }),
    ).toThrow(/non-web link/);
  });

  it('exist in every language for every template', () => {
    for (const template of Object.values(emailTemplates)) {
      expect(Object.keys(template).sort()).toEqual(['en-US', 'fr-FR']);
    }
  });
});
