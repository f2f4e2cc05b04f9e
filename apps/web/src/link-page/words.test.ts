import { locales } from '@nest/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { catalogues, createTranslator } from './words';

/** Every key of a catalogue, plural suffixes folded ("trial_one" → "trial"). */
function keysOf(node: object, prefix = ''): string[] {
  return Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );
}

const values = {
  nest: 'Café Lumière',
  price: '12,00 €',
  reward: 'Un café',
  name: 'Léa',
  title: 'Page',
  offer: 'Club',
  path: '/x',
  status: 500,
};

describe('the link page’s translator', () => {
  for (const locale of locales) {
    for (const ns of ['common', 'checkout'] as const) {
      it(`answers like i18next for every ${locale} "${ns}" key, with and without a count`, async () => {
        const reference = i18next.createInstance();
        await reference.init({
          lng: locale,
          resources: { [locale]: { [ns]: catalogues[locale][ns] } },
          ns: [ns],
          defaultNS: ns,
          fallbackLng: false,
          interpolation: { escapeValue: false },
        });
        const t = createTranslator(catalogues[locale][ns], locale);
        // Untyped on purpose: every key of the catalogue, whatever the app's typed keys say.
        const expected = (key: string, options: object) =>
          String((reference.t as (key: string, options: object) => unknown)(key, options));
        for (const key of new Set(keysOf(catalogues[locale][ns]))) {
          expect(t(key, values), key).toBe(expected(key, values));
          for (const count of [0, 1, 2, 7]) {
            expect(t(key, { ...values, count }), `${key} ${count}`).toBe(expected(key, { ...values, count }));
          }
        }
      });
    }
  }

  it('uses the locale’s plural rules: French says "1 jour" and "0 jour"', () => {
    const t = createTranslator(catalogues['fr-FR'].checkout, 'fr-FR');
    expect(t('offer.trial', { count: 0 })).toBe(t('offer.trial', { count: 1 }));
    expect(t('offer.trial', { count: 2 })).not.toBe(t('offer.trial', { count: 1 }));
  });

  it('answers a missing key with the key itself', () => {
    expect(createTranslator(catalogues['en-US'].checkout, 'en-US')('nothing.here')).toBe('nothing.here');
  });
});
