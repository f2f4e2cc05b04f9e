import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import { COLOR_MODE_SCRIPT } from '@nest/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';
import { AppError } from '../lib/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The one inline script the web app's pages carry (the colour mode before the first paint, written into
 * them by the web build, ADR 205), allowed by its hash: no other inline script runs.
 */
const COLOR_MODE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(COLOR_MODE_SCRIPT).digest('base64')}'`;

/**
 * The Vite dev server (`npm run dev`, apps/web/vite.config.ts) proxies /api to the API and rewrites the
 * Host header on the way, so its pages' Origin would look foreign. Trusted in development only.
 */
const DEV_SERVER_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];

/** Origins a browser may send state-changing requests from: ours, as configured and as served. */
function isSameOrigin(request: FastifyRequest, origin: string, trusted: string[]): boolean {
  if (trusted.includes(origin)) return true;
  // request.host honours X-Forwarded-Host only when TRUST_PROXY is on.
  const host = request.host;
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

/**
 * The security headers of every answer, in one place: helmet's options for the normal path, and the same
 * headers as a plain function for the few answers Fastify's router gives before any hook runs.
 */
export function helmetOptions(config: Config): FastifyHelmetOptions {
  const analyticsHost = config.POSTHOG_KEY ? new URL(config.POSTHOG_HOST).origin : undefined;
  // HTTPS-only headers follow the public address, not NODE_ENV: `npm start` runs in production mode on
  // plain http, and upgrading its asset requests to https would break the app opened over the LAN.
  const servedOverHttps = new URL(config.publicUrl).protocol === 'https:';
  return {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", COLOR_MODE_SCRIPT_HASH],
        // Radix and sonner position elements with inline style attributes.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...(analyticsHost ? [analyticsHost] : [])],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
        'upgrade-insecure-requests': servedOverHttps ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Browsers ignore (and complain about) COOP on plain-http origins other than localhost.
    crossOriginOpenerPolicy: servedOverHttps || isLoopback(config.publicUrl),
    hsts: config.isProduction && servedOverHttps,
    // Says what CSP's frame-ancestors 'none' says, for browsers that only read the older header.
    xFrameOptions: { action: 'deny' },
  };
}

/**
 * The security headers as helmet computes them from our options, once: they depend on the
 * configuration only (no nonces, no per-route options), so no request recomputes them (ADR 115).
 * Answers the headers to set and the ones to remove (X-Powered-By).
 */
export function computeSecurityHeaders(config: Config): { set: [string, string][]; remove: string[] } {
  const { global: _global, enableCSPNonces: _nonces, ...options } = helmetOptions(config);
  const headers = new Map<string, string>();
  const removed = new Set<string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), String(value));
      removed.delete(name.toLowerCase());
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
      removed.add(name.toLowerCase());
    },
  };
  let done = false;
  helmet(options as HelmetOptions)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {
    done = true;
  });
  if (!done) throw new Error('helmet did not compute the security headers synchronously');
  return { set: [...headers], remove: [...removed] };
}

/** Sets the security headers on a raw response: every answer, router errors (which skip every hook) too. */
export function securityHeaders(config: Config): (req: IncomingMessage, res: ServerResponse) => void {
  const { set, remove } = computeSecurityHeaders(config);
  return (_req, res) => {
    for (const name of remove) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
  };
}

export const securityPlugin = fp(async (app: FastifyInstance) => {
  const setSecurityHeaders = securityHeaders(app.config);
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw);
    done();
  });

  // Cookies carry the session, so a state-changing request from a foreign site is refused (CSRF).
  const trustedOrigins = [
    new URL(app.config.publicUrl).origin,
    ...(app.config.NODE_ENV === 'development' ? DEV_SERVER_ORIGINS : []),
  ];
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if (origin && origin !== 'null' && !isSameOrigin(request, origin, trustedOrigins)) {
      throw new AppError('foreign_origin');
    }
    if (origin === 'null' || fetchSite === 'cross-site') throw new AppError('foreign_origin');
  });
});
