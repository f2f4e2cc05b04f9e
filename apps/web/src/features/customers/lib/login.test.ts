import { describe, expect, it } from 'vitest';
import { RESEND_AFTER_SECONDS, resendAllowedAt, secondsLeft } from './countdown';
import { isCompleteCode, normalizeCode, readMagicLink } from './login-code';

describe('resend countdown', () => {
  it('counts whole seconds down from 60 to 0', () => {
    const sentAt = 1_000_000;
    const until = resendAllowedAt(sentAt);
    expect(until - sentAt).toBe(RESEND_AFTER_SECONDS * 1000);
    expect(secondsLeft(until, sentAt)).toBe(60);
    expect(secondsLeft(until, sentAt + 1)).toBe(60);
    expect(secondsLeft(until, sentAt + 1000)).toBe(59);
    expect(secondsLeft(until, sentAt + 59_001)).toBe(1);
    expect(secondsLeft(until, sentAt + 60_000)).toBe(0);
    expect(secondsLeft(until, sentAt + 90_000)).toBe(0);
  });
});

describe('the code input', () => {
  it('keeps six digits of whatever was typed or pasted', () => {
    expect(normalizeCode('123456')).toBe('123456');
    expect(normalizeCode(' 123 456 ')).toBe('123456');
    expect(normalizeCode('123-456')).toBe('123456');
    expect(normalizeCode('Your code: 654321.')).toBe('654321');
    expect(normalizeCode('12345678')).toBe('123456');
    expect(normalizeCode('abc')).toBe('');
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
  });

  it('reads a sign-in link only when it has both the token and the email', () => {
    expect(readMagicLink(new URLSearchParams('token=abc&email=a%40b.org'))).toEqual({
      token: 'abc',
      email: 'a@b.org',
    });
    expect(readMagicLink(new URLSearchParams('token=abc'))).toBeNull();
    expect(readMagicLink(new URLSearchParams('email=a%40b.org&token='))).toBeNull();
    expect(readMagicLink(new URLSearchParams(''))).toBeNull();
  });
});

describe('after login', () => {
  it('follows only paths inside the customer area', async () => {
    const { afterLoginPath, loginHref } = await import('./after-login');
    expect(afterLoginPath(null)).toBe('/client/app/overview');
    expect(afterLoginPath('/client/app/overview?pay=abc')).toBe('/client/app/overview?pay=abc');
    expect(afterLoginPath('//evil.example/client/app/')).toBe('/client/app/overview');
    expect(afterLoginPath('https://evil.example/client/app/x')).toBe('/client/app/overview');
    expect(afterLoginPath('/admin/app/dashboard')).toBe('/client/app/overview');
    expect(afterLoginPath('/client/app/..//evil')).toBe('/client/app/overview');
    expect(loginHref('/client/app/overview')).toBe('/client/login');
    expect(loginHref('/client/app/overview?pay=abc')).toBe(
      '/client/login?next=%2Fclient%2Fapp%2Foverview%3Fpay%3Dabc',
    );
  });
});
