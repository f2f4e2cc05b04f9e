import { describe, expect, it } from 'vitest';
import { mayBeSignedIn } from './sign-in-hint';

describe('mayBeSignedIn', () => {
  it('reads the mark the API sets with the session, with or without the production prefix', () => {
    expect(mayBeSignedIn('nest_locale=fr-FR; nest_customer_signed_in=1')).toBe(true);
    expect(mayBeSignedIn('__Host-nest_customer_signed_in=1')).toBe(true);
  });

  it('is false without the mark, or once the API cleared it', () => {
    expect(mayBeSignedIn('')).toBe(false);
    expect(mayBeSignedIn('nest_locale=fr-FR')).toBe(false);
    expect(mayBeSignedIn('nest_customer_signed_in=')).toBe(false);
  });
});
