import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { legalProseClasses } from '../src/features/legal/components/legal-prose';
import { formerDocumentPaths, legalAudiences, legalDocuments } from '../src/features/legal/documents';
import {
  type RenderedLegalDocument,
  renderLegalMarkdown,
} from '../src/features/legal/markdown/render-legal-markdown';
import { PAINTED_ROOT_ATTRIBUTE } from '../src/lib/router-ready';
import { buildPageRenderer, type PageRenderer, type PageWords } from './page-renderer';

/**
 * The public pages written as HTML at build time, per language (ADR 198): `/`, `/legal` and each
 * legal document, with their title, description, canonical address, Open Graph and Twitter tags and
 * `hreflang` alternates. The landing and the two login pages are the app's own first render, painted
 * before any JavaScript (ADR 203, 205); the legal pages' words sit inside `<noscript>` in the app's root, so a crawler or a
 * browser without JavaScript reads them while the app replaces them on load. `{{publicUrl}}` and the
 * legal notice's `{{operator.…}}` are left for the API to fill from its configuration at start
 * (apps/api/src/plugins/prerendered-pages.ts): one build serves every environment (ADR 006).
 */

const LOCALES = ['en-US', 'fr-FR'] as const;
type PageLocale = (typeof LOCALES)[number];
const LANGUAGE: Record<PageLocale, string> = { 'en-US': 'en', 'fr-FR': 'fr' };
const OG_LOCALE: Record<PageLocale, string> = { 'en-US': 'en_US', 'fr-FR': 'fr_FR' };
export const PRERENDERED_DIR = 'prerendered';
/** In PRERENDERED_DIR: the page the API fills with a signed-in page it paints (ADR 209). */
export const APP_PAGE_TEMPLATE = 'app-page.html';
const PUBLIC_URL = '{{publicUrl}}';

type Words = Record<string, unknown>;

function word(words: Words, key: string, params: Record<string, string> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Words | undefined)?.[part], words);
  if (typeof value !== 'string') throw new Error(`Missing translation ${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** The address of one language's version: the page with `?lang=`, which the app and the API both honour. */
function versionUrl(pathname: string, locale: PageLocale | 'x-default'): string {
  const base = `${PUBLIC_URL}${pathname}`;
  return locale === 'x-default' ? base : `${base}?lang=${LANGUAGE[locale]}`;
}

interface Page {
  pathname: string;
  title: string;
  description: string;
  type: 'website' | 'article';
  body: string;
  /**
   * The body is what the app renders first (ADR 203): shown, not in `<noscript>`, and the root is
   * marked with its language so the app waits for the page's code and adopts it (main.tsx).
   */
  painted?: boolean;
  /** Listed in the sitemap (the login pages are not: nothing there for a search engine to read). */
  listed?: boolean;
  updatedAt?: string;
}

function headTags(page: Page, locale: PageLocale): string {
  const other = LOCALES.filter((l) => l !== locale);
  const title = escapeHtml(page.title);
  const description = escapeHtml(page.description);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${versionUrl(page.pathname, locale)}" />`,
    ...LOCALES.map(
      (l) => `<link rel="alternate" hreflang="${LANGUAGE[l]}" href="${versionUrl(page.pathname, l)}" />`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${versionUrl(page.pathname, 'x-default')}" />`,
    `<meta property="og:type" content="${page.type}" />`,
    '<meta property="og:site_name" content="Nest" />',
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${versionUrl(page.pathname, locale)}" />`,
    `<meta property="og:image" content="${PUBLIC_URL}/icons/icon-512.png" />`,
    `<meta property="og:locale" content="${OG_LOCALE[locale]}" />`,
    ...other.map((l) => `<meta property="og:locale:alternate" content="${OG_LOCALE[l]}" />`),
    '<meta name="twitter:card" content="summary" />',
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  ].join('\n    ');
}

function longDate(date: string, locale: PageLocale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

const LINK = 'font-medium text-brand-700 underline';

function frame(words: { common: Words; landing: Words }, main: string): string {
  const legalLinks = legalDocuments
    .map(
      (d) =>
        `<li><a class="hover:underline" href="/legal/documents/${d.path}">${escapeHtml(word(words.common, `legalDocuments.${d.id}`))}</a></li>`,
    )
    .join('');
  return `<div class="flex min-h-dvh flex-col">
<header class="border-b border-slate-200 px-4 py-4 sm:px-6"><a class="text-lg font-semibold" href="/">${escapeHtml(word(words.common, 'brand.name'))}</a></header>
<main id="main-content" class="flex-1 px-4 py-10 sm:px-6">${main}</main>
<footer class="border-t border-slate-200 px-4 py-8 text-sm text-slate-600 sm:px-6"><nav aria-label="${escapeHtml(word(words.landing, 'footer.legal'))}"><ul class="flex flex-wrap gap-4"><li><a class="hover:underline" href="/legal">${escapeHtml(word(words.common, 'nav.legal'))}</a></li>${legalLinks}</ul></nav></footer>
</div>`;
}

/** The words of a painted page's namespaces, read for one language. */
type ReadWords = (namespaces: readonly string[]) => PageWords;

async function landingPage(locale: PageLocale, renderer: PageRenderer, read: ReadWords): Promise<Page> {
  const words = read(renderer.paintedPages['/'] ?? []);
  return {
    pathname: '/',
    title: word(words.landing as Words, 'documentTitle'),
    description: word(words.landing as Words, 'hero.lead'),
    type: 'website',
    body: await renderer.renderPage('/', locale, words),
    painted: true,
    listed: true,
  };
}

/** The login pages' title and lead (namespace, key): the head's title and description. */
const LOGIN_PAGES = {
  '/admin/login': { title: ['admin', 'pages.login'], lead: ['auth', 'login.intro'] },
  '/client/login': { title: ['customers', 'pages.login'], lead: ['customers', 'login.intro'] },
} as const;

/** A login page, painted as the app renders it first (ADR 205). */
async function loginPage(
  pathname: keyof typeof LOGIN_PAGES,
  locale: PageLocale,
  renderer: PageRenderer,
  read: ReadWords,
): Promise<Page> {
  const words = read(renderer.paintedPages[pathname] ?? []);
  const { title, lead } = LOGIN_PAGES[pathname];
  return {
    pathname,
    title: word(words.common as Words, 'documentTitle', { title: word(words[title[0]] as Words, title[1]) }),
    description: word(words[lead[0]] as Words, lead[1]),
    type: 'website',
    body: await renderer.renderPage(pathname, locale, words),
    painted: true,
  };
}

function legalIndexPage(words: { common: Words; landing: Words; legal: Words }): Page {
  const { common, legal } = words;
  const groups = legalAudiences
    .map((audience) => {
      const items = legalDocuments
        .filter((d) => d.audience === audience)
        .map(
          (d) =>
            `<li><h3 class="font-semibold"><a class="${LINK}" href="/legal/documents/${d.path}">${escapeHtml(word(common, `legalDocuments.${d.id}`))}</a></h3><p class="mt-1 text-sm text-slate-600">${escapeHtml(word(legal, `documents.${d.id}.summary`))}</p></li>`,
        )
        .join('');
      return `<section class="mt-8"><h2 class="mb-3 text-lg font-semibold">${escapeHtml(word(legal, `audiences.${audience}`))}</h2><ul class="space-y-4">${items}</ul></section>`;
    })
    .join('\n');
  const main = `<div class="mx-auto max-w-4xl"><h1 class="text-3xl font-semibold tracking-tight">${escapeHtml(word(legal, 'title'))}</h1>
<p class="mt-2 text-lg text-slate-600">${escapeHtml(word(legal, 'intro'))}</p>
${groups}</div>`;
  return {
    pathname: '/legal',
    title: word(common, 'documentTitle', { title: word(legal, 'title') }),
    description: word(legal, 'description'),
    type: 'website',
    body: frame(words, main),
    listed: true,
  };
}

function legalDocumentPage(
  words: { common: Words; landing: Words; legal: Words },
  document: (typeof legalDocuments)[number],
  rendered: RenderedLegalDocument,
  locale: PageLocale,
): Page {
  const { common, legal } = words;
  const title = word(common, `legalDocuments.${document.id}`);
  const toc = rendered.toc
    .map((h) => `<li><a class="hover:underline" href="#${h.id}">${escapeHtml(h.text)}</a></li>`)
    .join('');
  const main = `<article data-legal-document="${document.path}" class="mx-auto max-w-3xl">
<p class="mb-4"><a class="${LINK}" href="/legal">${escapeHtml(word(legal, 'backToIndex'))}</a></p>
<h1 class="text-3xl font-semibold tracking-tight">${escapeHtml(title)}</h1>
<p class="mt-2 text-sm text-slate-500"><time datetime="${rendered.updatedAt}">${escapeHtml(word(legal, 'updated', { date: longDate(rendered.updatedAt, locale) }))}</time></p>
<nav class="my-8 rounded-2xl border border-slate-200 p-5" aria-labelledby="legal-contents-title"><p id="legal-contents-title" class="text-xs font-semibold uppercase text-slate-500">${escapeHtml(word(legal, 'contents'))}</p><ol class="mt-3 space-y-2 text-sm">${toc}</ol></nav>
<div class="${legalProseClasses}">${rendered.html}</div>
</article>`;
  return {
    pathname: `/legal/documents/${document.path}`,
    title: word(common, 'documentTitle', { title }),
    description: word(legal, `documents.${document.id}.summary`),
    type: 'article',
    body: frame(words, main),
    listed: true,
    updatedAt: rendered.updatedAt,
  };
}

const APP_ENTRY = /\s*<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"(?: crossorigin)? href="([^"]+)">/g;

/**
 * A painted page needs no script for its first paint (ADR 203): the app's entry and its preloads
 * leave the head, and `start-after-paint.js` asks for them once the page is on screen.
 */
export function startAfterPaint(template: string): string {
  const entry = template.match(APP_ENTRY)?.[1];
  if (!entry) throw new Error('index.html has no module script: cannot prerender a painted page');
  const preloads = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  return template
    .replace(MODULE_PRELOAD, '')
    .replace(
      APP_ENTRY,
      () =>
        `\n    <script src="/start-after-paint.js" data-app="${escapeHtml(entry)}" data-preload="${escapeHtml(preloads.join(' '))}" async></script>`,
    );
}

/** index.html with the page's language, head tags and words (shown, or inside <noscript>, in the app's root). */
export function pageHtml(template: string, page: Page, locale: PageLocale): string {
  if (
    !/<html lang="[^"]*"/.test(template) ||
    !/<title>[^<]*<\/title>/.test(template) ||
    !template.includes('<div id="root"></div>')
  ) {
    throw new Error('index.html lacks <html lang>, <title> or <div id="root"></div>: cannot prerender');
  }
  return (page.painted ? startAfterPaint(template) : template)
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
    .replace(/<title>[^<]*<\/title>/, () => headTags(page, locale))
    .replace('<div id="root"></div>', () =>
      page.painted
        ? `<div id="root" ${PAINTED_ROOT_ATTRIBUTE}="${locale}">${page.body}</div>`
        : `<div id="root"><noscript>${page.body}</noscript></div>`,
    );
}

function sitemap(pages: readonly Page[]): string {
  const urls = pages.flatMap((page) =>
    LOCALES.map((locale) => {
      const alternates = [
        ...LOCALES.map(
          (l) =>
            `    <xhtml:link rel="alternate" hreflang="${LANGUAGE[l]}" href="${escapeHtml(versionUrl(page.pathname, l))}" />`,
        ),
        `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(versionUrl(page.pathname, 'x-default'))}" />`,
      ].join('\n');
      const lastmod = page.updatedAt ? `\n    <lastmod>${page.updatedAt}</lastmod>` : '';
      return `  <url>\n    <loc>${escapeHtml(versionUrl(page.pathname, locale))}</loc>${lastmod}\n${alternates}\n  </url>`;
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`;
}

const ROBOTS = `User-agent: *
Disallow: /admin/app
Disallow: /client/app
Disallow: /api
Allow: /

Sitemap: ${PUBLIC_URL}/sitemap.xml
`;

/** What the API reads to serve the pages: which file answers which address in which language. */
export interface PrerenderedManifest {
  pages: Record<string, Record<PageLocale, string>>;
  redirects: Record<string, string>;
}

/**
 * Writes every prerendered page, the sitemap, robots.txt and the manifest into `<outDir>/prerendered/`;
 * the painted pages are rendered by `renderer` (buildPageRenderer).
 */
export async function prerender(
  webRoot: string,
  outDir: string,
  renderer: PageRenderer,
): Promise<PrerenderedManifest> {
  const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const readWords = (locale: PageLocale, ns: string) =>
    JSON.parse(readFileSync(path.join(webRoot, 'src/locales', locale, `${ns}.json`), 'utf8')) as Words;
  const manifest: PrerenderedManifest = { pages: {}, redirects: {} };
  let englishPages: Page[] = [];
  for (const locale of LOCALES) {
    const words = {
      common: readWords(locale, 'common'),
      landing: readWords(locale, 'landing'),
      legal: readWords(locale, 'legal'),
    };
    const read: ReadWords = (namespaces) =>
      Object.fromEntries(namespaces.map((ns) => [ns, readWords(locale, ns)]));
    const pages = [
      await landingPage(locale, renderer, read),
      await loginPage('/admin/login', locale, renderer, read),
      await loginPage('/client/login', locale, renderer, read),
      legalIndexPage(words),
      ...legalDocuments.map((document) => {
        const file = path.join(webRoot, 'src/features/legal/documents', locale, `${document.path}.md`);
        return legalDocumentPage(words, document, renderLegalMarkdown(readFileSync(file, 'utf8')), locale);
      }),
    ];
    for (const page of pages) {
      const file = `${locale}${page.pathname === '/' ? '/index' : page.pathname}.html`;
      mkdirSync(path.dirname(path.join(outDir, PRERENDERED_DIR, file)), { recursive: true });
      writeFileSync(path.join(outDir, PRERENDERED_DIR, file), pageHtml(template, page, locale));
      manifest.pages[page.pathname] = { ...manifest.pages[page.pathname], [locale]: file } as Record<
        PageLocale,
        string
      >;
    }
    if (locale === 'en-US') englishPages = pages.filter((page) => page.listed);
  }
  for (const [from, to] of Object.entries(formerDocumentPaths)) {
    manifest.redirects[`/legal/documents/${from}`] = `/legal/documents/${to}`;
  }
  // The signed-in pages the API paints per request (ADR 209): index.html with the scripts after the paint.
  writeFileSync(path.join(outDir, PRERENDERED_DIR, APP_PAGE_TEMPLATE), startAfterPaint(template));
  writeFileSync(path.join(outDir, PRERENDERED_DIR, 'sitemap.xml'), sitemap(englishPages));
  writeFileSync(path.join(outDir, PRERENDERED_DIR, 'robots.txt'), ROBOTS);
  writeFileSync(
    path.join(outDir, PRERENDERED_DIR, 'manifest.json'),
    `${JSON.stringify(manifest, null, 2)}\n`,
  );
  return manifest;
}

/** Runs the prerendering once the app's build is written (not in the link page's build). */
export function prerenderPages(webRoot: string): Plugin {
  let enabled = true;
  return {
    name: 'nest-prerender-pages',
    apply: 'build',
    configResolved(config) {
      enabled = config.mode !== 'links';
    },
    async writeBundle(options) {
      if (!enabled) return;
      const outDir = options.dir ?? path.join(webRoot, 'dist');
      await prerender(webRoot, outDir, await buildPageRenderer(webRoot, outDir));
    },
  };
}
