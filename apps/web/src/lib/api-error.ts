import type { ErrorCode, Problem } from '@nest/contracts';

/** A code the web client uses when no response arrived at all (offline, DNS, connection reset). */
export const NETWORK_ERROR_CODE = 'network_error';

/** Every failed API call throws this: the HTTP status and the RFC 9457 problem document. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly problem: Problem;
  readonly method: string;
  readonly url: string;

  constructor(problem: Problem, request: { method: string; url: string }, options?: { cause?: unknown }) {
    super(problem.detail || problem.title, options);
    this.status = problem.status;
    this.problem = problem;
    this.method = request.method;
    this.url = request.url;
  }

  get code(): string {
    return this.problem.code;
  }

  /** True when the request never got an answer. */
  get isNetworkError(): boolean {
    return this.problem.code === NETWORK_ERROR_CODE;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A structural check instead of the zod schema: keeps zod out of the first-load bundle. */
export function isProblem(value: unknown): value is Problem {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.type === 'string' &&
    typeof v.title === 'string' &&
    typeof v.status === 'number' &&
    typeof v.detail === 'string' &&
    typeof v.code === 'string' &&
    (v.errors === undefined || Array.isArray(v.errors))
  );
}

const codeByStatus: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'rate_limited',
  503: 'service_unavailable',
};

/**
 * A problem document for an error answer that did not carry one (a proxy's HTML 502 page, an empty
 * 503), so callers always handle one shape.
 */
export function problemFromStatus(status: number, statusText: string, detail = ''): Problem {
  return {
    type: 'about:blank',
    title: statusText || (status >= 500 ? 'Server Error' : 'Request Error'),
    status,
    detail,
    code: codeByStatus[status] ?? (status >= 500 ? 'internal_error' : 'bad_request'),
  };
}

export function networkProblem(detail: string): Problem {
  return { type: 'about:blank', title: 'Network Error', status: 0, detail, code: NETWORK_ERROR_CODE };
}
