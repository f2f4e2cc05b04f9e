import { CUSTOMER_HINT_COOKIE } from '@nest/contracts';
import { readCookie } from '@/lib/cookies';

/**
 * Whether the browser may hold a customer session: the API sets a page-readable mark (no secret) with
 * the httpOnly session cookie and clears both together (`__Host-` prefixed in production). Only the
 * server decides who is signed in; the mark only spares a visitor's browser a pointless 401.
 */
export function mayBeSignedIn(cookies: string = document.cookie): boolean {
  return (
    readCookie(CUSTOMER_HINT_COOKIE, cookies) === '1' ||
    readCookie(`__Host-${CUSTOMER_HINT_COOKIE}`, cookies) === '1'
  );
}
