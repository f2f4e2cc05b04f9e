import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Origins a browser may send state-changing requests from: ours, as configured and as served. */
function isSameOrigin(request: FastifyRequest, origin: string, publicUrl: string): boolean {
  if (origin === new URL(publicUrl).origin) return true;
  const host = request.headers['x-forwarded-host'] ?? request.headers.host;
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export const securityPlugin = fp(async (app: FastifyInstance) => {
  const analyticsHost = app.config.POSTHOG_KEY ? new URL(app.config.POSTHOG_HOST).origin : undefined;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        // Radix and sonner position elements with inline style attributes.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...(analyticsHost ? [analyticsHost] : [])],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
        'upgrade-insecure-requests': app.config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: app.config.isProduction,
  });

  // Cookies carry the session, so a state-changing request from a foreign site is refused (CSRF).
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if (origin && origin !== 'null' && !isSameOrigin(request, origin, app.config.publicUrl)) {
      throw new AppError('foreign_origin');
    }
    if (origin === 'null' || fetchSite === 'cross-site') throw new AppError('foreign_origin');
  });
});
