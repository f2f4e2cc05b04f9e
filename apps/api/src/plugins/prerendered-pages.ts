import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defaultLocale, escapeHtml, isLocale, type Locale, matchLocale } from '@nest/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { requestLocale } from '../lib/i18n.js';

/**
 * The public pages the web build prerenders (`/`, `/legal`, each legal document, in each language),
 * its sitemap and robots.txt (ADR 198), read once at start from `<dist>/prerendered/` with the
 * build's placeholders filled: `{{publicUrl}}` (PUBLIC_URL) and `{{operator.…}}` (PLATFORM_*).
 */

const DIR = 'prerendered';

interface Manifest {
  pages: Record<string, Partial<Record<Locale, string>>>;
  redirects: Record<string, string>;
}

/** One prerendered page, as text and compressed once at start (the landing is ~40 kB of HTML, ADR 203). */
export interface PrerenderedPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

export interface PrerenderedPages {
  /** The page for this address in this language (the default language's if it has no other), or undefined. */
  page(pathname: string, locale: Locale): PrerenderedPage | undefined;
  /** Where a former address now lives, or undefined. */
  movedTo(pathname: string): string | undefined;
  sitemap: string;
  robots: string;
}

/** Who operates this Nest, from the configuration: the `{{operator.…}}` of the legal documents. */
export function operatorOf(config: Config): Record<string, string | null> {
  return {
    name: config.PLATFORM_LEGAL_NAME,
    address: config.PLATFORM_LEGAL_ADDRESS,
    companyId: config.PLATFORM_COMPANY_ID ?? null,
    vatNumber: config.PLATFORM_VAT_NUMBER ?? null,
    email: config.PLATFORM_CONTACT_EMAIL ?? null,
    phone: config.PLATFORM_PHONE ?? null,
    director: config.PLATFORM_PUBLICATION_DIRECTOR ?? null,
    hostName: config.PLATFORM_HOST_NAME ?? null,
    hostAddress: config.PLATFORM_HOST_ADDRESS ?? null,
    hostPhone: config.PLATFORM_HOST_PHONE ?? null,
    emailProvider: config.PLATFORM_EMAIL_PROVIDER ?? null,
  };
}

/** Fills the build's placeholders, every value HTML-escaped; the web app fills the same ones (features/legal/fill-operator.ts). */
export function fillPlaceholders(
  text: string,
  publicUrl: string,
  operator: Readonly<Record<string, string | null>>,
): string {
  return text
    .replaceAll('{{publicUrl}}', () => escapeHtml(publicUrl))
    .replace(/\{\{operator\.(\w+)\}\}/g, (_, key: string) => escapeHtml(operator[key] ?? '—'));
}

/** `/legal/` and `/legal` are one page; `/` stays `/`. */
export function pagePath(url: string): string {
  const pathname = url.split('?')[0] ?? '/';
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/**
 * The language of a prerendered page, as the web app picks it (lib/i18n): the address's `?lang=`
 * (the versions listed for search engines), then the locale cookie, then Accept-Language.
 */
export function pageLocale(request: FastifyRequest): Locale {
  const lang = new URLSearchParams(request.url.split('?')[1] ?? '').get('lang');
  const fromAddress = lang ? matchLocale([lang]) : undefined;
  return fromAddress ?? requestLocale(request);
}

function compressed(html: string): PrerenderedPage {
  const source = Buffer.from(html);
  return {
    html,
    br: brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzip: gzipSync(source, { level: 9 }),
  };
}

/** The encoding to send a prerendered page in: brotli, gzip, or none, as the request accepts. */
export function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = (acceptEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^\s*q=0(?:\.0*)?\s*$/.test(q))
    .map(([name]) => name?.trim());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

/**
 * Reads the prerendered pages of a build, or undefined when the build has none (an older build, or a
 * test's hand-written dist). `prepare` turns each page into what is sent (the runtime config's meta tag).
 */
export function loadPrerenderedPages(
  root: string,
  config: Config,
  prepare: (html: string) => string,
): PrerenderedPages | undefined {
  const manifestFile = path.join(root, DIR, 'manifest.json');
  if (!existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const operator = operatorOf(config);
  const read = (file: string) =>
    fillPlaceholders(readFileSync(path.join(root, DIR, file), 'utf8'), config.publicUrl, operator);
  const pages = new Map<string, PrerenderedPage>();
  for (const [pathname, files] of Object.entries(manifest.pages)) {
    for (const [locale, file] of Object.entries(files)) {
      if (isLocale(locale) && file) pages.set(`${locale} ${pathname}`, compressed(prepare(read(file))));
    }
  }
  return {
    page: (pathname, locale) =>
      pages.get(`${locale} ${pathname}`) ?? pages.get(`${defaultLocale} ${pathname}`),
    movedTo: (pathname) => manifest.redirects[pathname],
    sitemap: read('sitemap.xml'),
    robots: read('robots.txt'),
  };
}
