import type { PlanState } from '@nest/contracts';

/** Nothing owed and paid through a date still ahead: the guard lets the merchant back in. */
export function isPaidUp(plan: PlanState | undefined, now: number): boolean {
  if (!plan?.next_payment_at || plan.has_unpaid_invoices) return false;
  if (plan.status !== 'active' && plan.status !== 'trialing') return false;
  return Date.parse(plan.next_payment_at) > now;
}

/** A plan that was never paid or has ended: there is nothing to recover, only a plan to choose. */
export function hasNoPlanToRecover(plan: PlanState): boolean {
  return !plan.subscription_id || plan.status === 'canceled' || plan.status === 'incomplete';
}
