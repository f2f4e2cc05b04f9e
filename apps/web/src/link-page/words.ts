import type { Locale } from '@nest/contracts';
import enCheckout from '@/locales/en-US/checkout.json';
import enCommon from '@/locales/en-US/common.json';
import frCheckout from '@/locales/fr-FR/checkout.json';
import frCommon from '@/locales/fr-FR/common.json';

/**
 * The standalone link page's words: the same catalogues as the app (src/locales, both languages
 * bundled, ~4 kB gzipped: switching language needs no download) read by a translator of a few lines
 * instead of i18next and react-i18next (~17 kB gzipped), ADR 077. It follows i18next's rules for what
 * these catalogues use: nested keys, {{placeholders}} (not escaped: React escapes), and plurals
 * chosen by `count` with the locale's plural rules (`key_one`, `key_other`…). A unit test checks it
 * answers like i18next for every key of both catalogues.
 */
export const catalogues = {
  'en-US': { common: enCommon, checkout: enCheckout },
  'fr-FR': { common: frCommon, checkout: frCheckout },
} satisfies Record<Locale, { common: object; checkout: object }>;

export type Translate = (key: string, values?: Record<string, unknown>) => string;

function lookup(catalogue: object, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A translator over one catalogue: a missing key answers the key itself, as i18next does. */
export function createTranslator(catalogue: object, locale: Locale): Translate {
  const plurals = new Intl.PluralRules(locale);
  return (key, values = {}) => {
    const count = values.count;
    const text =
      (typeof count === 'number'
        ? (lookup(catalogue, `${key}_${plurals.select(count)}`) ?? lookup(catalogue, `${key}_other`))
        : undefined) ??
      lookup(catalogue, key) ??
      key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
      name in values ? String(values[name]) : match,
    );
  };
}
