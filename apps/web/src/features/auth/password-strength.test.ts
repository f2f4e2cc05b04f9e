import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('the password strength hint', () => {
  it('calls anything under 12 characters too short, whatever it contains', () => {
    expect(passwordStrength('')).toBe('tooShort');
    expect(passwordStrength('Xk#9vQ!2pL')).toBe('tooShort');
    // Characters as people count them: 11 emoji are 22 UTF-16 units but still too short.
    expect(passwordStrength('🦊'.repeat(11))).toBe('tooShort');
  });

  it('sees through long but predictable passwords', () => {
    expect(passwordStrength('aaaaaaaaaaaaaaaa')).toBe('weak');
    expect(passwordStrength('abcdefghijklmnop')).toBe('weak');
    expect(passwordStrength('123456789012')).toBe('weak');
    expect(passwordStrength('Password1234!')).toBe('weak');
    expect(passwordStrength('motdepasse2025')).toBe('weak');
    expect(passwordStrength('azertyazerty')).toBe('weak');
  });

  it('discounts the merchant’s own name and email', () => {
    const alone = passwordStrength('boulangerie-martin');
    const withInputs = passwordStrength('boulangerie-martin', [
      'Boulangerie Martin',
      'martin@boulangerie.fr',
    ]);
    expect(['good', 'strong']).toContain(alone);
    expect(withInputs).toBe('weak');
  });

  it('rates unrelated words and mixed characters higher', () => {
    expect(passwordStrength('kqzvmtrwplbx')).toBe('fair');
    expect(passwordStrength('violet tractor muffin')).toBe('strong');
    expect(passwordStrength('Tz8#qLm2vR!x')).toBe('good');
    expect(passwordStrength('correct horse battery staple')).toBe('strong');
  });
});
