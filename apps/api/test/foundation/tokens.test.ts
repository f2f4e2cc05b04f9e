import { describe, expect, it } from 'vitest';
import { emailFingerprint, hashToken, redactUrl } from '../../src/lib/tokens.js';

describe('tokens', () => {
  it('keeps a token as its SHA-256 in hex, the hash every stored session and link was made with', () => {
    // FIPS 180-2's test vector for "abc".
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(emailFingerprint('  ABC ')).toBe('ba7816bf8f01cfea');
  });

  it('redacts one-time tokens and codes from a URL’s query, and leaves every other URL as it is', () => {
    expect(redactUrl('/admin/reset-password?token=s3cret')).toBe('/admin/reset-password?token=[redacted]');
    expect(redactUrl('/client/login?next=%2F&CODE=123456#top')).toBe(
      '/client/login?next=%2F&CODE=[redacted]#top',
    );
    expect(redactUrl('/api/v1/users/me')).toBe('/api/v1/users/me');
    expect(redactUrl('/api/v1/subscribers?status=active&q=ann')).toBe(
      '/api/v1/subscribers?status=active&q=ann',
    );
  });
});
