import { describe, expect, it } from 'vitest';
import { matchLocale, parseAcceptLanguage } from './locales.js';

describe('locale matching', () => {
  it('orders Accept-Language by quality', () => {
    expect(parseAcceptLanguage('en;q=0.5, fr-CA, de;q=0.8')).toEqual(['fr-CA', 'de', 'en']);
  });
  it('maps a regional French to fr-FR and unknown languages to nothing', () => {
    expect(matchLocale(['fr-CA'])).toBe('fr-FR');
    expect(matchLocale(['de', 'en-GB'])).toBe('en-US');
    expect(matchLocale(['de'])).toBeUndefined();
  });
});
