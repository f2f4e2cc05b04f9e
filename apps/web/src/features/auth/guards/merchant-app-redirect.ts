import type { Merchant } from '@nest/contracts';
import { paths } from '@/app/paths';

/**
 * The merchant guard of /admin/app (spec §4), checked in this order: no next payment date → choose a
 * plan; a next payment date in the past → settle the overdue invoice; not onboarded → create the
 * nest. Null when the merchant may stay.
 */
export function merchantAppRedirect(
  merchant: Pick<Merchant, 'subscription' | 'onboarded_at'>,
  now: number = Date.now(),
): string | null {
  const nextPaymentAt = merchant.subscription?.next_payment_at;
  if (!nextPaymentAt) return paths.admin.pricing.getHref();
  if (Date.parse(nextPaymentAt) < now) return paths.admin.onboarding.paymentRecover.getHref();
  if (!merchant.onboarded_at) return paths.admin.onboarding.createNest.getHref();
  return null;
}
