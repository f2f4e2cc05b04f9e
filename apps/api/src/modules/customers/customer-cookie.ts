import type { CookieSerializeOptions } from '@fastify/cookie';
import { CUSTOMER_COOKIE, CUSTOMER_HINT_COOKIE, HOST_COOKIE_PREFIX } from '@nest/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { CustomerSessionToken } from './customer-session.js';

/** `__Host-` in production: Secure, Path=/ and no Domain, so no subdomain can plant or read it. */
export function customerCookieName(config: Pick<Config, 'isProduction'>): string {
  return `${config.isProduction ? HOST_COOKIE_PREFIX : ''}${CUSTOMER_COOKIE}`;
}

/** The page-readable "someone may be signed in" mark (no secret), under the same prefix rules. */
export function customerHintCookieName(config: Pick<Config, 'isProduction'>): string {
  return `${config.isProduction ? HOST_COOKIE_PREFIX : ''}${CUSTOMER_HINT_COOKIE}`;
}

function options(config: Pick<Config, 'isProduction'>): CookieSerializeOptions {
  return { httpOnly: true, secure: config.isProduction, sameSite: 'lax', path: '/' };
}

export function setCustomerCookie(reply: FastifyReply, config: Config, session: CustomerSessionToken): void {
  const maxAge = Math.max(0, Math.ceil((session.expiresAt.getTime() - Date.now()) / 1000));
  reply.setCookie(customerCookieName(config), session.token, { ...options(config), maxAge });
  reply.setCookie(customerHintCookieName(config), '1', { ...options(config), httpOnly: false, maxAge });
}

export function clearCustomerCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(customerCookieName(config), options(config));
  reply.clearCookie(customerHintCookieName(config), { ...options(config), httpOnly: false });
}

export function readCustomerToken(request: FastifyRequest, config: Config): string | undefined {
  const token = request.cookies[customerCookieName(config)];
  return token && /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : undefined;
}
