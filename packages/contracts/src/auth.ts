import { z } from 'zod';

// The session cookies' names live in a file without zod (cookies.ts); re-exported here as before.
export { ACCESS_COOKIE, HOST_COOKIE_PREFIX, MERCHANT_HINT_COOKIE, REFRESH_COOKIE } from './cookies.js';

/** How long the short-lived access token and the whole session (refresh token family) live. */
export const ACCESS_TOKEN_TTL_SECONDS = 10 * 60;
export const SESSION_TTL_DAYS = 30;

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
