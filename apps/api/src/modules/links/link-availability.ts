import type { LinkAvailability } from '@nest/contracts';
import { AppError } from '../../lib/errors.js';
import { revenueLimitOf, revenueStanding } from '../revenue/revenue-limit.js';
import type { PublicLinkRead } from './read-public-link.js';

/**
 * Whether a visitor may subscribe now, the most lasting reason first: an archived offer stays so, a
 * payout account gets finished, places free up, the month ends.
 */
export function availabilityOf(read: PublicLinkRead): LinkAvailability {
  if (read.offer.status === 'archived') return 'archived';
  if (!read.payoutsEnabled) return 'payouts_not_enabled';
  if (read.offer.capacity !== null && read.seatsTaken >= read.offer.capacity) return 'at_capacity';
  const limit = revenueLimitOf(read.plan);
  if (revenueStanding(read.monthRevenueCents ?? 0, limit).limitReached) return 'revenue_limit_reached';
  return 'open';
}

/** The problem a refused checkout answers: polite, in the visitor's language, naming the nest. */
export function availabilityProblem(availability: Exclude<LinkAvailability, 'open'>, nestName: string) {
  const params = { nest: nestName };
  switch (availability) {
    case 'archived':
      return new AppError('offer_archived', { status: 409, params });
    case 'payouts_not_enabled':
      return new AppError('payouts_not_enabled', { status: 409, params });
    case 'at_capacity':
      return new AppError('offer_at_capacity', { status: 409, params });
    case 'revenue_limit_reached':
      return new AppError('revenue_limit_reached', { status: 409, params });
  }
}
