import type { Problem } from '@nest/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, networkProblem } from '@/lib/api-error';
import { formFailure } from './form-failure';

const request = { method: 'PATCH', url: '/api/v1/users/x' };
const problem = (changes: Partial<Problem>): Problem => ({
  type: 'https://nest.example/problems/validation_failed',
  title: 'Invalid',
  status: 422,
  detail: 'Check the fields.',
  code: 'validation_failed',
  ...changes,
});
const names = ['name', 'email'] as const;
const describe_ = () => 'offline';

describe('where a failed save is shown on the form', () => {
  it('puts field errors under their fields, in the API’s words', () => {
    const error = new ApiError(
      problem({ errors: [{ field: 'email', code: 'invalid', message: 'Adresse invalide' }] }),
      request,
    );
    expect(formFailure(error, names, {}, describe_)).toEqual({
      form: undefined,
      fields: { email: 'Adresse invalide' },
    });
  });

  it('puts a whole-request failure about one field under that field', () => {
    const error = new ApiError(
      problem({ status: 409, code: 'email_taken', detail: 'This email is taken.', errors: undefined }),
      request,
    );
    expect(formFailure(error, names, { email_taken: 'email' }, describe_)).toEqual({
      form: undefined,
      fields: { email: 'This email is taken.' },
    });
  });

  it('shows anything else above the button', () => {
    const error = new ApiError(
      problem({ status: 429, code: 'rate_limited', detail: 'Too many tries.' }),
      request,
    );
    expect(formFailure(error, names, {}, describe_)).toEqual({ form: 'Too many tries.', fields: {} });
    expect(
      formFailure(new ApiError(networkProblem('Failed to fetch'), request), names, {}, describe_),
    ).toEqual({
      form: 'offline',
      fields: {},
    });
  });
});
