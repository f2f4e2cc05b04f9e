import { describe, expect, it } from 'vitest';
import { checkCurrentPassword, checkEmail, checkName, checkNewPassword } from './validation';

describe('what the forms check before sending (mirroring the API)', () => {
  it('needs an email address in a valid form', () => {
    expect(checkEmail('')).toEqual({ key: 'emailRequired' });
    expect(checkEmail('   ')).toEqual({ key: 'emailRequired' });
    expect(checkEmail('lune@')).toEqual({ key: 'emailInvalid' });
    expect(checkEmail('lune example.com')).toEqual({ key: 'emailInvalid' });
    expect(checkEmail('  lune@example.com ')).toBeNull();
  });

  it('sends any non-empty password at login', () => {
    expect(checkCurrentPassword('')).toEqual({ key: 'passwordRequired' });
    expect(checkCurrentPassword('short')).toBeNull();
  });

  it('needs 12 to 128 characters for a new password, counted as people count them', () => {
    expect(checkNewPassword('')).toEqual({ key: 'passwordRequired' });
    expect(checkNewPassword('eleven-char')).toEqual({ key: 'passwordTooShort', params: { minimum: 12 } });
    expect(checkNewPassword('twelve-chars')).toBeNull();
    expect(checkNewPassword('é'.repeat(12))).toBeNull();
    expect(checkNewPassword('🦊'.repeat(11))).toEqual({ key: 'passwordTooShort', params: { minimum: 12 } });
    expect(checkNewPassword('x'.repeat(129))).toEqual({ key: 'passwordTooLong', params: { maximum: 128 } });
  });

  it('needs a name of at most 100 characters', () => {
    expect(checkName('  ')).toEqual({ key: 'nameRequired' });
    expect(checkName('Café Lune')).toBeNull();
    expect(checkName('x'.repeat(101))).toEqual({ key: 'nameTooLong', params: { maximum: 100 } });
  });
});
