import type { Pass } from '@nest/contracts';
import { signPass } from './pass-sign.js';

/**
 * The statuses in which a subscription has a pass (ADR 081): it exists and has neither ended nor
 * failed to start. Past due and unpaid keep it: whether it lets the customer in is decided at the
 * counter, when the pass is verified, and the customer area shows the debt next to it.
 */
export const PASS_STATUSES: ReadonlySet<string> = new Set(['trialing', 'active', 'past_due', 'unpaid']);

export function hasPass(status: string): boolean {
  return PASS_STATUSES.has(status);
}

/** The pass of one subscription as the API answers it (the success page, the customer area). */
export function passView(
  secret: string,
  subscription: { nestId: string; id: string },
  now: Date = new Date(),
): Pass {
  const signed = signPass(secret, { nestId: subscription.nestId, subscriptionId: subscription.id }, now);
  return {
    token: signed.token,
    code: signed.code,
    expires_at: signed.expiresAt.toISOString(),
    refresh_at: signed.refreshAt.toISOString(),
  };
}
