import type { PayoutAccount } from './payouts.js';

/** Payout values without a schema, so the screens that only show them load no zod. */

export const weekdays = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;

/** Links take payments only once the provider lets the account charge; until then the dashboard says so. */
export function canTakePayments(payout: Pick<PayoutAccount, 'charges_enabled'>): boolean {
  return payout.charges_enabled;
}
