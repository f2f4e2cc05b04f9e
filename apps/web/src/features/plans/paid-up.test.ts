import type { PlanState } from '@nest/contracts';
import { describe, expect, it } from 'vitest';
import { declineReason } from '@/lib/decline-reason';
import { hasNoPlanToRecover, isPaidUp } from './paid-up';

const now = Date.parse('2026-03-10T12:00:00Z');
const plan = (changes: Partial<PlanState>): PlanState => ({
  subscription_id: '7d9a3c2e-1b4f-4e8a-9c6d-2a1b3c4d5e6f',
  plan: 'starter',
  status: 'active',
  next_payment_at: '2026-04-10T12:00:00Z',
  current_period_start: '2026-03-10T12:00:00Z',
  cancel_at_period_end: false,
  pending_plan: null,
  price_cents: 1900,
  currency: 'eur',
  support: 'basic',
  revenue_limit_cents: 250_000,
  features: [],
  has_unpaid_invoices: false,
  provider: 'sandbox',
  ...changes,
});

describe('recovering an unpaid plan', () => {
  it('lets the merchant back in only when nothing is owed and the plan runs past today', () => {
    expect(isPaidUp(plan({}), now)).toBe(true);
    expect(isPaidUp(plan({ has_unpaid_invoices: true }), now)).toBe(false);
    expect(isPaidUp(plan({ status: 'past_due' }), now)).toBe(false);
    expect(isPaidUp(plan({ next_payment_at: '2026-03-09T12:00:00Z' }), now)).toBe(false);
    expect(isPaidUp(undefined, now)).toBe(false);
  });

  it('sends a merchant whose plan ended or never started to the plans instead', () => {
    expect(hasNoPlanToRecover(plan({ status: 'canceled' }))).toBe(true);
    expect(hasNoPlanToRecover(plan({ subscription_id: null, plan: null, status: null }))).toBe(true);
    expect(hasNoPlanToRecover(plan({ status: 'past_due', has_unpaid_invoices: true }))).toBe(false);
  });

  it('names the decline reasons it knows and calls any other one a plain decline', () => {
    expect(declineReason('insufficient_funds')).toBe('insufficient_funds');
    expect(declineReason('card_declined')).toBe('card_declined');
    expect(declineReason('do_not_honor')).toBe('generic');
    expect(declineReason(null)).toBe('generic');
  });
});
