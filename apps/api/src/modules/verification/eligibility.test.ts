import { describe, expect, it } from 'vitest';
import { ineligibilityReason, RENEWAL_GRACE_MS } from './eligibility.js';

const now = new Date('2026-11-22T10:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);

describe('eligibility at the counter', () => {
  it('lets in an active or trialing subscription paid through now', () => {
    for (const status of ['active', 'trialing']) {
      expect(
        ineligibilityReason({ status, currentPeriodEnd: at(60_000), cancelAtPeriodEnd: false }, now),
      ).toBe(null);
    }
  });

  it('keeps a renewing subscription eligible while its renewal is on its way, not longer', () => {
    const renewing = (ms: number) => ({
      status: 'active',
      currentPeriodEnd: at(-ms),
      cancelAtPeriodEnd: false,
    });
    expect(ineligibilityReason(renewing(60_000), now)).toBe(null);
    expect(ineligibilityReason(renewing(RENEWAL_GRACE_MS + 1), now)).toBe('ended');
  });

  it('ends a subscription cancelled at period end at that end, with no grace', () => {
    expect(
      ineligibilityReason({ status: 'active', currentPeriodEnd: at(60_000), cancelAtPeriodEnd: true }, now),
    ).toBe(null);
    expect(
      ineligibilityReason({ status: 'active', currentPeriodEnd: at(-1), cancelAtPeriodEnd: true }, now),
    ).toBe('ended');
  });

  it('says why the others are refused', () => {
    const reason = (status: string) =>
      ineligibilityReason({ status, currentPeriodEnd: at(60_000), cancelAtPeriodEnd: false }, now);
    expect(reason('past_due')).toBe('past_due');
    expect(reason('unpaid')).toBe('unpaid');
    expect(reason('incomplete')).toBe('incomplete');
    expect(reason('canceled')).toBe('canceled');
  });
});
