import { z } from 'zod';
import { text } from './text.js';

/** Amount bounds, in cents: the provider's minimum charge in euro, and a ceiling no café plan needs. */
export const OFFER_MIN_AMOUNT_CENTS = 50;
export const OFFER_MAX_AMOUNT_CENTS = 1_000_000;
export const OFFER_NAME_MAX_LENGTH = 80;
export const OFFER_DESCRIPTION_MAX_LENGTH = 500;
export const OFFER_GRANTS_MAX_LENGTH = 500;
export const OFFER_MAX_TRIAL_DAYS = 365;
export const OFFER_MAX_CAPACITY = 100_000;
/** Most days a past-due subscriber may still be let in at the counter (amber), per offer. */
export const OFFER_MAX_GRACE_DAYS = 30;
export const REWARD_NAME_MAX_LENGTH = 80;

export const offerIntervals = ['week', 'month', 'year'] as const;
export const offerIntervalSchema = z.enum(offerIntervals);
export type OfferInterval = z.infer<typeof offerIntervalSchema>;

/**
 * Longest billing period per unit. The provider bills at most once a year (52 weeks, 12 months,
 * 1 year), so "every 2 years" does not exist.
 */
export const maxIntervalCount: Record<OfferInterval, number> = { week: 52, month: 12, year: 1 };

/** Subscription statuses that hold a place: they count as subscribers and against the capacity. */
export const seatHoldingStatuses = ['trialing', 'active', 'past_due', 'unpaid'] as const;

export const usageAllowanceSchema = z
  .object({
    uses: z.number().int().min(1).max(1000),
    /** "period" is the billing period: 10 uses per month on a monthly offer. */
    per: z.enum(['day', 'week', 'period']),
  })
  .strict()
  .meta({ id: 'UsageAllowance' });
export type UsageAllowance = z.infer<typeof usageAllowanceSchema>;

/** Every N check-ins, or after N paid periods, the customer earns the named reward (Pro and Enterprise). */
export const rewardRuleSchema = z
  .object({
    kind: z.enum(['check_ins', 'paid_periods']),
    every: z.number().int().min(1).max(1000),
    reward_name: text().trim().min(1).max(REWARD_NAME_MAX_LENGTH),
  })
  .strict()
  .meta({ id: 'RewardRule' });
export type RewardRule = z.infer<typeof rewardRuleSchema>;

/** A reward a subscription earned under its offer's rule: waiting to be handed over, or redeemed. */
export const earnedRewardSchema = z
  .object({
    id: z.uuid(),
    reward_name: z.string(),
    earned_at: z.iso.datetime({ offset: true }),
    /** Null while it waits to be handed over at the counter. */
    redeemed_at: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'EarnedReward' });
export type EarnedReward = z.infer<typeof earnedRewardSchema>;

/** A pause lasts at most this many billing periods (ADR 150), whoever sets it. */
export const MAX_PAUSE_PERIODS = 12;

const amountCents = z.number().int().min(OFFER_MIN_AMOUNT_CENTS).max(OFFER_MAX_AMOUNT_CENTS);
const intervalCount = z.number().int().min(1).max(52);

const offerFields = {
  name: text().trim().min(1).max(OFFER_NAME_MAX_LENGTH),
  description: text().trim().max(OFFER_DESCRIPTION_MAX_LENGTH).nullable(),
  /** What the subscription gives, shown to customers and at the counter. */
  grants: text().trim().min(1).max(OFFER_GRANTS_MAX_LENGTH),
  amount_cents: amountCents,
  interval: offerIntervalSchema,
  interval_count: intervalCount,
  trial_days: z.number().int().min(0).max(OFFER_MAX_TRIAL_DAYS),
  /** Most subscribers at once; null for no limit. */
  capacity: z.number().int().min(1).max(OFFER_MAX_CAPACITY).nullable(),
  usage_allowance: usageAllowanceSchema.nullable(),
  reward_rule: rewardRuleSchema.nullable(),
  /** Days after a failed payment during which the counter still lets the subscriber in (amber). */
  grace_days: z.number().int().min(0).max(OFFER_MAX_GRACE_DAYS),
  /** Subscribers may pause from their area for up to this many periods at a time; 0: they may not (ADR 150). */
  customer_pause_max_periods: z.number().int().min(0).max(MAX_PAUSE_PERIODS),
};

/** Field errors for an interval count its interval does not allow ("every 13 months"). */
export function intervalCountIssue(interval: OfferInterval, count: number): string | undefined {
  const max = maxIntervalCount[interval];
  return count > max ? `At most ${max} for a ${interval}ly interval` : undefined;
}

export const createOfferBodySchema = z
  .object({
    ...offerFields,
    description: offerFields.description.optional(),
    interval_count: intervalCount.default(1),
    trial_days: offerFields.trial_days.default(0),
    capacity: offerFields.capacity.default(null),
    usage_allowance: offerFields.usage_allowance.default(null),
    reward_rule: offerFields.reward_rule.default(null),
    grace_days: offerFields.grace_days.default(0),
    customer_pause_max_periods: offerFields.customer_pause_max_periods.default(0),
  })
  .strict()
  .superRefine((body, ctx) => {
    const issue = intervalCountIssue(body.interval, body.interval_count);
    if (issue) {
      ctx.addIssue({
        code: 'too_big',
        origin: 'number',
        maximum: maxIntervalCount[body.interval],
        inclusive: true,
        input: body.interval_count,
        path: ['interval_count'],
        message: issue,
      });
    }
  })
  .meta({ id: 'CreateOfferBody' });
/** What a client sends (defaults optional), and what the server works with once parsed. */
export type CreateOfferBody = z.input<typeof createOfferBodySchema>;
export type CreateOfferValues = z.output<typeof createOfferBodySchema>;

/**
 * Any subset of the offer. Changing amount, interval or count of a price that has subscribers makes a
 * new version for new subscribers; existing subscribers keep theirs.
 */
export const updateOfferBodySchema = z
  .object({
    name: offerFields.name.optional(),
    description: offerFields.description.optional(),
    grants: offerFields.grants.optional(),
    amount_cents: offerFields.amount_cents.optional(),
    interval: offerFields.interval.optional(),
    interval_count: offerFields.interval_count.optional(),
    trial_days: offerFields.trial_days.optional(),
    capacity: offerFields.capacity.optional(),
    usage_allowance: offerFields.usage_allowance.optional(),
    reward_rule: offerFields.reward_rule.optional(),
    grace_days: offerFields.grace_days.optional(),
    customer_pause_max_periods: offerFields.customer_pause_max_periods.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update' })
  .meta({ id: 'UpdateOfferBody' });
export type UpdateOfferBody = z.infer<typeof updateOfferBodySchema>;

export const offerStatuses = ['active', 'archived'] as const;
export const offerStatusSchema = z.enum(offerStatuses);
export type OfferStatus = z.infer<typeof offerStatusSchema>;

const timestamp = z.iso.datetime({ offset: true });

/** One price version: what subscribers who joined while it was current pay. */
export const offerPriceVersionSchema = z
  .object({
    id: z.uuid(),
    version: z.number().int(),
    amount_cents: z.number().int(),
    currency: z.string(),
    interval: offerIntervalSchema,
    interval_count: z.number().int(),
    /** Subscribers on this version now (trialing, active, past due or unpaid). */
    subscriber_count: z.number().int(),
    current: z.boolean(),
    created_at: timestamp,
  })
  .meta({ id: 'OfferPriceVersion' });
export type OfferPriceVersion = z.infer<typeof offerPriceVersionSchema>;

export const offerSchema = z
  .object({
    id: z.uuid(),
    nest_id: z.uuid(),
    status: offerStatusSchema,
    name: z.string(),
    description: z.string().nullable(),
    grants: z.string(),
    /** The current version's price, what a new subscriber pays. */
    amount_cents: z.number().int(),
    currency: z.string(),
    interval: offerIntervalSchema,
    interval_count: z.number().int(),
    trial_days: z.number().int(),
    capacity: z.number().int().nullable(),
    usage_allowance: usageAllowanceSchema.nullable(),
    reward_rule: rewardRuleSchema.nullable(),
    /** Days a past-due subscriber is still let in at the counter (amber); 0 refuses at once. */
    grace_days: z.number().int(),
    /** Subscribers may pause from their area for up to this many periods; 0: they may not. */
    customer_pause_max_periods: z.number().int(),
    /** Subscribers across every version. */
    subscriber_count: z.number().int(),
    current_version_id: z.uuid(),
    /** Newest first. */
    versions: z.array(offerPriceVersionSchema),
    created_at: timestamp,
    updated_at: timestamp,
    archived_at: timestamp.nullable(),
  })
  .meta({ id: 'Offer' });
export type Offer = z.infer<typeof offerSchema>;

/** No place left for a new subscriber: the capacity counts subscribers of every version. */
export function isOfferFull(offer: Pick<Offer, 'capacity' | 'subscriber_count'>): boolean {
  return offer.capacity !== null && offer.subscriber_count >= offer.capacity;
}

export const OFFERS_PAGE_MAX = 100;

export const listOffersQuerySchema = z
  .object({
    status: z.enum(['active', 'archived', 'all']).default('active'),
    cursor: text().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(OFFERS_PAGE_MAX).default(20),
  })
  .strict();
export type ListOffersQuery = z.input<typeof listOffersQuerySchema>;

export const offerPageSchema = z
  .object({
    items: z.array(offerSchema),
    /** Pass as cursor for the next page; null on the last page. */
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'OfferPage' });
export type OfferPage = z.infer<typeof offerPageSchema>;

export const offerIdParamsSchema = z.object({ id: text().max(64) });

/**
 * Optional Idempotency-Key header: on POST /offers a retry with the same key (after a timeout or a
 * provider error) never makes a second offer nor second provider objects; on
 * GET /users/refresh-tokens the same rotation asked again is answered the same tokens (ADR 219).
 */
export const idempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .min(8)
    .max(200)
    .regex(/^[A-Za-z0-9_.:-]+$/)
    .optional(),
});
