import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './account-rules.js';
import { loginBodySchema } from './auth.js';

describe('the account rules without a schema', () => {
  it("checks an email as the API's schemas do", () => {
    const addresses = [
      'anna@example.com',
      "o'neil+nest@cafe.fr",
      'first.last@sub.example.org',
      '.anna@example.com',
      'anna..b@example.com',
      'anna@example',
      'anna@-example.com',
      'anna @example.com',
      `${'a'.repeat(242)}@example.com`,
      `${'a'.repeat(243)}@example.com`,
    ];
    for (const email of addresses) {
      const byApi = loginBodySchema.safeParse({ email, password: 'x' }).success;
      expect(EMAIL_PATTERN.test(email) && email.length <= EMAIL_MAX_LENGTH, email).toBe(byApi);
      expect(EMAIL_PATTERN.test(email), email).toBe(z.regexes.email.test(email));
    }
  });
});
