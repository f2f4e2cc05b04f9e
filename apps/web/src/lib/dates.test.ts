import { describe, expect, it } from 'vitest';
import { formatDate } from './dates';

describe('formatDate', () => {
  it('writes the date in the reader’s language', () => {
    expect(formatDate('2026-03-03T12:00:00Z', 'en-US', { timeZone: 'UTC' })).toBe('March 3, 2026');
    expect(formatDate('2026-03-03T12:00:00Z', 'fr-FR', { timeZone: 'UTC' })).toBe('3 mars 2026');
  });

  it('counts the day where the business is, not where the browser is', () => {
    // 23:30 UTC on the 3rd is already the 4th in Paris.
    expect(formatDate('2026-03-03T23:30:00Z', 'en-US', { timeZone: 'Europe/Paris' })).toBe('March 4, 2026');
    expect(formatDate('2026-03-03T23:30:00Z', 'en-US', { timeZone: 'America/New_York' })).toBe(
      'March 3, 2026',
    );
  });
});
