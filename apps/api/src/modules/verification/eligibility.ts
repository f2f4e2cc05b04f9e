import type { VerificationReason } from '@nest/contracts';

export interface EligibilityInput {
  status: string;
  currentPeriodEnd: Date | null;
}

/**
 * DESIGN.md §5: eligible when the subscription is active or trialing and paid through now (a
 * subscription cancelled at period end stays eligible until that end); past due, unpaid, incomplete
 * or cancelled is not, and the answer says why. Answers null when eligible, else the reason.
 */
export function ineligibilityReason(subscription: EligibilityInput, now: Date): VerificationReason | null {
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      if (!subscription.currentPeriodEnd || subscription.currentPeriodEnd.getTime() <= now.getTime()) {
        return 'ended';
      }
      return null;
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
