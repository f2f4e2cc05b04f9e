import type { Problem } from '@nest/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, isApiError, networkProblem, problemFromStatus } from './api-error';
import { formFailure } from './form-failure';

// A profile or password save (features/merchants).
const saveRequest = { method: 'PATCH', url: '/api/v1/users/x' };
const problem = (changes: Partial<Problem>): Problem => ({
  type: 'https://nest.example/problems/validation_failed',
  title: 'Invalid',
  status: 422,
  detail: 'Check the fields.',
  code: 'validation_failed',
  ...changes,
});
const names = ['name', 'email'] as const;
/** Stands in for the app's wording of failed calls: the API's detail, or "offline" without an answer. */
const describe_ = (error: unknown) =>
  isApiError(error) && !error.isNetworkError ? error.problem.detail : 'offline';

describe('where a failed save is shown on the form', () => {
  it('puts field errors under their fields, in the API’s words', () => {
    const error = new ApiError(
      problem({ errors: [{ field: 'email', code: 'invalid', message: 'Adresse invalide' }] }),
      saveRequest,
    );
    expect(formFailure(error, names, describe_)).toEqual({
      form: undefined,
      fields: { email: 'Adresse invalide' },
    });
  });

  it('puts a whole-request failure about one field under that field', () => {
    const error = new ApiError(
      problem({ status: 409, code: 'email_taken', detail: 'This email is taken.', errors: undefined }),
      saveRequest,
    );
    expect(formFailure(error, names, describe_, { email_taken: 'email' })).toEqual({
      form: undefined,
      fields: { email: 'This email is taken.' },
    });
  });

  it('shows anything else above the button', () => {
    const error = new ApiError(
      problem({ status: 429, code: 'rate_limited', detail: 'Too many tries.' }),
      saveRequest,
    );
    expect(formFailure(error, names, describe_)).toEqual({ form: 'Too many tries.', fields: {} });
    expect(
      formFailure(new ApiError(networkProblem('Failed to fetch'), saveRequest), names, describe_),
    ).toEqual({
      form: 'offline',
      fields: {},
    });
  });
});

// A sign-up, log-in or password reset (features/auth).
const request = { method: 'POST', url: '/api/v1/users' };
const fields = ['name', 'email', 'password'] as const;
/** Stands in for the app's wording of failed calls (lib/api-error-message.ts). */
const messageOf = (error: unknown) => (error instanceof ApiError ? `worded: ${error.code}` : 'worded: other');

function apiError(
  code: string,
  status: number,
  detail: string,
  errors?: { field: string; message: string }[],
) {
  return new ApiError(
    {
      type: `https://nest.localhost/problems/${code}`,
      title: code,
      status,
      detail,
      code,
      ...(errors ? { errors: errors.map((e) => ({ ...e, code })) } : {}),
    },
    request,
  );
}

describe('what a failed call says on a form', () => {
  it('shows the API’s field messages next to their fields, and nothing above the form', () => {
    const error = apiError('weak_password', 422, 'Too easy to guess.', [
      { field: 'password', message: 'Too easy to guess.' },
    ]);
    expect(formFailure(error, fields, messageOf)).toEqual({
      form: undefined,
      fields: { password: 'Too easy to guess.' },
    });
  });

  it('puts an email already in use on the email field', () => {
    const error = apiError('email_taken', 409, 'An account already uses this email. Sign in instead.');
    expect(formFailure(error, fields, messageOf, { email_taken: 'email' })).toEqual({
      form: undefined,
      fields: { email: 'An account already uses this email. Sign in instead.' },
    });
  });

  it('words failures about the whole form (wrong credentials, fields the form does not have)', () => {
    expect(formFailure(apiError('invalid_credentials', 401, 'Wrong.'), fields, messageOf)).toEqual({
      form: 'worded: invalid_credentials',
      fields: {},
    });
    const outside = apiError('validation_failed', 400, 'Check the fields.', [
      { field: 'email', message: 'Bad email' },
      { field: 'locale', message: 'Bad locale' },
    ]);
    expect(formFailure(outside, fields, messageOf)).toEqual({
      form: 'worded: validation_failed',
      fields: { email: 'Bad email' },
    });
  });

  it('words failures that carried no problem document', () => {
    const offline = new ApiError(networkProblem('Failed to fetch'), request);
    expect(formFailure(offline, fields, messageOf).form).toBe('worded: network_error');
    const proxy = new ApiError(problemFromStatus(502, 'Bad Gateway', '<html>'), request);
    expect(formFailure(proxy, fields, messageOf).form).toBe('worded: internal_error');
    expect(formFailure(new Error('boom'), fields, messageOf).form).toBe('worded: other');
  });
});
