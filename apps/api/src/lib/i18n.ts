import {
  defaultLocale,
  isLocale,
  LOCALE_COOKIE,
  type Locale,
  matchLocale,
  parseAcceptLanguage,
} from '@nest/contracts';
import type { FastifyRequest } from 'fastify';
import { enUS, type Messages } from '../locales/en-US.js';
import { frFR } from '../locales/fr-FR.js';

const catalogues: Record<Locale, Messages> = { 'en-US': enUS, 'fr-FR': frFR };

export function messages(locale: Locale): Messages {
  return catalogues[locale];
}

/** Replaces {{name}} placeholders. */
export function interpolate(text: string, params: Record<string, unknown> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key] ?? ''));
}

/**
 * A wait as people say it, in the locale: seconds under two minutes, then whole minutes under two
 * hours, then hours, rounded up ("45 seconds", "15 minutes", "2 heures"): a lockout of an hour is not
 * "3591 seconds".
 */
export function waitText(locale: Locale, seconds: number): string {
  const [value, unit] =
    seconds < 120
      ? [Math.max(1, Math.ceil(seconds)), 'second']
      : seconds < 7200
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** The request's language: the locale cookie the web app writes, then Accept-Language. */
export function requestLocale(request: FastifyRequest): Locale {
  const fromCookie = request.cookies?.[LOCALE_COOKIE];
  if (isLocale(fromCookie)) return fromCookie;
  return matchLocale(parseAcceptLanguage(request.headers['accept-language'])) ?? defaultLocale;
}
