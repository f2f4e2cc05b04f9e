import type { LinkAvailability } from '@nest/contracts';

/** Why a visitor cannot subscribe: the page's availability, or the checkout's 409 code. */
export type Refusal = Exclude<LinkAvailability, 'open'> | 'price_changed';

/** The checkout's refusal codes (problem `code`, 409) and the availability they mean. */
const refusalOfCode: Record<string, Refusal> = {
  payouts_not_enabled: 'payouts_not_enabled',
  offer_at_capacity: 'at_capacity',
  revenue_limit_reached: 'revenue_limit_reached',
  offer_archived: 'archived',
  price_changed: 'price_changed',
};

export function refusalOfProblemCode(code: string): Refusal | undefined {
  return refusalOfCode[code];
}

export function refusalOfAvailability(availability: LinkAvailability): Refusal | undefined {
  return availability === 'open' ? undefined : availability;
}
