import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, networkProblem, problemFromStatus } from '@/lib/api-error';
import en from '@/locales/en-US/auth.json';
import { describeFailure } from './describe-failure';

const request = { method: 'POST', url: '/api/v1/users' };
const fields = ['name', 'email', 'password'] as const;
const t = i18n.getFixedT('en-US', 'auth');

beforeAll(async () => {
  await i18n.init({ lng: 'en-US', resources: { 'en-US': { auth: en } }, interpolation: { escapeValue: false } });
});

function apiError(code: string, status: number, detail: string, errors?: { field: string; message: string }[]) {
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
  it('shows the API’s field messages next to their fields', () => {
    const error = apiError('weak_password', 422, 'Too easy to guess.', [
      { field: 'password', message: 'Too easy to guess.' },
    ]);
    expect(describeFailure(error, fields, t)).toEqual({ form: undefined, fields: { password: 'Too easy to guess.' } });
  });

  it('puts an email already in use on the email field', () => {
    const error = apiError('email_taken', 409, 'An account already uses this email. Sign in instead.');
    expect(describeFailure(error, fields, t).fields.email).toBe(
      'An account already uses this email. Sign in instead.',
    );
  });

  it('shows the API’s detail for the whole form (wrong credentials, too many attempts)', () => {
    expect(describeFailure(apiError('invalid_credentials', 401, 'Wrong.'), fields, t)).toEqual({
      form: 'Wrong.',
      fields: {},
    });
    const outside = apiError('validation_failed', 400, 'Check the fields.', [{ field: 'locale', message: 'Bad' }]);
    expect(describeFailure(outside, fields, t).form).toBe('Check the fields.');
  });

  it('uses the app’s own words when no problem document came back', () => {
    expect(describeFailure(new ApiError(networkProblem('Failed to fetch'), request), fields, t).form).toBe(
      en.errors.network,
    );
    expect(describeFailure(new ApiError(problemFromStatus(502, 'Bad Gateway', '<html>'), request), fields, t).form).toBe(
      en.errors.server,
    );
    expect(describeFailure(new Error('boom'), fields, t).form).toBe(en.errors.unexpected);
  });
});
