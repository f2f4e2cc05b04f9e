import { describe, expect, it } from 'vitest';
import { aMerchant } from '../testing';
import { merchantAppRedirect } from './merchant-app-redirect';

const now = Date.parse('2026-06-15T12:00:00.000Z');
const paid = { plan: 'pro', status: 'active', cancel_at_period_end: false } as const;

describe('the merchant guard of /admin/app, in the spec’s order', () => {
  it('sends a merchant without a next payment date to the pricing page, before anything else', () => {
    expect(merchantAppRedirect(aMerchant({ subscription: null, onboarded_at: null }), now)).toBe(
      '/admin/pricing',
    );
    expect(
      merchantAppRedirect(
        aMerchant({ subscription: { ...paid, next_payment_at: null }, onboarded_at: null }),
        now,
      ),
    ).toBe('/admin/pricing');
  });

  it('sends a merchant whose next payment date has passed to payment recovery, even if not onboarded', () => {
    const overdue = { ...paid, next_payment_at: '2026-06-15T11:59:59.000Z' };
    expect(merchantAppRedirect(aMerchant({ subscription: overdue, onboarded_at: null }), now)).toBe(
      '/admin/onboarding/payment/recover',
    );
    expect(merchantAppRedirect(aMerchant({ subscription: overdue }), now)).toBe(
      '/admin/onboarding/payment/recover',
    );
  });

  it('sends a paid-up merchant who has not created a nest to onboarding', () => {
    const upcoming = { ...paid, next_payment_at: '2026-07-15T12:00:00.000Z' };
    expect(merchantAppRedirect(aMerchant({ subscription: upcoming, onboarded_at: null }), now)).toBe(
      '/admin/onboarding/create-nest',
    );
  });

  it('lets a paid-up, onboarded merchant in', () => {
    const upcoming = { ...paid, next_payment_at: '2026-07-15T12:00:00.000Z' };
    expect(merchantAppRedirect(aMerchant({ subscription: upcoming }), now)).toBeNull();
  });
});
