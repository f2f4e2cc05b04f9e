import type { VerificationReason, VerificationResultKind } from '@nest/contracts';
import { isPausedAt } from '../subscriptions/pause-view.js';

export interface EligibilityInput {
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** A pause (ADR 150): refused as paused from its start until its end. */
  pauseStartsAt: Date | null;
  pauseEndsAt: Date | null;
}

/**
 * A renewing subscription's period end may pass before the provider's renewal reaches us (Stripe
 * charges about an hour after the period ends, and webhooks can lag): for that long a subscription
 * that was not cancelled still counts as paid through, so a customer at the counter is not refused
 * for our delay. A failed renewal turns it past due, refused as such.
 */
export const RENEWAL_GRACE_MS = 2 * 60 * 60 * 1000;

/**
 * DESIGN.md §5: eligible when the subscription is active or trialing and paid through now (a
 * subscription cancelled at period end stays eligible until that end); past due, unpaid, incomplete
 * or cancelled is not, and the answer says why. Answers null when eligible, else the reason.
 */
export function ineligibilityReason(subscription: EligibilityInput, now: Date): VerificationReason | null {
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      if (!subscription.currentPeriodEnd) return 'ended';
      if (isPausedAt(subscription, now)) return 'paused';
      if (subscription.currentPeriodEnd.getTime() > now.getTime()) return null;
      // Cancelled at period end: over at the end. Renewing: allowed while the renewal is on its way.
      if (subscription.cancelAtPeriodEnd) return 'ended';
      return now.getTime() - subscription.currentPeriodEnd.getTime() < RENEWAL_GRACE_MS ? null : 'ended';
    case 'past_due':
      return 'past_due';
    case 'unpaid':
      return 'unpaid';
    case 'incomplete':
      return 'incomplete';
    default:
      return 'canceled';
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CounterVerdict {
  result: VerificationResultKind;
  reason: VerificationReason | null;
  /** Amber until then; null when not in grace. */
  graceUntil: Date | null;
}

export interface VerdictInput extends EligibilityInput {
  currentPeriodStart: Date | null;
  /** The offer's grace days for past-due subscribers (0: refused at once). */
  graceDays: number;
}

/**
 * The counter's three colours (ADR 130): green when eligible; amber when the only fault is a failed
 * payment less than the offer's grace days ago (let them in, ask them to pay); red otherwise. A
 * subscription turns past due when its renewal fails, and the renewal opens the period it pays for,
 * so the failure dates from `current_period_start`. New refusal reasons belong in
 * `ineligibilityReason`: only `past_due` can be softened to amber here.
 */
export function counterVerdict(subscription: VerdictInput, now: Date): CounterVerdict {
  const reason = ineligibilityReason(subscription, now);
  if (reason === null) return { result: 'eligible', reason: null, graceUntil: null };
  const since = subscription.currentPeriodStart ?? subscription.currentPeriodEnd;
  if (reason === 'past_due' && subscription.graceDays > 0 && since) {
    const graceUntil = new Date(since.getTime() + subscription.graceDays * DAY_MS);
    if (graceUntil.getTime() > now.getTime()) return { result: 'grace', reason, graceUntil };
  }
  return { result: 'not_eligible', reason, graceUntil: null };
}

/** The pay-now link can be emailed from the counter for these statuses (a failed payment is open). */
export const PAY_NOW_STATUSES: readonly string[] = ['past_due', 'unpaid'];
