import type { CustomerSubscription } from '@nest/contracts';
import { describe, expect, it } from 'vitest';
import { hasPass, needsPayment, orderSubscriptions, phaseOf } from './subscription-state';

function sub(overrides: Partial<CustomerSubscription> & { id: string }): CustomerSubscription {
  return {
    nest: { id: '00000000-0000-4000-8000-000000000001', name: 'Bakery', logo_url: null },
    offer: { name: 'Bread box', grants: 'One loaf a day' },
    status: 'active',
    current_period_end: '2026-12-01T00:00:00.000Z',
    next_payment_at: '2026-12-01T00:00:00.000Z',
    amount_cents: 1500,
    currency: 'EUR',
    interval: 'month',
    interval_count: 1,
    cancel_at_period_end: false,
    pause: null,
    pause_max_periods: 0,
    usage: null,
    reward: null,
    unpaid_amount_cents: 0,
    rewards: [],
    ...overrides,
  };
}

describe('phaseOf', () => {
  it('names what the card says first', () => {
    expect(phaseOf(sub({ id: 'a' }))).toBe('active');
    expect(phaseOf(sub({ id: 'a', status: 'trialing' }))).toBe('trialing');
    expect(phaseOf(sub({ id: 'a', cancel_at_period_end: true }))).toBe('cancelling');
    const day = 24 * 60 * 60 * 1000;
    const around = {
      starts_at: new Date(Date.now() - day).toISOString(),
      ends_at: new Date(Date.now() + day).toISOString(),
    };
    expect(phaseOf(sub({ id: 'a', pause: around }))).toBe('paused');
    // A pause that has not begun leaves the paid period running.
    const later = {
      starts_at: new Date(Date.now() + day).toISOString(),
      ends_at: new Date(Date.now() + 9 * day).toISOString(),
    };
    expect(phaseOf(sub({ id: 'a', pause: later }))).toBe('active');
    expect(phaseOf(sub({ id: 'a', status: 'past_due', unpaid_amount_cents: 1500 }))).toBe('due');
    expect(phaseOf(sub({ id: 'a', status: 'unpaid' }))).toBe('due');
    // An open invoice on a running subscription asks to be paid too.
    expect(phaseOf(sub({ id: 'a', unpaid_amount_cents: 900 }))).toBe('due');
    // A debt outweighs a pending cancellation: it is still owed.
    expect(phaseOf(sub({ id: 'a', status: 'past_due', cancel_at_period_end: true }))).toBe('due');
    expect(phaseOf(sub({ id: 'a', status: 'canceled', unpaid_amount_cents: 900 }))).toBe('ended');
    expect(phaseOf(sub({ id: 'a', status: 'incomplete' }))).toBe('starting');
  });

  it('gives a pass only to subscriptions that exist and have not ended', () => {
    expect(hasPass(sub({ id: 'a', status: 'past_due' }))).toBe(true);
    expect(hasPass(sub({ id: 'a', status: 'canceled' }))).toBe(false);
    expect(hasPass(sub({ id: 'a', status: 'incomplete' }))).toBe(false);
    expect(needsPayment(sub({ id: 'a', status: 'canceled', unpaid_amount_cents: 5 }))).toBe(false);
  });
});

describe('orderSubscriptions', () => {
  it('puts what is due first, then running, ending and ended, stable by nest and offer', () => {
    const list = [
      sub({ id: 'ended', status: 'canceled' }),
      sub({ id: 'cancelling', cancel_at_period_end: true }),
      sub({ id: 'gym', nest: { id: 'n2', name: 'Gym', logo_url: null } }),
      sub({ id: 'bakery' }),
      sub({
        id: 'due',
        status: 'past_due',
        unpaid_amount_cents: 1500,
        nest: { id: 'n3', name: 'Zoo', logo_url: null },
      }),
      sub({ id: 'trial', status: 'trialing', offer: { name: 'Another box', grants: '' } }),
    ];
    expect(orderSubscriptions(list).map((s) => s.id)).toEqual([
      'due',
      'trial',
      'bakery',
      'gym',
      'cancelling',
      'ended',
    ]);
    // The input is left as it was.
    expect(list[0]!.id).toBe('ended');
  });
});
