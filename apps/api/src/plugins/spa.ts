import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendProblem } from './errors.js';

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
      // Our setHeaders decides caching; @fastify/static's own header would overwrite it with max-age=0.
      cacheControl: false,
      // index.html always goes through the not-found handler below, which fills in the runtime config.
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders(res, filePath) {
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
  };
  const escaped = JSON.stringify(webConfig)
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;');
  const indexHtml = root
    ? readFileSync(path.join(root, 'index.html'), 'utf8').replace(
        /<meta name="nest-config" content="[^"]*"\s*\/?>/,
        `<meta name="nest-config" content="${escaped}" />`,
      )
    : '';
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    const isAsset = url.startsWith('/assets/');
    if (root && !isApi && !isAsset && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    return sendProblem(request, reply, 'route_not_found', { status: 404, params: { path: url } });
  });
});
