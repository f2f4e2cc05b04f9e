import {
  CUSTOMER_SESSION_MAX_DAYS,
  CUSTOMER_SESSION_TTL_DAYS,
  LOGIN_CODE_MAX_ATTEMPTS,
  LOGIN_CODE_TTL_MINUTES,
} from '@nest/contracts';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

export const LOGIN_CODE_TTL_MS = LOGIN_CODE_TTL_MINUTES * MINUTE;
export const MAX_CODE_ATTEMPTS = LOGIN_CODE_MAX_ATTEMPTS;

/**
 * Emails asked per window: per address typed (nobody floods one mailbox) and per client address
 * (nobody sprays many mailboxes). Verifications are limited per client address; each code also
 * burns after 5 wrong tries, so 6 digits (1 in 1,000,000) cannot be walked through.
 */
export const CODE_REQUEST_LIMITS = {
  email: { limit: 5, windowMs: 15 * MINUTE },
  address: { limit: 20, windowMs: 15 * MINUTE },
} as const;
export const VERIFY_LIMITS = {
  email: { limit: 10, windowMs: 15 * MINUTE },
  address: { limit: 30, windowMs: 15 * MINUTE },
} as const;

/**
 * The growing lock-out: three windows' worth of failed sign-ins for one email (30) within a day and
 * without a sign-in between lock sign-in by code for that email for a day. Counted over a day rather
 * than as three full windows in a row, so staying one guess under each window's limit does not escape
 * it: at most about 30 guesses a day reach an email, instead of 960.
 */
export const LOCKOUT = {
  failures: 3 * VERIFY_LIMITS.email.limit,
  windowMs: DAY,
  lockMs: DAY,
} as const;

export const CUSTOMER_SESSION_TTL_MS = CUSTOMER_SESSION_TTL_DAYS * DAY;
export const CUSTOMER_SESSION_MAX_MS = CUSTOMER_SESSION_MAX_DAYS * DAY;
/** The cookie's token is replaced when older than this, which also slides the session's end. */
export const TOKEN_ROTATE_AFTER_MS = DAY;
/**
 * How long a replaced token still works: requests already in flight when it rotated carry it.
 * Past this, a replayed token is refused.
 */
export const TOKEN_GRACE_MS = 60 * 1000;
