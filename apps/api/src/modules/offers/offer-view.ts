import type { Offer, OfferPriceVersion } from '@nest/contracts';
import type { offerPrices, offers } from '../../db/schema/index.js';

export type OfferRow = typeof offers.$inferSelect;
export type OfferPriceRow = typeof offerPrices.$inferSelect;

/** An offer with its versions, newest first, each with its number of subscribers. */
export interface OfferWithVersions {
  offer: OfferRow;
  versions: OfferPriceRow[];
  subscriberCounts: Map<string, number>;
}

export function currentVersion(versions: OfferPriceRow[]): OfferPriceRow {
  const [current] = [...versions].sort((a, b) => b.version - a.version);
  if (!current) throw new Error('An offer always has a price version');
  return current;
}

export function toOfferView({ offer, versions, subscriberCounts }: OfferWithVersions): Offer {
  const sorted = [...versions].sort((a, b) => b.version - a.version);
  const current = currentVersion(sorted);
  const versionViews: OfferPriceVersion[] = sorted.map((v) => ({
    id: v.id,
    version: v.version,
    amount_cents: v.amountCents,
    currency: v.currency,
    interval: v.interval,
    interval_count: v.intervalCount,
    subscriber_count: subscriberCounts.get(v.id) ?? 0,
    current: v.id === current.id,
    created_at: v.createdAt.toISOString(),
  }));
  return {
    id: offer.id,
    nest_id: offer.nestId,
    status: offer.status,
    name: offer.name,
    description: offer.description,
    grants: offer.grants,
    amount_cents: current.amountCents,
    currency: current.currency,
    interval: current.interval,
    interval_count: current.intervalCount,
    trial_days: offer.trialDays,
    capacity: offer.capacity,
    usage_allowance: offer.usageAllowance ?? null,
    reward_rule: offer.rewardRule ?? null,
    grace_days: offer.graceDays,
    customer_pause_max_periods: offer.customerPauseMaxPeriods,
    subscriber_count: versionViews.reduce((sum, v) => sum + v.subscriber_count, 0),
    current_version_id: current.id,
    versions: versionViews,
    created_at: offer.createdAt.toISOString(),
    updated_at: offer.updatedAt.toISOString(),
    archived_at: offer.archivedAt?.toISOString() ?? null,
  };
}
