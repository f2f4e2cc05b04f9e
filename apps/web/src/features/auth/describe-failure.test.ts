import { describe, expect, it } from 'vitest';
import { ApiError, networkProblem, problemFromStatus } from '@/lib/api-error';
import { describeFailure } from './describe-failure';

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
    expect(describeFailure(error, fields, messageOf)).toEqual({
      form: undefined,
      fields: { password: 'Too easy to guess.' },
    });
  });

  it('puts an email already in use on the email field', () => {
    const error = apiError('email_taken', 409, 'An account already uses this email. Sign in instead.');
    expect(describeFailure(error, fields, messageOf)).toEqual({
      form: undefined,
      fields: { email: 'An account already uses this email. Sign in instead.' },
    });
  });

  it('words failures about the whole form (wrong credentials, fields the form does not have)', () => {
    expect(describeFailure(apiError('invalid_credentials', 401, 'Wrong.'), fields, messageOf)).toEqual({
      form: 'worded: invalid_credentials',
      fields: {},
    });
    const outside = apiError('validation_failed', 400, 'Check the fields.', [
      { field: 'email', message: 'Bad email' },
      { field: 'locale', message: 'Bad locale' },
    ]);
    expect(describeFailure(outside, fields, messageOf)).toEqual({
      form: 'worded: validation_failed',
      fields: { email: 'Bad email' },
    });
  });

  it('words failures that carried no problem document', () => {
    const offline = new ApiError(networkProblem('Failed to fetch'), request);
    expect(describeFailure(offline, fields, messageOf).form).toBe('worded: network_error');
    const proxy = new ApiError(problemFromStatus(502, 'Bad Gateway', '<html>'), request);
    expect(describeFailure(proxy, fields, messageOf).form).toBe('worded: internal_error');
    expect(describeFailure(new Error('boom'), fields, messageOf).form).toBe('worded: other');
  });
});
