import { describe, expect, it } from 'vitest';
import { labelColon, matchLocale, parseAcceptLanguage } from './locales.js';

describe('locale matching', () => {
  it('orders Accept-Language by quality', () => {
    expect(parseAcceptLanguage('en;q=0.5, fr-CA, de;q=0.8')).toEqual(['fr-CA', 'de', 'en']);
  });
  it('maps a regional French to fr-FR and unknown languages to nothing', () => {
    expect(matchLocale(['fr-CA'])).toBe('fr-FR');
    expect(matchLocale(['de', 'en-GB'])).toBe('en-US');
    expect(matchLocale(['de'])).toBeUndefined();
  });

  it('writes a label’s colon as each language does', () => {
    expect(labelColon('Email', 'en-US')).toBe('Email:');
    expect(labelColon('E-mail', 'fr-FR')).toBe('E-mail\u00a0:');
  });
});
