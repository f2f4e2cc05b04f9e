import type { CheckoutSessionView } from '@nest/contracts';
import { describe, expect, it } from 'vitest';
import { nextRefreshMs, PENDING_POLL_MS } from './get-checkout-session';

const now = Date.parse('2026-05-01T10:00:00Z');
const view = (overrides: Partial<CheckoutSessionView>): CheckoutSessionView => ({
  status: 'complete',
  nest: { name: 'Café Lumière' },
  offer: { name: 'Coffee club' },
  customer: { first_name: 'Camille' },
  subscription: null,
  pass: null,
  ...overrides,
});

describe('the success page asks again politely', () => {
  it('every few seconds while the payment is being confirmed', () => {
    expect(nextRefreshMs(view({ status: 'pending' }), now)).toBe(PENDING_POLL_MS);
  });

  it('when the pass can be renewed, once confirmed', () => {
    const pass = {
      token: 't',
      code: 'ABCD2345',
      expires_at: '2026-05-01T10:00:45Z',
      refresh_at: '2026-05-01T10:00:20Z',
    };
    expect(nextRefreshMs(view({ pass }), now)).toBe(20_000);
    // Never in a tight loop when the clock is behind the server's.
    expect(nextRefreshMs(view({ pass: { ...pass, refresh_at: '2026-05-01T09:59:00Z' } }), now)).toBe(1_000);
  });

  it('not at all without a pass or an answer', () => {
    expect(nextRefreshMs(view({}), now)).toBe(false);
    expect(nextRefreshMs(undefined, now)).toBe(false);
  });
});
