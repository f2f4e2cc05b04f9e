/**
 * Intl's number and date formatters, made once per language and options and then kept. Making one
 * costs far more than formatting with it (ICU loads and resolves the locale's patterns each time):
 * measured on the merchant dashboard at 4× CPU, the same formatters made again on each render and for
 * each amount cost 90 ms before its first paint. Every formatter the apps need goes through here.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
/** The keys are languages × a few option sets × time zones: a bound only against a runaway caller. */
const KEPT_AT_MOST = 500;

function kept<T>(formats: Map<string, T>, key: string, make: () => T): T {
  let format = formats.get(key);
  if (format === undefined) {
    if (formats.size >= KEPT_AT_MOST) formats.clear();
    format = make();
    formats.set(key, format);
  }
  return format;
}

/** `new Intl.NumberFormat(locale, options)`, made once. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept(
    numberFormats,
    `${locale} ${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(locale, options),
  );
}

/** `new Intl.DateTimeFormat(locale, options)`, made once (an unknown time zone still throws). */
export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  return kept(
    dateTimeFormats,
    `${locale} ${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}
