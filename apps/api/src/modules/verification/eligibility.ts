import type { VerificationReason } from '@nest/contracts';

export interface EligibilityInput {
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
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
