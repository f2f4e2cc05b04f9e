/**
 * The plans' catalogue (product spec §3): their ids, features and limits, without a schema, so a page
 * that only needs to know a plan's rank or features loads no zod (the schemas are in plans.ts).
 */
export const planIds = ['starter', 'pro', 'enterprise'] as const;
export type PlanId = (typeof planIds)[number];

export const planFeatures = [
  'subscription_qr_code',
  'customer_access_validation',
  'automatic_payment',
  'unlimited_offers',
  'monthly_revenue_tracking',
  'events',
  'progression',
  'strategic_support',
  'api_access',
] as const;
export type PlanFeature = (typeof planFeatures)[number];

export const supportLevels = ['basic', 'premium', 'vip'] as const;
export type SupportLevel = (typeof supportLevels)[number];

export interface PlanDefinition {
  id: PlanId;
  support: SupportLevel;
  /** Monthly revenue limit in cents (euro); null means no limit. */
  revenueLimitCents: number | null;
  features: readonly PlanFeature[];
}

const core: PlanFeature[] = [
  'subscription_qr_code',
  'customer_access_validation',
  'automatic_payment',
  'unlimited_offers',
  'monthly_revenue_tracking',
];

/** The plans of docs/product.md §3. Prices are configuration, not code. */
export const plans: Record<PlanId, PlanDefinition> = {
  starter: { id: 'starter', support: 'basic', revenueLimitCents: 2_500_00, features: core },
  pro: {
    id: 'pro',
    support: 'premium',
    revenueLimitCents: 10_000_00,
    features: [...core, 'events', 'progression'],
  },
  enterprise: {
    id: 'enterprise',
    support: 'vip',
    revenueLimitCents: null,
    features: [...core, 'events', 'progression', 'strategic_support', 'api_access'],
  },
};

export const planRank: Record<PlanId, number> = { starter: 0, pro: 1, enterprise: 2 };

/** The cheapest plan that unlocks a feature. */
export function planUnlocking(feature: PlanFeature): PlanId {
  return planIds.find((id) => plans[id].features.includes(feature)) ?? 'enterprise';
}

export function hasFeature(plan: PlanId, feature: PlanFeature): boolean {
  return plans[plan].features.includes(feature);
}
