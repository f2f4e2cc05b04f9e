import { describe, expect, it } from 'vitest';
import { detectLocale } from './detect-locale';

describe('locale detection (cookie, then browser languages, then en-US)', () => {
  it('prefers the locale cookie', () => {
    expect(detectLocale('fr-FR', ['en-US'])).toBe('fr-FR');
    expect(detectLocale('en-US', ['fr-FR'])).toBe('en-US');
  });

  it('ignores an unknown cookie value and uses the browser languages', () => {
    expect(detectLocale('de-DE', ['fr-CA', 'en'])).toBe('fr-FR');
    expect(detectLocale(undefined, ['de', 'fr'])).toBe('fr-FR');
  });

  it('prefers the address’s ?lang= (the language versions listed for search engines) to the cookie', () => {
    expect(detectLocale('en-US', ['en-US'], 'fr')).toBe('fr-FR');
    expect(detectLocale('fr-FR', ['fr-FR'], 'en')).toBe('en-US');
    expect(detectLocale('fr-FR', ['en-US'], 'de')).toBe('fr-FR');
    expect(detectLocale(undefined, ['fr-FR'], null)).toBe('fr-FR');
  });

  it('falls back to en-US', () => {
    expect(detectLocale(undefined, ['de-DE', 'ja'])).toBe('en-US');
    expect(detectLocale(undefined, [])).toBe('en-US');
  });
});
