/**
 * The account rules the browser checks before sending, without a schema, so the sign-in and sign-up
 * pages load no zod. The API's schemas (auth.ts, merchants.ts) apply the same rules.
 */

/**
 * Password policy (NIST SP 800-63B): length, no composition rules, and not easily guessed (checked on
 * the server against dictionaries). Longer passwords are refused with a reason, not truncated.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;

/** A password reset link is valid this long, once. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

/**
 * What an email address must look like: zod's own `z.email()` pattern, which every schema with an
 * email uses (account-rules.test.ts holds the two together).
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const EMAIL_MAX_LENGTH = 254;
