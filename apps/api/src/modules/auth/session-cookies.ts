import type { CookieSerializeOptions } from '@fastify/cookie';
import { ACCESS_COOKIE, HOST_COOKIE_PREFIX, MERCHANT_HINT_COOKIE, REFRESH_COOKIE } from '@nest/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  expiresAt: Date;
}

/** `__Host-` in production: Secure, Path=/ and no Domain, so no subdomain can plant or read them. */
export function sessionCookieNames(config: Pick<Config, 'isProduction'>) {
  const prefix = config.isProduction ? HOST_COOKIE_PREFIX : '';
  return {
    access: `${prefix}${ACCESS_COOKIE}`,
    refresh: `${prefix}${REFRESH_COOKIE}`,
    hint: `${prefix}${MERCHANT_HINT_COOKIE}`,
  };
}

function baseOptions(config: Pick<Config, 'isProduction'>): CookieSerializeOptions {
  // Path=/ for both: the __Host- prefix requires it, so the refresh cookie cannot be scoped to its route.
  return { httpOnly: true, secure: config.isProduction, sameSite: 'lax', path: '/' };
}

const secondsUntil = (date: Date) => Math.max(0, Math.ceil((date.getTime() - Date.now()) / 1000));

export function setSessionCookies(reply: FastifyReply, config: Config, tokens: SessionTokens): void {
  const names = sessionCookieNames(config);
  const options = baseOptions(config);
  reply.setCookie(names.access, tokens.accessToken, {
    ...options,
    maxAge: secondsUntil(tokens.accessExpiresAt),
  });
  reply.setCookie(names.refresh, tokens.refreshToken, { ...options, maxAge: secondsUntil(tokens.expiresAt) });
  reply.setCookie(names.hint, '1', { ...options, httpOnly: false, maxAge: secondsUntil(tokens.expiresAt) });
}

export function clearSessionCookies(reply: FastifyReply, config: Config): void {
  const names = sessionCookieNames(config);
  const options = baseOptions(config);
  reply.clearCookie(names.access, options);
  reply.clearCookie(names.refresh, options);
  reply.clearCookie(names.hint, { ...options, httpOnly: false });
}

/** The access token of a request: the session cookie, or `Authorization: Bearer` for API clients. */
export function readAccessToken(request: FastifyRequest, config: Config): string | undefined {
  const fromCookie = request.cookies[sessionCookieNames(config).access];
  if (fromCookie) return fromCookie;
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+([A-Za-z0-9_-]{20,200})$/);
  return match?.[1];
}

export function readRefreshToken(request: FastifyRequest, config: Config): string | undefined {
  return request.cookies[sessionCookieNames(config).refresh] || undefined;
}

/** Both tokens the browser presented, to find the session they belong to (logout, a new login). */
export function presentedTokens(request: FastifyRequest, config: Config) {
  return { accessToken: readAccessToken(request, config), refreshToken: readRefreshToken(request, config) };
}
