import { describe, expect, it } from 'vitest';
import { refusalOfAvailability, refusalOfProblemCode } from './refusal';

describe('why a visitor cannot subscribe', () => {
  it('reads the checkout’s refusal codes as the page’s refusals', () => {
    expect(refusalOfProblemCode('offer_at_capacity')).toBe('at_capacity');
    expect(refusalOfProblemCode('offer_archived')).toBe('archived');
    expect(refusalOfProblemCode('payouts_not_enabled')).toBe('payouts_not_enabled');
    expect(refusalOfProblemCode('revenue_limit_reached')).toBe('revenue_limit_reached');
    expect(refusalOfProblemCode('price_changed')).toBe('price_changed');
  });

  it('leaves other failures to the generic message', () => {
    expect(refusalOfProblemCode('validation_failed')).toBeUndefined();
    expect(refusalOfProblemCode('rate_limited')).toBeUndefined();
  });

  it('sees an open link as no refusal', () => {
    expect(refusalOfAvailability('open')).toBeUndefined();
    expect(refusalOfAvailability('at_capacity')).toBe('at_capacity');
  });
});
