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
  'refund_exceeds_payment',
  'not_refundable',
  'subscription_ended',
  // pauses (ADR 150)
  'pause_not_active',
  'pause_past_due',
  'pause_cancelling',
  'pause_trialing',
  'already_paused',
  'not_paused',
  'pause_not_offered',
  'pause_too_long',
  'pause_started',
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
  'undo_too_late',
  'check_in_not_undoable',
  'pay_now_not_needed',
  // receipts
  'invoice_not_paid',
  'vat_number_required',
  // data protection
  'active_subscribers',
  'export_expired',
  'wrong_email',
  // events
  'event_full',
  'event_canceled',
  'event_started',
  'registration_closed',
  'event_not_eligible',
  'guests_not_allowed',
  'capacity_below_registrations',
  // API keys and outgoing webhooks
  'api_key_invalid',
  'api_key_not_allowed',
  'api_key_scope_missing',
  'api_key_plan_disabled',
  'api_keys_limit_reached',
  'webhook_url_refused',
  'webhook_endpoints_limit_reached',
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
