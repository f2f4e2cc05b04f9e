export const locales = ['en-US', 'fr-FR'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en-US';
export const LOCALE_COOKIE = 'nest_locale';
export const LOCALE_COOKIE_MAX_AGE_DAYS = 365;
export const COLOR_MODE_COOKIE = 'nest_color_mode';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** Picks the best supported locale from a list of language tags ("fr", "fr-CA", "en-GB", ...). */
export function matchLocale(tags: readonly string[]): Locale | undefined {
  for (const tag of tags) {
    const lower = tag.trim().toLowerCase();
    const exact = locales.find((l) => l.toLowerCase() === lower);
    if (exact) return exact;
    const base = lower.split('-')[0];
    const byLanguage = locales.find((l) => l.toLowerCase().startsWith(`${base}-`));
    if (byLanguage) return byLanguage;
  }
  return undefined;
}

/** Parses an Accept-Language header into tags, best first. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((e) => e.tag && e.tag !== '*' && !Number.isNaN(e.q))
    .sort((a, b) => b.q - a.q)
    .map((e) => e.tag);
}

/**
 * "Label: " in the page's language: French typography puts a no-break space before the colon
 * ("E-mail : …"), English none.
 */
export function labelColon(label: string, locale: string): string {
  return locale.startsWith('fr') ? `${label}\u00a0:` : `${label}:`;
}
