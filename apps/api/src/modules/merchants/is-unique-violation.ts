/**
 * True when a database error (or one it wraps: drizzle wraps driver errors) is PostgreSQL's
 * unique_violation, as when two sign-ups race for one email past the look-up.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
