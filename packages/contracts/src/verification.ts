import { z } from 'zod';
import { PASS_CODE_LENGTH } from './checkout.js';
import { rewardRuleSchema, usageAllowanceSchema } from './offers.js';
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
  })
  .strict()
  .refine((body) => (body.token === undefined) !== (body.code === undefined), {
    message: 'Send a token or a code',
    path: ['code'],
  })
  .meta({ id: 'VerifyBody' });
export type VerifyBody = z.infer<typeof verifyBodySchema>;

export const verificationResultKindSchema = z.enum(['eligible', 'not_eligible']);
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
      })
      .nullable(),
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
  })
  .meta({ id: 'CheckIn' });
export type CheckIn = z.infer<typeof checkInSchema>;

export const checkInListSchema = z.object({ check_ins: z.array(checkInSchema) }).meta({ id: 'CheckInList' });
export type CheckInList = z.infer<typeof checkInListSchema>;

export const rewardIdParamsSchema = z.object({ id: text().max(64) });

export const redeemedRewardSchema = z
  .object({
    id: z.uuid(),
    reward_name: z.string(),
    earned_at: timestamp,
    redeemed_at: timestamp,
  })
  .meta({ id: 'RedeemedReward' });
export type RedeemedReward = z.infer<typeof redeemedRewardSchema>;
