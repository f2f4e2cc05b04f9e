/**
 * The session cookies' names, shared by the API (which sets them) and the web app (which reads the
 * hints). No schema here, so the web app's shell takes these names without zod (ADR 204).
 *
 * In production every one carries the `__Host-` prefix, which the browser only accepts with Secure,
 * Path=/ and no Domain: the cookies cannot be set or read by a sibling subdomain.
 */
export const HOST_COOKIE_PREFIX = '__Host-';

/** Merchant session cookies. */
export const ACCESS_COOKIE = 'nest_access';
export const REFRESH_COOKIE = 'nest_refresh';
/**
 * Set and cleared with the session cookies, readable by the page, holding no secret ("1"): a tab that
 * has not seen the merchant yet (a new tab on the plans page) knows it may ask who is signed in.
 * The session cookies alone decide who is signed in.
 */
export const MERCHANT_HINT_COOKIE = 'nest_merchant_signed_in';

/** The customer session cookie. */
export const CUSTOMER_COOKIE = 'nest_customer';
/**
 * Set and cleared with the session cookie, readable by the page, holding no secret ("1"): the customer
 * area asks the server who is signed in only when it may be someone, so a visitor's browser never
 * logs a 401. The session cookie alone decides who is signed in.
 */
export const CUSTOMER_HINT_COOKIE = 'nest_customer_signed_in';
