import { z } from 'zod';

/** Stable error codes. The API and the web app agree on these; the words live in each side's catalogue. */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'foreign_origin',
  'not_found',
  'route_not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
  'service_unavailable',
  // accounts
  'email_taken',
  'weak_password',
  'invalid_credentials',
  'invalid_refresh_token',
  'invalid_reset_token',
  'wrong_current_password',
  // payments
  'payment_failed',
  'card_declined',
  'provider_unavailable',
  'plan_required',
  'invalid_signature',
  'provider_error',
  'insufficient_funds',
  'plan_exists',
  'plan_missing',
  'plan_not_active',
  'no_unpaid_invoice',
  // nests and offers
  'nest_exists',
  'nest_required',
  'payout_account_required',
  'unsupported_image',
  'invalid_image',
  'image_too_large',
  // links and customer checkout
  'link_limit_reached',
  'offer_archived',
  'payouts_not_enabled',
  'offer_at_capacity',
  'revenue_limit_reached',
  'price_changed',
  // customer area
  'invalid_login_code',
  'pass_unavailable',
  // verification at the counter
  'reward_already_redeemed',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const fieldErrorSchema = z.object({
  field: z.string(),
  code: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** RFC 9457 problem details, plus a stable code and, for validation, the failing fields. */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string(),
    instance: z.string().optional(),
    errors: z.array(fieldErrorSchema).optional(),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof problemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
