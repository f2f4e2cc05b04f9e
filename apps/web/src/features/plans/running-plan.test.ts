import type { Merchant } from '@nest/contracts';
import { expect, it } from 'vitest';
import { runningPlanOf } from './running-plan';

const withPlan = (status: NonNullable<Merchant['subscription']>['status']): Merchant => ({
  id: '0b0e5a7e-2f5d-4d8e-9d3a-3f0d2d7b9c11',
  email: 'cafe@example.com',
  name: 'Café',
  locale: 'en-US',
  time_zone: 'Europe/Paris',
  onboarded_at: null,
  created_at: '2026-03-01T00:00:00Z',
  subscription: { plan: 'pro', status, next_payment_at: null, cancel_at_period_end: false },
});

it('counts a paid plan, even overdue, as the merchant’s plan, but not an unpaid checkout or an ended plan', () => {
  expect(runningPlanOf(withPlan('active'))).toBe('pro');
  expect(runningPlanOf(withPlan('past_due'))).toBe('pro');
  expect(runningPlanOf(withPlan('incomplete'))).toBeNull();
  expect(runningPlanOf(withPlan('canceled'))).toBeNull();
  expect(runningPlanOf(null)).toBeNull();
});
