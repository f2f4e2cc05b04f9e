import { ACCESS_TOKEN_TTL_SECONDS, PASSWORD_RESET_TTL_MINUTES, SESSION_TTL_DAYS } from '@nest/contracts';

export const ACCESS_TOKEN_TTL_MS = ACCESS_TOKEN_TTL_SECONDS * 1000;
/** Absolute: rotations never extend a session past this from its login. */
export const SESSION_TTL_MS = SESSION_TTL_DAYS * 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = PASSWORD_RESET_TTL_MINUTES * 60 * 1000;
/**
 * How long after a rotation its client may retry it with the same Idempotency-Key and be answered the
 * same tokens (ADR 219). Shorter than the access token's life, so the access token it answers again
 * is still alive.
 */
export const ROTATION_RETRY_WINDOW_MS = 5 * 60 * 1000;
/** last_used_at is written at most this often per session, not on every request. */
export const LAST_USED_RESOLUTION_MS = 60 * 1000;

/** Why a session ended, kept on the row for support and audits. */
export type RevokeReason =
  | 'logout'
  | 'refresh_token_reuse'
  | 'password_changed'
  | 'password_reset'
  | 'replaced_by_login';
