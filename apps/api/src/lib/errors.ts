import type { ErrorCode, FieldError } from '@nest/contracts';

const statusOf: Partial<Record<ErrorCode, number>> = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  invalid_refresh_token: 401,
  invalid_login_code: 401,
  pass_unavailable: 409,
  reward_already_redeemed: 409,
  undo_too_late: 409,
  check_in_not_undoable: 409,
  pay_now_not_needed: 409,
  forbidden: 403,
  foreign_origin: 403,
  plan_required: 403,
  not_found: 404,
  route_not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  email_taken: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  weak_password: 422,
  wrong_current_password: 422,
  invalid_reset_token: 422,
  payment_failed: 402,
  card_declined: 402,
  rate_limited: 429,
  internal_error: 500,
  provider_unavailable: 503,
  service_unavailable: 503,
  invalid_signature: 400,
  refund_exceeds_payment: 422,
  not_refundable: 409,
  subscription_ended: 409,
  active_subscribers: 409,
  export_expired: 410,
  wrong_email: 422,
  event_full: 409,
  event_canceled: 409,
  event_started: 409,
  registration_closed: 409,
  event_not_eligible: 403,
  guests_not_allowed: 409,
  capacity_below_registrations: 409,
  api_key_invalid: 401,
  api_key_not_allowed: 403,
  api_key_scope_missing: 403,
  api_key_plan_disabled: 403,
  api_keys_limit_reached: 409,
  webhook_url_refused: 422,
  webhook_endpoints_limit_reached: 409,
  pause_not_active: 409,
  pause_past_due: 409,
  pause_cancelling: 409,
  pause_trialing: 409,
  already_paused: 409,
  not_paused: 409,
  pause_not_offered: 403,
  pause_too_long: 422,
  pause_started: 409,
};

/**
 * The one error type of the API. Domain code throws it with a stable code; the error handler
 * turns it into an RFC 9457 problem in the caller's language.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly options: {
      status?: number;
      /** Values for the message placeholders ({{reason}}, {{plan}}...). */
      params?: Record<string, string | number>;
      /** Failing fields, for validation problems. */
      fields?: FieldError[];
      /** Extra headers, such as Retry-After. */
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(code, { cause: options.cause });
    this.name = 'AppError';
    this.status = options.status ?? statusOf[code] ?? 400;
  }
}

export const notFound = () => new AppError('not_found');
export const unauthenticated = () => new AppError('unauthenticated');
