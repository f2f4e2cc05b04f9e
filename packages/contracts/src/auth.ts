import { z } from 'zod';

/**
 * Merchant session cookies. In production both carry the `__Host-` prefix, which the browser only
 * accepts with Secure, Path=/ and no Domain: the cookies cannot be set or read by a sibling subdomain.
 */
export const ACCESS_COOKIE = 'nest_access';
export const REFRESH_COOKIE = 'nest_refresh';
/**
 * Set and cleared with the session cookies, readable by the page, holding no secret ("1"): a tab that
 * has not seen the merchant yet (a new tab on the plans page) knows it may ask who is signed in.
 * The session cookies alone decide who is signed in.
 */
export const MERCHANT_HINT_COOKIE = 'nest_merchant_signed_in';
export const HOST_COOKIE_PREFIX = '__Host-';

/** How long the short-lived access token and the whole session (refresh token family) live. */
export const ACCESS_TOKEN_TTL_SECONDS = 10 * 60;
export const SESSION_TTL_DAYS = 30;

/** A password reset link is valid this long, once. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

export const loginBodySchema = z
  .object({
    email: z.email().max(254),
    // Bounded so nobody makes the server hash megabytes; real passwords are at most 128 characters.
    password: z.string().min(1).max(1024),
  })
  .strict()
  .meta({ id: 'LoginBody' });
export type LoginBody = z.infer<typeof loginBodySchema>;

/** What a refresh answers: when the new access token and the session end, so clients can plan the next refresh. */
export const refreshResultSchema = z
  .object({
    access_expires_at: z.iso.datetime({ offset: true }),
    session_expires_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'RefreshResult' });
export type RefreshResult = z.infer<typeof refreshResultSchema>;

export const passwordResetRequestSchema = z
  .object({ email: z.email().max(254) })
  .strict()
  .meta({ id: 'PasswordResetRequest' });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z
  .object({
    token: z.string().min(1).max(256),
    password: z.string().max(1024),
  })
  .strict()
  .meta({ id: 'PasswordResetConfirm' });
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;
