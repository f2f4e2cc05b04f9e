import { describe, expect, it } from 'vitest';
import { counterVerdict, ineligibilityReason, RENEWAL_GRACE_MS } from './eligibility.js';

const now = new Date('2026-11-22T10:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const unpaused = { pauseStartsAt: null, pauseEndsAt: null };

describe('eligibility at the counter', () => {
  it('lets in an active or trialing subscription paid through now', () => {
    for (const status of ['active', 'trialing']) {
      expect(
        ineligibilityReason(
          { status, currentPeriodEnd: at(60_000), cancelAtPeriodEnd: false, ...unpaused },
          now,
        ),
      ).toBe(null);
    }
  });

  it('keeps a renewing subscription eligible while its renewal is on its way, not longer', () => {
    const renewing = (ms: number) => ({
      status: 'active',
      currentPeriodEnd: at(-ms),
      cancelAtPeriodEnd: false,
      ...unpaused,
    });
    expect(ineligibilityReason(renewing(60_000), now)).toBe(null);
    expect(ineligibilityReason(renewing(RENEWAL_GRACE_MS + 1), now)).toBe('ended');
  });

  it('ends a subscription cancelled at period end at that end, with no grace', () => {
    expect(
      ineligibilityReason(
        { status: 'active', currentPeriodEnd: at(60_000), cancelAtPeriodEnd: true, ...unpaused },
        now,
      ),
    ).toBe(null);
    expect(
      ineligibilityReason(
        { status: 'active', currentPeriodEnd: at(-1), cancelAtPeriodEnd: true, ...unpaused },
        now,
      ),
    ).toBe('ended');
  });

  it('says why the others are refused', () => {
    const reason = (status: string) =>
      ineligibilityReason(
        { status, currentPeriodEnd: at(60_000), cancelAtPeriodEnd: false, ...unpaused },
        now,
      );
    expect(reason('past_due')).toBe('past_due');
    expect(reason('unpaid')).toBe('unpaid');
    expect(reason('incomplete')).toBe('incomplete');
    expect(reason('canceled')).toBe('canceled');
  });

  it('turns a failed payment amber within the offer’s grace days, red after, and never softens other reasons', () => {
    const DAY = 24 * 3600 * 1000;
    const pastDue = (daysAgo: number, graceDays: number, status = 'past_due') =>
      counterVerdict(
        {
          status,
          currentPeriodStart: at(-daysAgo * DAY),
          currentPeriodEnd: at((30 - daysAgo) * DAY),
          cancelAtPeriodEnd: false,
          ...unpaused,
          ...unpaused,
          graceDays,
        },
        now,
      );
    expect(pastDue(1, 3)).toEqual({ result: 'grace', reason: 'past_due', graceUntil: at(2 * DAY) });
    expect(pastDue(3, 3)).toEqual({ result: 'not_eligible', reason: 'past_due', graceUntil: null });
    expect(pastDue(0, 0)).toMatchObject({ result: 'not_eligible', reason: 'past_due' });
    expect(pastDue(1, 3, 'unpaid')).toMatchObject({ result: 'not_eligible', reason: 'unpaid' });
    expect(pastDue(1, 3, 'canceled')).toMatchObject({ result: 'not_eligible', reason: 'canceled' });
    expect(pastDue(1, 3, 'active')).toEqual({ result: 'eligible', reason: null, graceUntil: null });
  });

  it('refuses a paused subscription as paused from its start until its end, and not before nor after', () => {
    const paused = {
      status: 'active',
      cancelAtPeriodEnd: false,
      pauseStartsAt: at(-1000),
      pauseEndsAt: at(60_000),
    };
    expect(ineligibilityReason({ ...paused, currentPeriodEnd: at(30_000) }, now)).toBe('paused');
    // Before the pause starts the paid period runs: let in.
    expect(ineligibilityReason({ ...paused, currentPeriodEnd: at(30_000), pauseStartsAt: at(1) }, now)).toBe(
      null,
    );
    // At its end it has resumed.
    expect(ineligibilityReason({ ...paused, currentPeriodEnd: at(30_000), pauseEndsAt: now }, now)).toBe(
      null,
    );
    // A past-due subscription is refused as past due, never softened to a pause.
    expect(ineligibilityReason({ ...paused, status: 'past_due', currentPeriodEnd: at(30_000) }, now)).toBe(
      'past_due',
    );
  });
});
