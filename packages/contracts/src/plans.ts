import { z } from 'zod';

export const planIds = ['starter', 'pro', 'enterprise'] as const;
export const planIdSchema = z.enum(planIds);
export type PlanId = z.infer<typeof planIdSchema>;

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

export type SupportLevel = 'basic' | 'premium' | 'vip';

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

/** The plans of the spec (§3, §9) and DESIGN.md §5. Prices are configuration, not code. */
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

export const subscriptionStatusSchema = z.enum([
  'incomplete',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** The merchant's plan subscription as /users/me returns it (snake_case, as the spec's next_payment_at). */
export const merchantSubscriptionSchema = z.object({
  plan: planIdSchema,
  status: subscriptionStatusSchema,
  next_payment_at: z.iso.datetime({ offset: true }).nullable(),
  cancel_at_period_end: z.boolean(),
});
export type MerchantSubscription = z.infer<typeof merchantSubscriptionSchema>;
