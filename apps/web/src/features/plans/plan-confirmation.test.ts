import type { Merchant } from '@nest/contracts';
import { describe, expect, it } from 'vitest';
import { confirmationPollDelay, isPlanConfirmed } from './plan-confirmation';

const now = Date.parse('2026-03-10T12:00:00Z');
const merchant = (subscription: Merchant['subscription']): Merchant => ({
  id: '0b0e5a7e-2f5d-4d8e-9d3a-3f0d2d7b9c11',
  email: 'cafe@example.com',
  name: 'Café',
  locale: 'en-US',
  time_zone: 'Europe/Paris',
  onboarded_at: null,
  created_at: '2026-03-01T00:00:00Z',
  subscription,
});

describe('the success page waits for the plan to be paid for', () => {
  it('is confirmed once the plan is active and paid through a date ahead', () => {
    const paid = merchant({
      plan: 'starter',
      status: 'active',
      next_payment_at: '2026-04-10T12:00:00Z',
      cancel_at_period_end: false,
    });
    expect(isPlanConfirmed(paid, now)).toBe(true);
  });

  it('keeps waiting while the checkout is not confirmed by the provider yet', () => {
    expect(isPlanConfirmed(merchant(null), now)).toBe(false);
    expect(
      isPlanConfirmed(
        merchant({
          plan: 'starter',
          status: 'incomplete',
          next_payment_at: null,
          cancel_at_period_end: false,
        }),
        now,
      ),
    ).toBe(false);
    expect(isPlanConfirmed(undefined, now)).toBe(false);
  });

  it('does not take an overdue or past date for a confirmation', () => {
    expect(
      isPlanConfirmed(
        merchant({
          plan: 'pro',
          status: 'past_due',
          next_payment_at: '2026-04-10T12:00:00Z',
          cancel_at_period_end: false,
        }),
        now,
      ),
    ).toBe(false);
    expect(
      isPlanConfirmed(
        merchant({
          plan: 'pro',
          status: 'active',
          next_payment_at: '2026-03-01T12:00:00Z',
          cancel_at_period_end: false,
        }),
        now,
      ),
    ).toBe(false);
  });

  it('polls every second at first, then backs off, and stays polite for the whole half minute', () => {
    expect(confirmationPollDelay(0)).toBe(1_000);
    expect(confirmationPollDelay(4_999)).toBe(1_000);
    expect(confirmationPollDelay(10_000)).toBe(2_000);
    expect(confirmationPollDelay(20_000)).toBe(4_000);
    let elapsed = 0;
    let polls = 0;
    while (elapsed < 30_000) {
      elapsed += confirmationPollDelay(elapsed);
      polls++;
    }
    expect(polls).toBeLessThanOrEqual(15);
  });
});
