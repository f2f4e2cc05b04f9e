import type { PublicLink } from '@nest/contracts';
import { logoUrl } from '../nests/nest-view.js';
import { availabilityOf } from './link-availability.js';
import { priceVersionId } from './price-version.js';
import type { PublicLinkRead } from './read-public-link.js';

/** The public page's data: what the nest sells through this link, at which price, and if it is open. */
export function toPublicLinkView(read: PublicLinkRead): PublicLink {
  return {
    nest_link_id: read.nestLinkId,
    nest: {
      name: read.nest.name,
      logo_url: logoUrl(read.nest.id, read.logoEtag),
      category: read.nest.category,
      description: read.nest.description,
      brand_color: read.nest.brandColor,
    },
    offer: {
      name: read.offer.name,
      description: read.offer.description,
      grants: read.offer.grants,
      amount_cents: read.price.amountCents,
      currency: read.price.currency,
      interval: read.price.interval,
      interval_count: read.price.intervalCount,
      trial_days: read.offer.trialDays,
      reward_rule: read.offer.rewardRule ?? null,
      usage_allowance: read.offer.usageAllowance ?? null,
    },
    price_version_id: priceVersionId(read.price),
    availability: availabilityOf(read),
  };
}
