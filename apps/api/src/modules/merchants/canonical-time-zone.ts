/** The IANA zone as the runtime spells it ("europe/paris" → "Europe/Paris"), so stored zones compare equal. */
export function canonicalTimeZone(zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
}
