import { formatMoney } from '@nest/contracts';
import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price';

describe('the link page formats prices like the app’s money formatter', () => {
  it('writes cents in each locale without a float', () => {
    expect(formatPrice(1200, 'eur', 'fr-FR')).toBe(formatMoney(1200, 'eur', 'fr-FR'));
    expect(formatPrice(1200, 'eur', 'en-US')).toBe('€12.00');
    expect(formatPrice(250_000, 'EUR', 'fr-FR')).toMatch(/^2\s500,00\s€$/);
    expect(formatPrice(10, 'eur', 'en-US')).toBe('€0.10');
  });

  it('refuses anything but whole cents', () => {
    expect(() => formatPrice(12.5, 'eur', 'en-US')).toThrow(RangeError);
  });
});
