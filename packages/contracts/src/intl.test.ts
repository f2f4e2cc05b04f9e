import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl.js';

describe('kept Intl formatters', () => {
  it('makes one formatter per language and options, and formats as Intl does', () => {
    const euros = numberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
    expect(numberFormat('fr-FR', { style: 'currency', currency: 'EUR' })).toBe(euros);
    expect(numberFormat('en-US', { style: 'currency', currency: 'EUR' })).not.toBe(euros);
    expect(euros.format(19)).toBe(
      new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(19),
    );
    const paris = dateTimeFormat('en-US', { timeStyle: 'short', timeZone: 'Europe/Paris' });
    expect(dateTimeFormat('en-US', { timeStyle: 'short', timeZone: 'Europe/Paris' })).toBe(paris);
    expect(dateTimeFormat('en-US', { timeStyle: 'short', timeZone: 'UTC' })).not.toBe(paris);
    expect(paris.format(new Date('2026-06-01T10:00:00Z'))).toBe('12:00 PM');
  });

  it('still refuses what Intl refuses, and keeps nothing for it', () => {
    expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});
