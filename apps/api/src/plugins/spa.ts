import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  coverColors,
  escapeHtml,
  SERVED_ANSWER_ELEMENT_ID,
  SERVED_FIRST_CALLS,
  SERVED_QUERY_STATE_ELEMENT_ID,
} from '@nest/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requestLocale } from '../lib/i18n.js';
import { sendProblem } from './errors.js';
import { AppPagePainter, compressPage, type PageCaller } from './painted-app-pages.js';
import { loadPrerenderedPages, operatorOf, pageEncoding, pageLocale, pagePath } from './prerendered-pages.js';

/** /links/:nestLinkId, except the app's own /links/404 page: the standalone link page (ADR 077). */
const LINK_PAGE_PATH = /^\/links\/(?!404\/?$)([^/]+)\/?$/;
/** The element the link page reads its data from (apps/web/src/link-page/served-link.ts). */
const SERVED_LINK_ELEMENT_ID = 'nest-public-link';

/**
 * JSON inside a <script type="application/json"> element: `<` (so no `</script>` or `<!--` can end or
 * bend the element), `>`, `&` and the two JavaScript line separators are written as \u escapes, which
 * JSON.parse reads back as the same characters.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** Browsers' speculative loads (prefetch, prerender) are not page views: they must not count a visit. */
function isSpeculative(request: FastifyRequest): boolean {
  const purpose = `${request.headers['sec-purpose'] ?? ''} ${request.headers.purpose ?? ''}`;
  return /prefetch|prerender/i.test(purpose);
}

/** What the API call made for a page takes from the page's own request. */
const FORWARDED_HEADERS = ['cookie', 'accept-language', 'user-agent', 'x-forwarded-for'] as const;

/**
 * Serves the built web app: hashed assets cached for a year, index.html (never cached) for every
 * client route. Unknown /api paths stay problem documents.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: { root?: string | undefined }) => {
  const root =
    opts.root && existsSync(path.join(opts.root, 'index.html')) ? path.resolve(opts.root) : undefined;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of every text file (ADR 078, 111): sent to browsers that accept them.
      preCompressed: true,
      // Our setHeaders decides caching; @fastify/static's own header would overwrite it with max-age=0.
      cacheControl: false,
      // index.html always goes through the not-found handler below, which fills in the runtime config.
      // So does links.html, through the link page handler.
      // The prerendered pages are templates, sent filled in by the not-found handler (ADR 198).
      allowedPath: (pathName) =>
        pathName !== '/index.html' &&
        pathName !== '/links.html' &&
        !pathName.startsWith('/prerendered/') &&
        // The server module that paints the signed-in pages is the API's own (ADR 209).
        !pathName.startsWith('/server/'),
      setHeaders(res, filePath) {
        // The same address may be sent brotli, gzip or plain: shared caches must keep them apart.
        res.setHeader('vary', 'accept-encoding');
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('cache-control', 'no-cache');
        }
      },
    });
  }
  // Runtime configuration reaches the web app through a meta tag: no inline script (CSP), no extra request.
  const webConfig = {
    apiBaseUrl: app.config.API_BASE_URL,
    posthogKey: app.config.POSTHOG_KEY ?? null,
    posthogHost: app.config.POSTHOG_HOST,
    // Who operates this Nest, for the legal documents (ADR 198).
    operator: operatorOf(app.config),
  };
  const escaped = JSON.stringify(webConfig)
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;');
  const withConfig = (html: string) =>
    html.replace(
      /<meta name="nest-config" content="[^"]*"\s*\/?>/,
      () => `<meta name="nest-config" content="${escaped}" />`,
    );
  const page = (file: string) =>
    root && existsSync(path.join(root, file))
      ? withConfig(readFileSync(path.join(root, file), 'utf8'))
      : undefined;
  const indexHtml = page('index.html') ?? '';
  // `/`, `/legal` and the legal documents written at build time, per language (ADR 198).
  const prerendered = root ? loadPrerenderedPages(root, app.config, withConfig) : undefined;
  if (prerendered) {
    app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .type('application/xml; charset=utf-8')
        .send(prerendered.sitemap),
    );
    app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(prerendered.robots),
    );
  }

  /**
   * A prerendered page in the visitor's language (`?lang=`, the locale cookie, then Accept-Language,
   * as the web app chooses), or a former legal address redirected for good; false for other addresses.
   */
  function sendPrerendered(request: FastifyRequest, reply: FastifyReply, url: string) {
    if (!prerendered) return false;
    const pathname = pagePath(url);
    const moved = prerendered.movedTo(pathname);
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    if (moved) return reply.header('cache-control', 'no-cache').redirect(`${moved}${query}`, 301);
    const locale = pageLocale(request);
    const page = prerendered.page(pathname, locale);
    if (!page) return false;
    const encoding = pageEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Language, Accept-Encoding')
      .header('content-language', locale)
      .type('text/html; charset=utf-8')
      .send(encoding ? page[encoding] : page.html);
  }
  // The signed-in pages painted per request with their data, when the build has their server module (ADR 209).
  const painter = root
    ? AppPagePainter.of(root, app.log, {
        budgetMs: app.config.APP_PAGE_PAINT_BUDGET_MS,
        config: webConfig,
      })
    : undefined;
  const paintedTemplate = painter ? withConfig(painter.template) : undefined;
  if (painter) {
    // Loaded once the server listens, not before: a start is not slowed by it (ADR 113).
    app.addHook('onListen', async () => painter.warm());
    app.addHook('onClose', async () => painter.close());
  }
  // The public link page's own small build (ADR 077); without it, /links/:id is a page of the app.
  const linksHtml = page('links.html');

  /**
   * GET /links/:nestLinkId: the standalone link page with the link's data written into it (the same
   * JSON as GET /api/v1/public/links/{id}, through app.publicLinks.view, which counts the one visit
   * of this page view), so a phone paints the offer without an API round trip. Unknown or turned-off
   * link: a redirect to /links/404 (the app's page). If the data cannot be read, the page goes out
   * without it and asks the API itself. HEAD and speculative loads get the page without data and
   * count nothing.
   */
  async function sendLinkPage(request: FastifyRequest, reply: FastifyReply, html: string, id: string) {
    let nestLinkId: string;
    try {
      nestLinkId = decodeURIComponent(id);
    } catch {
      return reply.header('cache-control', 'no-store').redirect('/links/404', 302);
    }
    // Replacer functions throughout: a `$&` in an offer's name must stay text, not a pattern.
    let body = html.replace(/<html lang="[^"]*"/, () => `<html lang="${requestLocale(request)}"`);
    if (request.method === 'GET' && !isSpeculative(request)) {
      try {
        const view = await app.publicLinks.view(nestLinkId);
        if (!view) return reply.header('cache-control', 'no-store').redirect('/links/404', 302);
        body = body
          .replace(
            /<title>[^<]*<\/title>/,
            () => `<title>${escapeHtml(`${view.offer.name} · ${view.nest.name} · Nest`)}</title>`,
          )
          // The phone's browser bar in the nest's colour, as its cover (ADR 197).
          .replace(
            /<meta name="theme-color" content="[^"]*"/,
            () => `<meta name="theme-color" content="${coverColors(view.nest.brand_color).background}"`,
          )
          .replace(
            '</body>',
            () =>
              `<script type="application/json" id="${SERVED_LINK_ELEMENT_ID}">${scriptSafeJson(view)}</script>\n  </body>`,
          );
      } catch (error) {
        request.log.warn({ err: error }, 'link page sent without its data');
      }
    }
    // Per visitor and changing (availability, price), like the API's answer: never in a shared cache.
    return reply.header('cache-control', 'private, no-cache').type('text/html; charset=utf-8').send(body);
  }

  /**
   * A page of a signed-in area (`/admin/app/…`, `/client/app/…`) with its guard's first call already
   * answered (ADR 206): the server makes that call itself (`GET /api/v1/users/me` or
   * `/nest-customers/me`, through the app, with the page's cookies) and writes a successful answer
   * into the page, which the web app's API client takes instead of asking; the guard's round trip,
   * which the page's own calls wait for, is gone. Any other answer (no session, an expired access
   * token to refresh) writes nothing: the app asks as before. The page then holds personal data:
   * never stored by any cache.
   *
   * The dashboard and the customer's overview are also painted (ADR 209): the web build's server
   * module renders them with their data, read through the app with the same cookies, and the page
   * carries that data for the app, which adopts the markup. Only for the plain address (`?lang=` at
   * most: the app reads other parameters in its first render); a render that fails, redirects or is
   * late sends the page unpainted.
   */
  async function sendAppPage(request: FastifyRequest, reply: FastifyReply, url: string) {
    const apiPath = SERVED_FIRST_CALLS.find(([prefix]) => url.startsWith(prefix))?.[1];
    if (!apiPath || request.method !== 'GET' || !request.headers.cookie || isSpeculative(request)) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    const headers: Record<string, string> = { 'x-request-id': request.id };
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    let body = indexHtml;
    let locale: string | undefined;
    try {
      const answer = await app.inject({ method: 'GET', url: apiPath, headers });
      if (answer.statusCode === 200) {
        const served = `<script type="application/json" id="${SERVED_ANSWER_ELEMENT_ID}" data-path="${apiPath}">${scriptSafeJson(answer.json())}</script>`;
        body = indexHtml.replace('</body>', () => `${served}\n  </body>`);
        const pathname = pagePath(url);
        const query = new URLSearchParams(
          request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '',
        );
        if (
          painter &&
          paintedTemplate &&
          [...query.keys()].every((key) => key === 'lang') &&
          (await painter.paints(pathname))
        ) {
          const pageLanguage = pageLocale(request);
          const page = await painter.paint(pathname, pageLanguage, pageCaller(headers, apiPath, answer.body));
          if (page) {
            locale = pageLanguage;
            body = paintedTemplate
              .replace(/<html lang="[^"]*"/, () => `<html lang="${pageLanguage}"`)
              .replace('<div id="root"></div>', () => page.root)
              .replace(
                '</body>',
                () =>
                  `${served}\n    <script type="application/json" id="${SERVED_QUERY_STATE_ELEMENT_ID}">${scriptSafeJson(page.state)}</script>\n  </body>`,
              );
          }
        }
      }
    } catch (error) {
      request.log.warn({ err: error }, 'app page sent without its first answer');
    }
    reply.header('cache-control', 'private, no-store').type('text/html; charset=utf-8');
    if (!locale) return reply.header('vary', 'Cookie').send(body);
    const encoding = pageEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .header('vary', 'Cookie, Accept-Language, Accept-Encoding')
      .header('content-language', locale)
      .send(await compressPage(body, encoding));
  }

  /**
   * How a painted page's render makes its calls (ADR 209): each one a GET through the app itself, with
   * the page's cookies and request id; the guard's call answered from the call already made. Nothing
   * but reads of the API.
   */
  function pageCaller(headers: Record<string, string>, guardPath: string, guardAnswer: string): PageCaller {
    return async ({ url, method }) => {
      if (method !== 'GET' || !url.startsWith('/api/')) {
        throw new Error(`a painted page only reads the API (${method} ${url})`);
      }
      if (url === guardPath) return { status: 200, contentType: 'application/json', body: guardAnswer };
      const answer = await app.inject({ method: 'GET', url, headers });
      const type = answer.headers['content-type'];
      return {
        status: answer.statusCode,
        contentType: typeof type === 'string' ? type : undefined,
        body: answer.body,
      };
    };
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    const isAsset = url.startsWith('/assets/');
    if (root && !isApi && !isAsset && (request.method === 'GET' || request.method === 'HEAD')) {
      const linkId = linksHtml ? url.match(LINK_PAGE_PATH)?.[1] : undefined;
      if (linksHtml && linkId) return sendLinkPage(request, reply, linksHtml, linkId);
      const sent = sendPrerendered(request, reply, url);
      if (sent !== false) return sent;
      return sendAppPage(request, reply, url);
    }
    return sendProblem(request, reply, 'route_not_found', { status: 404, params: { path: url } });
  });
});
