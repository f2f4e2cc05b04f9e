/**
 * The IANA time zones this browser knows, sorted, always including the merchant's current one (some
 * browsers leave "UTC" out of the list).
 */
export function timeZoneChoices(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, current])].sort((a, b) => a.localeCompare(b));
}
