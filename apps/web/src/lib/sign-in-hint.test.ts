import { describe, expect, it } from 'vitest';
import { customerMayBeSignedIn, merchantMayBeSignedIn } from './sign-in-hint';

describe('the page-readable sign-in marks', () => {
  it('reads the mark the API sets with the session, with or without the production prefix', () => {
    expect(customerMayBeSignedIn('nest_locale=fr-FR; nest_customer_signed_in=1')).toBe(true);
    expect(customerMayBeSignedIn('__Host-nest_customer_signed_in=1')).toBe(true);
    expect(merchantMayBeSignedIn('__Host-nest_merchant_signed_in=1; nest_locale=en-US')).toBe(true);
  });

  it('is false without the mark, once the API cleared it, or for the other kind of account', () => {
    expect(customerMayBeSignedIn('')).toBe(false);
    expect(customerMayBeSignedIn('nest_customer_signed_in=')).toBe(false);
    expect(customerMayBeSignedIn('nest_merchant_signed_in=1')).toBe(false);
    expect(merchantMayBeSignedIn('nest_customer_signed_in=1')).toBe(false);
  });
});
