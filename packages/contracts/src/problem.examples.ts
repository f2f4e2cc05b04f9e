import type { Problem } from './problem.js';

const problem = (status: number, code: string, title: string, detail: string): Problem => ({
  type: `https://nest.localhost/problems/${code.replaceAll('_', '-')}`,
  title,
  status,
  detail,
  code,
});

/**
 * One problem answer per status, shared by every operation that can give it (ADR 196): the most common
 * cause of each, in the words the API answers in English. `instance` (the request's path) is left out
 * since one example serves every path.
 */
const byStatus: Record<number, Problem> = {
  400: {
    ...problem(
      400,
      'validation_failed',
      'Invalid input',
      'Some fields are not valid. Check them and try again.',
    ),
    errors: [{ field: 'name', code: 'required', message: 'This field is required.' }],
  },
  401: problem(401, 'unauthenticated', 'Not signed in', 'You need to sign in to do this.'),
  402: problem(402, 'card_declined', 'Card declined', 'The card was declined: insufficient funds.'),
  403: problem(
    403,
    'foreign_origin',
    'Foreign origin',
    'This request came from another site and was refused.',
  ),
  404: problem(404, 'not_found', 'Not found', 'We could not find what you asked for.'),
  409: problem(409, 'conflict', 'Conflict', 'This conflicts with the current state. Reload and try again.'),
  410: problem(
    410,
    'export_expired',
    'Download link expired',
    'This download link has expired. Ask for a new export from your account.',
  ),
  422: problem(
    422,
    'refund_exceeds_payment',
    'Refund too large',
    'At most €9.50 of this payment is left to refund.',
  ),
  429: problem(429, 'rate_limited', 'Too many attempts', 'Too many attempts. Try again in 42 seconds.'),
  503: problem(
    503,
    'service_unavailable',
    'Service unavailable',
    'The service is temporarily unavailable. Try again in a moment.',
  ),
};

/**
 * The example of a problem answer of an operation, by who may call it (its OpenAPI `security`): with
 * an API key, the key is at fault (unknown, or without the scope the operation names); with a merchant
 * session only, a key is refused; otherwise the answer of the status.
 */
export function problemExample(status: number, security: unknown): Problem | undefined {
  const requirements = Array.isArray(security) ? (security as Record<string, string[]>[]) : [];
  const scopes = requirements.find((requirement) => requirement.bearerAuth)?.bearerAuth;
  if (scopes && status === 401) {
    return problem(
      401,
      'api_key_invalid',
      'Invalid API key',
      'This API key is unknown, revoked or expired. Create a new one in your settings.',
    );
  }
  if (scopes && status === 403) {
    return problem(
      403,
      'api_key_scope_missing',
      'Missing scope',
      `This API key does not have the ${scopes.join(' ')} scope this operation needs.`,
    );
  }
  if (requirements.some((requirement) => requirement.merchantSession) && status === 403) {
    return problem(
      403,
      'api_key_not_allowed',
      'Not available with an API key',
      'This operation needs a signed-in session; API keys cannot use it.',
    );
  }
  return byStatus[status];
}
