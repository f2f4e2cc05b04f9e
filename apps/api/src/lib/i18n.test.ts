import { describe, expect, it } from 'vitest';
import { waitText } from './i18n.js';

describe('waitText', () => {
  it('says a short wait in seconds, a longer one in minutes, then hours, rounded up', () => {
    expect(waitText('en-US', 1)).toBe('1 second');
    expect(waitText('en-US', 0.2)).toBe('1 second');
    expect(waitText('en-US', 42)).toBe('42 seconds');
    expect(waitText('en-US', 119)).toBe('119 seconds');
    expect(waitText('en-US', 120)).toBe('2 minutes');
    expect(waitText('en-US', 842)).toBe('15 minutes');
    expect(waitText('en-US', 3591)).toBe('60 minutes');
    expect(waitText('en-US', 7200)).toBe('2 hours');
    expect(waitText('en-US', 86_400)).toBe('24 hours');
  });

  it('in French', () => {
    // ICU's data puts a no-break space before some French units and a plain one before others.
    const french = (seconds: number) => waitText('fr-FR', seconds).replace(/\s/g, ' ');
    expect(french(1)).toBe('1 seconde');
    expect(french(42)).toBe('42 secondes');
    expect(french(842)).toBe('15 minutes');
    expect(french(7201)).toBe('3 heures');
  });
});
