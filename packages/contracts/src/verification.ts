import { z } from 'zod';
import { PASS_CODE_LENGTH } from './checkout.js';
import { eventDoorSchema } from './events.js';
import { earnedRewardSchema, rewardRuleSchema, usageAllowanceSchema } from './offers.js';
import { subscriptionStatusSchema } from './plans.js';
import { text } from './text.js';

/**
 * Verification at the counter (POST /api/v1/nests/me/verifications): the merchant scans a
 * customer's pass (the QR code's signed token) or types its 8-character human code, and gets the
 * answer: may this person have what the subscription grants, now?
 */
export const VERIFICATION_TOKEN_MAX_LENGTH = 200;
export const VERIFICATION_CODE_MAX_LENGTH = 32;
export const VERIFICATIONS_PAGE_MAX = 100;
export const VERIFICATIONS_PAGE_DEFAULT = 20;
/** An eligible check-in of the same subscription this recently is a repeat (a double scan): it uses nothing. */
export const CHECK_IN_REPEAT_SECONDS = 5 * 60;
/** A check-in can be undone from the recent check-ins list this long after it was recorded. */
export const CHECK_IN_UNDO_SECONDS = 2 * 60;
/** A counter search looks for at least this many characters of a name or an email. */
export const COUNTER_SEARCH_MIN_LENGTH = 2;
export const COUNTER_SEARCH_MAX_LENGTH = 100;
/** At most this many customers answer a counter search: the merchant narrows it by typing more. */
export const COUNTER_SEARCH_MAX_RESULTS = 10;

/** A typed code without its separators: what is compared (look-alikes are mapped by the API). */
export const canonicalPassCodeInput = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

export const verifyBodySchema = z
  .object({
    /** The token the pass's QR code carries. */
    token: text().trim().min(1).max(VERIFICATION_TOKEN_MAX_LENGTH).optional(),
    /** The pass's human code, as typed: case, spaces and dashes do not matter. */
    code: text()
      .max(VERIFICATION_CODE_MAX_LENGTH)
      .refine((code) => /^[0-9A-Za-z]+$/.test(canonicalPassCodeInput(code)), {
        message: 'Use letters and digits only',
      })
      .refine((code) => canonicalPassCodeInput(code).length === PASS_CODE_LENGTH, {
        message: `Enter the ${PASS_CODE_LENGTH} characters of the code`,
      })
      .optional(),
    /** A subscription of the nest the merchant picked from a search (the customer has no phone). */
    subscription_id: z.uuid().optional(),
  })
  .strict()
  .refine(
    (body) =>
      [body.token, body.code, body.subscription_id].filter((value) => value !== undefined).length === 1,
    { message: 'Send a token, a code or a subscription id', path: ['code'] },
  )
  .meta({ id: 'VerifyBody' });
export type VerifyBody = z.infer<typeof verifyBodySchema>;

/**
 * Green, amber, red. `grace`: past due but within the offer's grace days — let them in (the check-in
 * counts) and ask them to pay; the reason is then `past_due`.
 */
export const verificationResultKindSchema = z
  .enum(['eligible', 'grace', 'not_eligible'])
  .meta({ id: 'VerificationResult' });
export type VerificationResultKind = z.infer<typeof verificationResultKindSchema>;

/** Why the answer is no. The pass reasons say nothing about whose pass it might be. */
export const verificationReasonSchema = z
  .enum([
    'past_due',
    'unpaid',
    'canceled',
    'incomplete',
    /** The paid period is over (cancelled at its end, or not renewed yet). */
    'ended',
    'usage_exhausted',
    /** Paused by the merchant or the customer (ADR 150): see paused_until. */
    'paused',
    'expired_pass',
    /** Forged, damaged, or not a pass of this nest. */
    'invalid_pass',
    /** No pass of this nest has this code now. */
    'unknown_code',
  ])
  .meta({ id: 'VerificationReason' });
export type VerificationReason = z.infer<typeof verificationReasonSchema>;

const timestamp = z.iso.datetime({ offset: true });

export const waitingRewardSchema = z
  .object({ id: z.uuid(), reward_name: z.string(), earned_at: timestamp })
  .meta({ id: 'WaitingReward' });
export type WaitingReward = z.infer<typeof waitingRewardSchema>;

export const redeemedRewardSchema = z
  .object({
    id: z.uuid(),
    reward_name: z.string(),
    earned_at: timestamp,
    redeemed_at: timestamp,
  })
  .meta({ id: 'RedeemedReward' });
export type RedeemedReward = z.infer<typeof redeemedRewardSchema>;

export const verificationSchema = z
  .object({
    /** The check-in recorded for this verification. */
    id: z.uuid(),
    result: verificationResultKindSchema,
    reason: verificationReasonSchema.nullable(),
    /** The same subscription was let in less than 5 minutes ago: this one used nothing. */
    repeat: z.boolean(),
    checked_at: timestamp,
    /** Null when the pass named no subscription of the nest. */
    customer: z.object({ name: z.string().nullable() }).nullable(),
    offer: z.object({ name: z.string(), grants: z.string() }).nullable(),
    subscription: z
      .object({
        id: z.uuid(),
        status: subscriptionStatusSchema,
        current_period_end: timestamp.nullable(),
        cancel_at_period_end: z.boolean(),
        /** Amber until then (the offer's grace days after the failed payment); null otherwise. */
        grace_until: timestamp.nullable(),
        /** Paused (ADR 150): let in again from then; null when not paused now. */
        paused_until: timestamp.nullable(),
        /** The customer can be emailed the pay-now link from the counter (past due or unpaid). */
        can_pay_now: z.boolean(),
      })
      .nullable(),
    /** Today's events of the nest and whether this customer is registered and admitted (Pro, Enterprise). */
    events: z.array(eventDoorSchema),
    /** After this check-in. Null without an allowance on the offer. */
    usage: z
      .object({ allowance: usageAllowanceSchema, used: z.number().int(), left: z.number().int() })
      .nullable(),
    /** Check-in or paid-period reward progress (Pro and Enterprise), and rewards earned but not redeemed. */
    reward: z
      .object({
        rule: rewardRuleSchema,
        progress: z.number().int(),
        target: z.number().int(),
        earned_now: z.boolean(),
        waiting: z.array(waitingRewardSchema),
        /** The latest rewards already handed over (at most 5), newest first. */
        redeemed: z.array(redeemedRewardSchema),
      })
      .nullable(),
  })
  .meta({ id: 'Verification' });
export type Verification = z.infer<typeof verificationSchema>;

export const checkInsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(VERIFICATIONS_PAGE_MAX).default(VERIFICATIONS_PAGE_DEFAULT),
});

export const checkInSchema = z
  .object({
    id: z.uuid(),
    checked_at: timestamp,
    result: verificationResultKindSchema,
    reason: verificationReasonSchema.nullable(),
    repeat: z.boolean(),
    customer_name: z.string().nullable(),
    offer_name: z.string().nullable(),
    /** Until when it can be undone (2 minutes after it); null when it cannot be (a refusal, a repeat, undone). */
    undo_until: timestamp.nullable(),
    /** When it was undone at the counter; it then used nothing. */
    undone_at: timestamp.nullable(),
    /** Given by a counter without the network and sent when it came back (ADR 185). */
    offline: z.boolean(),
    /**
     * Let in offline although the server would have refused it, and why (ADR 185): `usage_exhausted`
     * (the allowance was used meanwhile, on another device perhaps), `canceled`, `past_due`… It used
     * nothing. Null otherwise.
     */
    accepted_offline: verificationReasonSchema.nullable(),
  })
  .meta({ id: 'CheckIn' });
export type CheckIn = z.infer<typeof checkInSchema>;

export const checkInListSchema = z.object({ check_ins: z.array(checkInSchema) }).meta({ id: 'CheckInList' });
export type CheckInList = z.infer<typeof checkInListSchema>;

export const rewardIdParamsSchema = z.object({ id: text().max(64) });

export const checkInIdParamsSchema = z.object({ id: text().max(64) });

/** GET /nests/me/verifications/customers?q=: find a customer at the counter without their phone. */
export const counterSearchQuerySchema = z.object({
  q: text().trim().min(COUNTER_SEARCH_MIN_LENGTH).max(COUNTER_SEARCH_MAX_LENGTH),
});

/** One subscription of a found customer, with the answer the counter would give now (nothing recorded). */
export const counterSubscriptionSchema = z
  .object({
    id: z.uuid(),
    offer_name: z.string(),
    status: subscriptionStatusSchema,
    result: verificationResultKindSchema,
    reason: verificationReasonSchema.nullable(),
    grace_until: timestamp.nullable(),
    /** Paused (ADR 150): let in again from then; null when not paused now. */
    paused_until: timestamp.nullable(),
    can_pay_now: z.boolean(),
    /** Uses left in the current window; null without an allowance. */
    usage_left: z.number().int().nullable(),
    /** Rewards waiting to be handed over. */
    waiting_rewards: z.number().int(),
  })
  .meta({ id: 'CounterSubscription' });
export type CounterSubscription = z.infer<typeof counterSubscriptionSchema>;

export const counterSearchResultSchema = z
  .object({
    customers: z.array(
      z.object({
        id: z.uuid(),
        name: z.string().nullable(),
        email: z.string(),
        subscriptions: z.array(counterSubscriptionSchema),
      }),
    ),
  })
  .meta({ id: 'CounterSearchResult' });
export type CounterSearchResult = z.infer<typeof counterSearchResultSchema>;

/** The pay-now email was queued: to whom (the address as the merchant may see it) and when. */
export const payNowEmailSchema = z
  .object({ subscription_id: z.uuid(), sent_to: z.string(), sent_at: timestamp })
  .meta({ id: 'PayNowEmail' });
export type PayNowEmail = z.infer<typeof payNowEmailSchema>;

/** A subscription's rewards for the merchant (the customer's detail): waiting first, then redeemed. */
export const subscriptionRewardsSchema = z
  .object({ rewards: z.array(earnedRewardSchema) })
  .meta({ id: 'SubscriptionRewards' });
export type SubscriptionRewards = z.infer<typeof subscriptionRewardsSchema>;
