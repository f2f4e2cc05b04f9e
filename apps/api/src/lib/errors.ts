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
