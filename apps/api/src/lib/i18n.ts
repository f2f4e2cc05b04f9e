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

/** The request's language: the locale cookie the web app writes, then Accept-Language. */
export function requestLocale(request: FastifyRequest): Locale {
  const fromCookie = request.cookies?.[LOCALE_COOKIE];
  if (isLocale(fromCookie)) return fromCookie;
  return matchLocale(parseAcceptLanguage(request.headers['accept-language'])) ?? defaultLocale;
}
