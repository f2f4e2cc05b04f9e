import { formatMoney } from '@nest/contracts';
import { describe, expect, it } from 'vitest';
import { renderEmail } from '../../src/emails/render-email.js';

describe('plan emails, in both languages', () => {
  it('formats cents as money in each locale, without floats', () => {
    expect(formatMoney(1900, 'eur', 'en-US')).toBe('€19.00');
    expect(formatMoney(1900, 'eur', 'fr-FR')).toMatch(/^19,00\s€$/);
    expect(formatMoney(1_000_005, 'eur', 'fr-FR')).toMatch(/^10\s000,05\s€$/);
    expect(formatMoney(-5, 'eur', 'en-US')).toBe('-€0.05');
    expect(() => formatMoney(19.5, 'eur', 'en-US')).toThrow(RangeError);
  });

  it('a receipt says what was paid, for which plan, until when', () => {
    const params = {
      name: 'Camille',
      planName: 'Nest Pro',
      amountCents: 4900,
      currency: 'eur',
      paidAt: '2030-03-01T10:00:00Z',
      periodEnd: '2030-04-01T10:00:00Z',
      invoiceNumber: 'in_123',
      timeZone: 'Europe/Paris',
      accountUrl: 'https://nest.example/admin/app/account',
    };
    const en = renderEmail('en-US', 'plan-receipt', params);
    expect(en.subject).toBe('Receipt for your Nest Pro plan');
    expect(en.text).toContain('€49.00');
    expect(en.text).toContain('April 1, 2030');
    const fr = renderEmail('fr-FR', 'plan-receipt', params);
    expect(fr.subject).toBe('Reçu pour votre formule Nest Pro');
    expect(fr.text).toMatch(/49,00\s€/);
    expect(fr.text).toContain('1 avril 2030');
  });

  it('a failed renewal gives the reason and the way to recover', () => {
    const params = {
      name: 'Camille',
      planName: 'Nest Starter',
      amountCents: 1900,
      currency: 'eur',
      failureCode: 'insufficient_funds',
      nextAttemptAt: '2030-03-02T10:00:00Z',
      timeZone: 'Europe/Paris',
      recoverUrl: 'https://nest.example/admin/onboarding/payment/recover',
    };
    const en = renderEmail('en-US', 'plan-renewal-failed', params);
    expect(en.text).toContain('insufficient funds');
    expect(en.text).toContain('https://nest.example/admin/onboarding/payment/recover');
    expect(en.html).toContain('href="https://nest.example/admin/onboarding/payment/recover"');
    const fr = renderEmail('fr-FR', 'plan-renewal-failed', params);
    expect(fr.subject).toBe('Votre formule Nest Starter n’a pas pu être renouvelée');
    expect(fr.text).toContain('fonds insuffisants');
  });

  it('plan changes and cancellations say when they take effect', () => {
    const change = {
      name: 'Camille',
      fromPlanName: 'Nest Pro',
      toPlanName: 'Nest Starter',
      effective: 'period_end' as const,
      effectiveAt: '2030-04-01T10:00:00Z',
      timeZone: 'Europe/Paris',
      accountUrl: 'https://nest.example/admin/app/account',
    };
    expect(renderEmail('en-US', 'plan-changed', change).text).toContain('on April 1, 2030');
    expect(renderEmail('fr-FR', 'plan-changed', change).text).toContain('le 1 avril 2030');
    const cancel = {
      name: 'Camille <b>',
      planName: 'Nest Pro',
      endsAt: '2030-04-01T10:00:00Z',
      timeZone: 'Europe/Paris',
      pricingUrl: 'https://nest.example/admin/pricing',
    };
    const en = renderEmail('en-US', 'plan-cancelled', cancel);
    expect(en.text).toContain('You keep it until April 1, 2030');
    expect(en.html).toContain('Camille &lt;b&gt;');
    expect(renderEmail('fr-FR', 'plan-cancelled', cancel).subject).toBe(
      'Votre formule Nest Pro est résiliée',
    );
  });
});
