import { CUSTOMER_HINT_COOKIE, MERCHANT_HINT_COOKIE } from '@nest/contracts';
import { readCookie } from './cookies';

const HOST_PREFIX = '__Host-';

/** Whether a page-readable "signed in" mark (no secret) is set, with or without the production prefix. */
function hasMark(name: string, cookies: string): boolean {
  return readCookie(name, cookies) === '1' || readCookie(`${HOST_PREFIX}${name}`, cookies) === '1';
}

/**
 * Whether the browser may hold a customer session: the API sets this mark with the httpOnly session
 * cookie and clears both together. Only the server decides who is signed in; the mark only spares a
 * visitor's browser a pointless 401.
 */
export const customerMayBeSignedIn = (cookies: string = document.cookie) =>
  hasMark(CUSTOMER_HINT_COOKIE, cookies);

/** The same for a merchant: a new tab, with no stored account yet, may ask who is signed in. */
export const merchantMayBeSignedIn = (cookies: string = document.cookie) =>
  hasMark(MERCHANT_HINT_COOKIE, cookies);
