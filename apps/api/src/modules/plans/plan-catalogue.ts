import { type PlanId, type PlanOffer, planIds, plans } from '@nest/contracts';
import type { Config } from '../../config.js';
import type { PlanPrice } from '../../payments/port.js';

/** What each plan costs per month, in cents: configuration (PLAN_PRICE_*), not code. */
export function planPriceCents(config: Config, plan: PlanId): number {
  switch (plan) {
    case 'starter':
      return config.PLAN_PRICE_STARTER;
    case 'pro':
      return config.PLAN_PRICE_PRO;
    case 'enterprise':
      return config.PLAN_PRICE_ENTERPRISE;
  }
}

const productNames: Record<PlanId, string> = {
  starter: 'Nest Starter',
  pro: 'Nest Pro',
  enterprise: 'Nest Enterprise',
};

/** The plan as the provider bills it. Plan names are brand names, the same in every language. */
export function planPrice(config: Config, plan: PlanId): PlanPrice {
  return {
    plan,
    amountCents: planPriceCents(config, plan),
    currency: 'eur',
    productName: productNames[plan],
  };
}

export function planName(plan: PlanId): string {
  return productNames[plan];
}

export function planOffers(config: Config): PlanOffer[] {
  return planIds.map((id) => ({
    id,
    price_cents: planPriceCents(config, id),
    currency: 'eur',
    interval: 'month',
    support: plans[id].support,
    revenue_limit_cents: plans[id].revenueLimitCents,
    features: [...plans[id].features],
  }));
}
